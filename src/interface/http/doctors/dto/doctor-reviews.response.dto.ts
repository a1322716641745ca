import { ApiProperty } from '@nestjs/swagger';
import { DoctorReviewDto } from '../../common/review.dto';
import { NEXT_CURSOR_DOC } from '../../common/next-cursor.dto';

export class DoctorReviewsDto {
  @ApiProperty()
  doctorCpso!: string;
  @ApiProperty({ type: [DoctorReviewDto] })
  reviews!: DoctorReviewDto[];
  @ApiProperty({ type: 'integer' })
  total!: number;
  @ApiProperty({ type: 'integer' })
  count!: number;
  @ApiProperty(NEXT_CURSOR_DOC)
  nextCursor!: string | null;
}
