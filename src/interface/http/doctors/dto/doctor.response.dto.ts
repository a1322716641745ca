import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DATA_VERSION_DOC } from '../../common/data-version.doc';
import { ResolvedNear } from '../../../../domain/geo/location';
import { DISTANCE_KM_DOC, NearDto } from '../../common/near.dto';
import { ClinicCoreDto } from '../../common/clinic-core.dto';
import { ClinicSummaryView, DoctorView } from '../../../../application/doctors/doctor-views';
import { GENDERS, Gender } from '../../../../domain/directory/criteria';
import { DataFreshness, FRESHNESS_VALUES } from '../../../../domain/doctors/freshness';
import { NEXT_CURSOR_DOC } from '../../common/next-cursor.dto';
import { AcceptingStatus } from '../../../../domain/clinics/accepting-status';
import {
  ACCEPTING_CHECKED_AT_PROPERTY,
  ACCEPTING_STATUS_PROPERTY,
  LIST_HOURS_PROPERTY,
  ListHoursDto,
  OPEN_NOW_PROPERTY,
} from '../../clinics/dto/opening-hours.dto';

/** The doctor's primary clinic in a list item (and under the detail's fuller clinic). */
export class ClinicSummaryDto extends ClinicCoreDto {
  @ApiProperty(ACCEPTING_STATUS_PROPERTY)
  acceptingStatus!: AcceptingStatus;
  @ApiProperty(ACCEPTING_CHECKED_AT_PROPERTY)
  acceptingCheckedAt!: string | null;
  @ApiProperty(OPEN_NOW_PROPERTY)
  openNow!: boolean | null;
  /** The regular week (the detail's clinic answers the fuller HoursDto here). */
  @ApiProperty(LIST_HOURS_PROPERTY)
  hours!: ListHoursDto;

  static from(c: ClinicSummaryView): ClinicSummaryDto {
    return {
      id: c.id,
      name: c.name,
      address: c.address,
      lat: c.lat,
      lng: c.lng,
      phone: c.phone,
      acceptingNewPatients: c.acceptingNewPatients,
      acceptingStatus: c.acceptingStatus,
      acceptingCheckedAt: c.acceptingCheckedAt ? c.acceptingCheckedAt.toISOString() : null,
      openNow: c.openNow,
      hours: ListHoursDto.ofWeek(c.week),
    };
  }
}

export class DoctorDto {
  @ApiProperty({
    format: 'uuid',
    description: 'Internal id of the doctor record (use `cpsoNumber` to refer to a doctor)',
    example: 'f1c21b40-4ecb-4b20-8f00-3e590b5520a4',
  })
  id!: string;
  @ApiProperty({
    description: 'CPSO registration number: GET /doctors/{cpso} answers the detail',
    example: '920479',
  })
  cpsoNumber!: string;
  @ApiProperty({ description: 'Full name', example: 'François Leblanc' })
  name!: string;
  @ApiProperty({ enum: GENDERS, description: 'Gender', example: 'male' })
  gender!: Gender;
  @ApiProperty({
    type: 'integer',
    description: 'Years since the doctor started practising',
    example: 19,
  })
  yearsOfPractice!: number;
  @ApiProperty({
    type: [String],
    description: 'Specialties held (names as GET /metadata/specialties lists them)',
    example: ['Family Medicine'],
  })
  specialties!: string[];
  @ApiProperty({
    type: [String],
    description: 'Languages spoken (names as GET /metadata/languages lists them)',
    example: ['English', 'French'],
  })
  languages!: string[];
  @ApiProperty({ type: ClinicSummaryDto, description: "The doctor's primary clinic" })
  clinic!: ClinicSummaryDto;
  @ApiProperty({
    enum: FRESHNESS_VALUES,
    description:
      'Freshness of the availability data: fresh (checked within 30 days), stale (earlier) or unknown (never checked); phone the clinic to confirm.',
    example: 'fresh',
  })
  dataFreshness!: DataFreshness;
  @ApiProperty({
    format: 'date-time',
    description: 'When the doctor record was last refreshed from its source',
    example: '2026-09-23T14:56:58.359Z',
  })
  syncedAt!: string;
  @ApiPropertyOptional(DISTANCE_KM_DOC)
  distanceKm?: number;

  static from(d: DoctorView): DoctorDto {
    return {
      id: d.id,
      cpsoNumber: d.cpsoNumber,
      name: d.name,
      gender: d.gender,
      yearsOfPractice: d.yearsOfPractice,
      specialties: d.specialties,
      languages: d.languages,
      clinic: ClinicSummaryDto.from(d.clinic),
      dataFreshness: d.dataFreshness,
      syncedAt: d.syncedAt.toISOString(),
      ...(d.distanceKm !== undefined ? { distanceKm: d.distanceKm } : {}),
    };
  }
}

export class DoctorListDto {
  @ApiProperty({ type: [DoctorDto], description: 'The doctors of this page, in the list order' })
  doctors!: DoctorDto[];
  @ApiProperty({
    type: 'integer',
    description: 'Number of matching records (whatever the page or the sandbox caps)',
    example: 115,
  })
  total!: number;
  @ApiProperty({ type: 'integer', description: 'Number of records in this page', example: 2 })
  count!: number;
  @ApiProperty(NEXT_CURSOR_DOC)
  nextCursor!: string | null;
  /** Set by the sync module's interceptor (DataVersionInterceptor), on every list answer. */
  @ApiProperty(DATA_VERSION_DOC)
  dataVersion?: string;
  @ApiPropertyOptional({
    type: [String],
    description:
      'Batch lookup (`cpso`) only: the numbers asked of no practising doctor, in the order asked.',
    example: ['123'],
  })
  notFound?: string[];
  @ApiPropertyOptional({ type: NearDto, description: 'The point used, only when `near` is sent' })
  near?: NearDto;

  static from(
    page: { items: DoctorView[]; total: number },
    near?: ResolvedNear,
    nextCursor: string | null = null,
  ): DoctorListDto {
    const doctors = page.items.map((d) => DoctorDto.from(d));
    return {
      doctors,
      total: page.total,
      count: doctors.length,
      nextCursor,
      ...(near ? { near: NearDto.from(near) } : {}),
    };
  }
}
