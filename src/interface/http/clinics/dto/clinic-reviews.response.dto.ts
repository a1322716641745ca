import { ApiProperty } from '@nestjs/swagger';
import { REVIEW_DIMENSIONS, ReviewDimension } from '../../../../domain/reviews/review';
import { ReviewDto } from '../../common/review.dto';
import { NEXT_CURSOR_DOC } from '../../common/next-cursor.dto';

export class DimensionAggregateDto {
  @ApiProperty({ enum: REVIEW_DIMENSIONS })
  dimension!: ReviewDimension;
  @ApiProperty()
  avgRating!: number;
  @ApiProperty({ type: 'integer' })
  count!: number;
}

export class ClinicReviewAggregateDto {
  @ApiProperty({ type: Number, nullable: true, description: 'null when the clinic has no reviews' })
  avgRating!: number | null;
  @ApiProperty({ type: 'integer' })
  count!: number;
  @ApiProperty({
    type: [DimensionAggregateDto],
    description: 'Dimensions that have ratings, in enumeration order',
  })
  byDimension!: DimensionAggregateDto[];
}

export class ClinicReviewsDto {
  @ApiProperty({ format: 'uuid' })
  clinicId!: string;
  @ApiProperty({ type: ClinicReviewAggregateDto })
  aggregate!: ClinicReviewAggregateDto;
  @ApiProperty({ type: [ReviewDto] })
  reviews!: ReviewDto[];
  @ApiProperty({ type: 'integer' })
  total!: number;
  @ApiProperty({ type: 'integer' })
  count!: number;
  @ApiProperty(NEXT_CURSOR_DOC)
  nextCursor!: string | null;
}
