import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DATA_VERSION_DOC } from '../../common/data-version.doc';
import { SpecialistView } from '../../../../application/clinics/list-specialists.use-case';
import { DISTANCE_KM_DOC, NearDto } from '../../common/near.dto';
import { NEXT_CURSOR_DOC } from '../../common/next-cursor.dto';
import {
  ACCEPTING_CHECKED_AT_PROPERTY,
  ACCEPTING_STATUS_PROPERTY,
  LIST_HOURS_PROPERTY,
  ListHoursDto,
  OPEN_NOW_PROPERTY,
} from './opening-hours.dto';
import { AcceptingStatus } from '../../../../domain/clinics/accepting-status';

export class SpecialistDto {
  @ApiProperty({
    description: 'The clinic id: GET /clinics/{id} answers its detail',
    example: '6e44e432-e145-487e-bd79-2540f73e3a56',
  })
  id!: string;
  @ApiProperty({ description: 'Clinic name', example: 'Yorkville Hospital Outpatient Clinics' })
  name!: string;
  @ApiProperty({ description: 'The specialty offered', example: 'Cardiology' })
  specialty!: string;
  @ApiProperty({
    type: [String],
    description: 'Languages of the clinic’s doctors of this specialty',
    example: ['English', 'Hindi'],
  })
  languages!: string[];
  @ApiProperty({
    description: 'The clinic accepts new patients (best-effort: phone to confirm)',
    example: false,
  })
  accepting!: boolean;
  @ApiProperty(OPEN_NOW_PROPERTY) openNow!: boolean | null;
  @ApiProperty(ACCEPTING_STATUS_PROPERTY) acceptingStatus!: AcceptingStatus;
  @ApiProperty(ACCEPTING_CHECKED_AT_PROPERTY) acceptingCheckedAt!: string | null;
  @ApiProperty(LIST_HOURS_PROPERTY) hours!: ListHoursDto;
  @ApiProperty({
    type: 'integer',
    description: 'Estimated referral wait for this specialty, in weeks',
    example: 12,
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
      openNow: s.openNow,
      acceptingStatus: s.acceptingStatus,
      acceptingCheckedAt: s.availabilityCheckedAt ? s.availabilityCheckedAt.toISOString() : null,
      hours: ListHoursDto.ofWeek(s.week),
      wait_weeks: s.waitWeeks,
      ...(s.distanceKm !== undefined ? { distanceKm: s.distanceKm } : {}),
    };
  }
}

export class SpecialistListDto {
  @ApiProperty({ type: [SpecialistDto], description: 'The pairs of this page, in the list order' })
  clinics!: SpecialistDto[];
  @ApiProperty({
    type: 'integer',
    description: 'Number of matching (clinic, specialty) pairs',
    example: 27,
  })
  total!: number;
  @ApiProperty({ type: 'integer', description: 'Pairs in this page', example: 2 })
  count!: number;
  @ApiProperty(NEXT_CURSOR_DOC)
  nextCursor!: string | null;
  /** Set by the sync module's interceptor (DataVersionInterceptor), on every list answer. */
  @ApiProperty(DATA_VERSION_DOC)
  dataVersion?: string;
  @ApiPropertyOptional({ type: NearDto, description: 'The point used, only when `near` is sent' })
  near?: NearDto;
}
