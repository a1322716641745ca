import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Review } from '../../../domain/reviews/review';

export class ReviewDto {
  @ApiProperty({ description: 'Abbreviated display name', example: 'Maria G.' })
  author!: string;
  @ApiProperty({ type: 'integer', minimum: 1, maximum: 5 })
  rating!: number;
  @ApiProperty()
  text!: string;
  @ApiProperty({ format: 'date', example: '2026-03-14' })
  date!: string;
  @ApiPropertyOptional({ format: 'uri', nullable: true })
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
