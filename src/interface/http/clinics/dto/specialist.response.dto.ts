import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { SpecialistView } from '../../../../application/clinics/list-specialists.use-case';
import { DISTANCE_KM_DOC, NearDto } from '../../common/near.dto';
import { NEXT_CURSOR_DOC } from '../../common/next-cursor.dto';

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
  @ApiPropertyOptional(DISTANCE_KM_DOC)
  distanceKm?: number;

  static from(s: SpecialistView): SpecialistDto {
    return {
      id: s.id,
      name: s.name,
      specialty: s.specialty,
      languages: s.languages,
      accepting: s.accepting,
      wait_weeks: s.waitWeeks,
      ...(s.distanceKm !== undefined ? { distanceKm: s.distanceKm } : {}),
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
  @ApiProperty(NEXT_CURSOR_DOC)
  nextCursor!: string | null;
  @ApiPropertyOptional({ type: NearDto, description: 'The point used, only when `near` is sent' })
  near?: NearDto;
}
