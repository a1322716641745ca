import { ApiProperty } from '@nestjs/swagger';
import { ReviewDto } from '../../common/review.dto';

export class DoctorReviewsDto {
  @ApiProperty()
  doctorCpso!: string;
  @ApiProperty({ type: [ReviewDto] })
  reviews!: ReviewDto[];
  @ApiProperty({ type: 'integer' })
  total!: number;
  @ApiProperty({ type: 'integer' })
  count!: number;
}
