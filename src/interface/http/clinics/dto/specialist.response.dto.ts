import { ApiProperty } from '@nestjs/swagger';
import { SpecialistRecord } from '../../../../domain/clinics/clinic';

export class SpecialistDto {
  @ApiProperty({ description: 'The clinic id' })
  id!: string;
  @ApiProperty()
  name!: string;
  @ApiProperty()
  specialty!: string;
  @ApiProperty({
    type: [String],
    description: 'Languages of the clinic’s doctors of this specialty',
  })
  languages!: string[];
  @ApiProperty()
  accepting!: boolean;
  @ApiProperty({
    type: 'integer',
    description: 'Estimated referral wait for this specialty, in weeks',
  })
  wait_weeks!: number;

  static from(s: SpecialistRecord): SpecialistDto {
    return {
      id: s.id,
      name: s.name,
      specialty: s.specialty,
      languages: s.languages,
      accepting: s.accepting,
      wait_weeks: s.waitWeeks,
    };
  }
}

export class SpecialistListDto {
  @ApiProperty({ type: [SpecialistDto] })
  clinics!: SpecialistDto[];
  @ApiProperty({ type: 'integer', description: 'Number of matching (clinic, specialty) pairs' })
  total!: number;
  @ApiProperty({ type: 'integer' })
  count!: number;
}
