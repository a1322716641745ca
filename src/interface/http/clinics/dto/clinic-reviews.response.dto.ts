import { ApiProperty } from '@nestjs/swagger';
import { DATA_VERSION_DOC } from '../../common/data-version.doc';
import { REVIEW_DIMENSIONS, ReviewDimension } from '../../../../domain/reviews/review';
import { ReviewDto } from '../../common/review.dto';
import { NEXT_CURSOR_DOC } from '../../common/next-cursor.dto';

export class DimensionAggregateDto {
  @ApiProperty({ enum: REVIEW_DIMENSIONS, description: 'What the reviews rated', example: 'staff' })
  dimension!: ReviewDimension;
  @ApiProperty({ description: 'Average rating of this dimension, 1 to 5', example: 3.75 })
  avgRating!: number;
  @ApiProperty({ type: 'integer', description: 'Reviews that rated this dimension', example: 4 })
  count!: number;
}

export class ClinicReviewAggregateDto {
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Average overall rating, 1 to 5; null when the clinic has no reviews',
    example: 4.5,
  })
  avgRating!: number | null;
  @ApiProperty({ type: 'integer', description: 'All reviews of the clinic', example: 6 })
  count!: number;
  @ApiProperty({
    type: [DimensionAggregateDto],
    description: 'Dimensions that have ratings, in enumeration order',
  })
  byDimension!: DimensionAggregateDto[];
}

export class ClinicReviewsDto {
  @ApiProperty({
    format: 'uuid',
    description: 'The clinic',
    example: '7eb8ff8c-5e3d-477e-bc00-4a0c1b9c89aa',
  })
  clinicId!: string;
  @ApiProperty({
    type: ClinicReviewAggregateDto,
    description: 'Over all the clinic’s reviews, not only this page',
  })
  aggregate!: ClinicReviewAggregateDto;
  @ApiProperty({ type: [ReviewDto], description: 'The reviews of this page, newest first' })
  reviews!: ReviewDto[];
  @ApiProperty({ type: 'integer', description: 'All reviews of the clinic', example: 6 })
  total!: number;
  @ApiProperty({ type: 'integer', description: 'Reviews in this page', example: 2 })
  count!: number;
  @ApiProperty(NEXT_CURSOR_DOC)
  nextCursor!: string | null;
  /** Set by the sync module's interceptor (DataVersionInterceptor), on every list answer. */
  @ApiProperty(DATA_VERSION_DOC)
  dataVersion?: string;
}
