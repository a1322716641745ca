import { ApiProperty } from '@nestjs/swagger';
import { DirectorySummary } from '../../../../application/doctors/get-doctor-summary.use-case';

export class SpecialtyCountDto {
  @ApiProperty({ description: 'Specialty name', example: 'Family Medicine' })
  specialty!: string;
  @ApiProperty({
    type: 'integer',
    description: 'Practising doctors holding this specialty',
    example: 1766,
  })
  count!: number;
}

export class FreshnessCountsDto {
  @ApiProperty({
    type: 'integer',
    description: 'Doctors whose clinic availability was checked within 30 days',
    example: 1710,
  })
  fresh!: number;
  @ApiProperty({
    type: 'integer',
    description: 'Doctors whose clinic availability was checked earlier',
    example: 903,
  })
  stale!: number;
  @ApiProperty({
    type: 'integer',
    description: 'Doctors whose clinic availability was never checked',
    example: 365,
  })
  unknown!: number;
  @ApiProperty({
    description: '(fresh + stale) / totalDoctors x 100, one decimal; 0 when empty',
    example: 87.7,
  })
  coveragePct!: number;
}

export class DoctorSummaryDto {
  @ApiProperty({ type: 'integer', description: 'Practising doctors', example: 2978 })
  totalDoctors!: number;
  @ApiProperty({
    type: 'integer',
    description: 'Practising doctors whose primary clinic accepts new patients',
    example: 966,
  })
  acceptingNewPatients!: number;
  @ApiProperty({
    type: [SpecialtyCountDto],
    description: 'Doctors per specialty, most first, then by name',
  })
  bySpecialty!: SpecialtyCountDto[];
  @ApiProperty({
    type: FreshnessCountsDto,
    description: 'How fresh the availability data of the doctors is',
  })
  dataFreshness!: FreshnessCountsDto;

  static from(s: DirectorySummary): DoctorSummaryDto {
    return {
      ...s,
      bySpecialty: s.bySpecialty.map((b) => ({ ...b })),
      dataFreshness: { ...s.dataFreshness },
    };
  }
}
