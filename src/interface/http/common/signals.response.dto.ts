import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { REVIEW_DIMENSIONS, ReviewDimension } from '../../../domain/reviews/review';
import { Signal } from '../../../domain/reviews/signals';

export class SignalDto {
  @ApiProperty({ enum: REVIEW_DIMENSIONS })
  dimension!: ReviewDimension;
  @ApiProperty({ type: 'integer' })
  count!: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Rounded to 2 decimals; null below the minimum sample',
  })
  avgRating!: number | null;
  @ApiProperty()
  sufficient!: boolean;
}

export class SignalsDto {
  @ApiPropertyOptional()
  cpsoNumber?: string;
  @ApiPropertyOptional({ format: 'uuid' })
  clinicId?: string;
  @ApiProperty({ type: 'integer' })
  minSample!: number;
  @ApiProperty({ type: 'integer' })
  reviewCount!: number;
  @ApiProperty({ type: [SignalDto] })
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
