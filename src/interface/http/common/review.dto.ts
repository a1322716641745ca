import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Review } from '../../../domain/reviews/review';

export class ReviewDto {
  @ApiProperty({ description: 'Abbreviated display name', example: 'Philippe A.' })
  author!: string;
  @ApiProperty({
    type: 'integer',
    minimum: 1,
    maximum: 5,
    description: 'Overall rating, 1 to 5',
    example: 5,
  })
  rating!: number;
  @ApiProperty({
    description: 'The review as written',
    example: 'Glad I found this clinic. Easy to book and they called back the same day.',
  })
  text!: string;
  @ApiProperty({ format: 'date', description: 'Date of the review', example: '2026-04-25' })
  date!: string;
  @ApiPropertyOptional({
    type: String,
    format: 'uri',
    nullable: true,
    description: 'Where the review was published, when known',
    example: 'https://reviews.example.org/clinics/7eb8ff8c-5e3d-477e-bc00-4a0c1b9c89aa/reviews/4',
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
  @ApiProperty({ description: 'Abbreviated display name', example: 'Elana W.' })
  author!: string;
  @ApiProperty({
    type: 'integer',
    minimum: 1,
    maximum: 5,
    description: 'Overall rating, 1 to 5',
    example: 5,
  })
  rating!: number;
  @ApiProperty({
    description: 'The review as written',
    example: 'Very happy with Dr. Leblanc. Remembers my history without having to look it up.',
  })
  text!: string;
  @ApiProperty({ format: 'date', description: 'Date of the review', example: '2026-07-04' })
  date!: string;
  @ApiProperty({
    type: String,
    format: 'uri',
    description: 'Where the review was published',
    example: 'https://reviews.example.org/doctors/920479/reviews/1',
  })
  sourceUrl!: string;

  /** Doctor reviews always have one (a check constraint on reviews, migration 1763900000000). */
  static from(r: Review): DoctorReviewDto {
    return { ...ReviewDto.from(r), sourceUrl: r.sourceUrl! };
  }
}
