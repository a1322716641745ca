import { ApiProperty } from '@nestjs/swagger';
import { DoctorReviewDto } from '../../common/review.dto';

export class DoctorReviewsDto {
  @ApiProperty()
  doctorCpso!: string;
  @ApiProperty({ type: [DoctorReviewDto] })
  reviews!: DoctorReviewDto[];
  @ApiProperty({ type: 'integer' })
  total!: number;
  @ApiProperty({ type: 'integer' })
  count!: number;
}
