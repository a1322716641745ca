import { ApiProperty } from '@nestjs/swagger';
import { DATA_VERSION_DOC } from '../../common/data-version.doc';
import { DoctorReviewDto } from '../../common/review.dto';
import { NEXT_CURSOR_DOC } from '../../common/next-cursor.dto';

export class DoctorReviewsDto {
  @ApiProperty({ description: 'CPSO number of the doctor', example: '920479' })
  doctorCpso!: string;
  @ApiProperty({ type: [DoctorReviewDto], description: 'The reviews of this page, newest first' })
  reviews!: DoctorReviewDto[];
  @ApiProperty({ type: 'integer', description: 'All reviews of the doctor', example: 8 })
  total!: number;
  @ApiProperty({ type: 'integer', description: 'Reviews in this page', example: 2 })
  count!: number;
  @ApiProperty(NEXT_CURSOR_DOC)
  nextCursor!: string | null;
  /** Set by the sync module's interceptor (DataVersionInterceptor), on every list answer. */
  @ApiProperty(DATA_VERSION_DOC)
  dataVersion?: string;
}
