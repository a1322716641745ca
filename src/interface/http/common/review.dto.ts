import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Review } from '../../../domain/reviews/review';

export class ReviewDto {
  @ApiProperty({ description: 'Abbreviated display name', example: 'Maria G.' })
  author!: string;
  @ApiProperty({ type: 'integer', minimum: 1, maximum: 5, example: 5 })
  rating!: number;
  @ApiProperty({
    example: 'Listens carefully and never rushes; the front desk calls back the same day.',
  })
  text!: string;
  @ApiProperty({ format: 'date', example: '2026-03-14' })
  date!: string;
  @ApiPropertyOptional({
    type: String,
    format: 'uri',
    nullable: true,
    description: 'Where the review was published, when known',
    example: 'https://reviews.example.org/r/4821',
  })
  sourceUrl?: string | null;

  static from(r: Review): ReviewDto {
    return {
      author: r.author,
      rating: r.rating,
      text: r.text,
      date: r.date,
      sourceUrl: r.sourceUrl,
    };
  }
}

/** A review from GET /doctors/{cpso}/reviews: api-v1.md requires its `sourceUrl`. */
export class DoctorReviewDto {
  @ApiProperty({ description: 'Abbreviated display name', example: 'Maria G.' })
  author!: string;
  @ApiProperty({ type: 'integer', minimum: 1, maximum: 5, example: 5 })
  rating!: number;
  @ApiProperty({
    example: 'Listens carefully and never rushes; the front desk calls back the same day.',
  })
  text!: string;
  @ApiProperty({ format: 'date', example: '2026-03-14' })
  date!: string;
  @ApiProperty({
    type: String,
    format: 'uri',
    description: 'Where the review was published',
    example: 'https://reviews.example.org/r/4821',
  })
  sourceUrl!: string;

  /** Doctor reviews always have one (a check constraint on reviews, migration 1763900000000). */
  static from(r: Review): DoctorReviewDto {
    return { ...ReviewDto.from(r), sourceUrl: r.sourceUrl! };
  }
}
