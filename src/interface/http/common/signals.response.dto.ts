import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { REVIEW_DIMENSIONS, ReviewDimension } from '../../../domain/reviews/review';
import { Signal } from '../../../domain/reviews/signals';

export class SignalDto {
  @ApiProperty({
    enum: REVIEW_DIMENSIONS,
    description: 'What the reviews rated',
    example: 'punctuality',
  })
  dimension!: ReviewDimension;
  @ApiProperty({ type: 'integer', description: 'Reviews that rated this dimension', example: 6 })
  count!: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Average, 1 to 5, rounded to 2 decimals; null below the minimum sample',
    example: 4.17,
  })
  avgRating!: number | null;
  @ApiProperty({
    description: 'Whether `count` reaches `minSample` (then `avgRating` is set)',
    example: true,
  })
  sufficient!: boolean;
}

export class SignalsDto {
  @ApiPropertyOptional({
    description: 'The doctor (doctor signals only)',
    example: '920479',
  })
  cpsoNumber?: string;
  @ApiPropertyOptional({
    format: 'uuid',
    description: 'The clinic (clinic signals only)',
    example: '7eb8ff8c-5e3d-477e-bc00-4a0c1b9c89aa',
  })
  clinicId?: string;
  @ApiProperty({
    type: 'integer',
    description: 'Ratings a dimension needs before its average is shown (SIGNALS_MIN_SAMPLE)',
    example: 5,
  })
  minSample!: number;
  @ApiProperty({ type: 'integer', description: 'All reviews of the doctor or clinic', example: 8 })
  reviewCount!: number;
  @ApiProperty({
    type: [SignalDto],
    description: 'One entry per dimension: punctuality, helpfulness, knowledge, staff',
  })
  signals!: SignalDto[];

  static from(s: {
    cpsoNumber?: string;
    clinicId?: string;
    minSample: number;
    reviewCount: number;
    signals: Signal[];
  }): SignalsDto {
    return { ...s, signals: s.signals.map((x) => ({ ...x })) };
  }
}
