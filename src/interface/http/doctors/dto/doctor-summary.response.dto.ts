import { ApiProperty } from '@nestjs/swagger';
import { DirectorySummary } from '../../../../application/doctors/get-doctor-summary.use-case';

export class SpecialtyCountDto {
  @ApiProperty()
  specialty!: string;
  @ApiProperty({ type: 'integer' })
  count!: number;
}

export class FreshnessCountsDto {
  @ApiProperty({ type: 'integer' })
  fresh!: number;
  @ApiProperty({ type: 'integer' })
  stale!: number;
  @ApiProperty({ type: 'integer' })
  unknown!: number;
  @ApiProperty({ description: '(fresh + stale) / totalDoctors x 100, one decimal' })
  coveragePct!: number;
}

export class DoctorSummaryDto {
  @ApiProperty({ type: 'integer' })
  totalDoctors!: number;
  @ApiProperty({ type: 'integer' })
  acceptingNewPatients!: number;
  @ApiProperty({ type: [SpecialtyCountDto] })
  bySpecialty!: SpecialtyCountDto[];
  @ApiProperty({ type: FreshnessCountsDto })
  dataFreshness!: FreshnessCountsDto;

  static from(s: DirectorySummary): DoctorSummaryDto {
    return {
      ...s,
      bySpecialty: s.bySpecialty.map((b) => ({ ...b })),
      dataFreshness: { ...s.dataFreshness },
    };
  }
}
