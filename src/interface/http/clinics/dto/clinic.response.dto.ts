import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DATA_VERSION_DOC } from '../../common/data-version.doc';
import { ClinicLink } from '../../../../domain/clinics/clinic';
import { ClinicListView } from '../../../../application/clinics/list-clinics.use-case';
import { ClinicInclude } from '../../../../domain/directory/criteria';
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

export class ClinicLinkDto {
  @ApiProperty({ description: 'What the link is for', example: 'Patient forms' })
  label!: string;
  @ApiProperty({
    format: 'uri',
    description: 'The address',
    example: 'https://discovery-district-family-medicine.example.org/forms',
  })
  url!: string;
}

/** notes and links appear only when asked for with `include` (decisions.md). */
export function withIncludes<T extends { notes?: string | null; links?: ClinicLink[] }>(
  dto: T,
  c: { notes: string | null; links: ClinicLink[] },
  include: ReadonlySet<ClinicInclude>,
): T {
  if (include.has('notes')) dto.notes = c.notes;
  if (include.has('links')) dto.links = c.links;
  return dto;
}

export class ClinicListItemDto {
  @ApiProperty({
    format: 'uuid',
    description: 'Clinic id: GET /clinics/{id} answers its detail',
    example: '0a593817-4a00-4aa3-9cd6-80317c184e54',
  })
  id!: string;
  @ApiProperty({ description: 'Clinic name', example: 'Discovery District Family Medicine' })
  name!: string;
  @ApiProperty({
    description: 'Street address, city, province and postal code',
    example: '137 Elm Street, Toronto, ON M5G 3W6',
  })
  address!: string;
  @ApiProperty({
    description: 'Accepting new patients (best-effort: phone to confirm)',
    example: true,
  })
  accepting!: boolean;
  @ApiProperty(OPEN_NOW_PROPERTY) openNow!: boolean | null;
  @ApiProperty(ACCEPTING_STATUS_PROPERTY) acceptingStatus!: AcceptingStatus;
  @ApiProperty(ACCEPTING_CHECKED_AT_PROPERTY) acceptingCheckedAt!: string | null;
  @ApiProperty(LIST_HOURS_PROPERTY) hours!: ListHoursDto;
  @ApiProperty({
    type: [String],
    description: 'Languages: the union over the clinic’s practising doctors, by name',
    example: ['English', 'French', 'Mandarin'],
  })
  languages!: string[];
  @ApiProperty({
    type: [String],
    description: 'Specialties: the union over the clinic’s practising doctors, by name',
    example: ['Emergency Medicine', 'Family Medicine'],
  })
  specialties!: string[];
  @ApiProperty({ description: 'Latitude (WGS 84), six decimals', example: 43.658921 })
  lat!: number;
  @ApiProperty({ description: 'Longitude (WGS 84), six decimals', example: -79.38802 })
  lng!: number;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description:
      'Practical notes (parking, labs, interpretation); null when none. Only with include=notes',
    example: 'On-site laboratory for blood work on weekday mornings.',
  })
  notes?: string | null;
  @ApiPropertyOptional({
    type: [ClinicLinkDto],
    description: 'Useful links (forms, after-hours care). Only with include=links',
  })
  links?: ClinicLink[];
  @ApiPropertyOptional(DISTANCE_KM_DOC)
  distanceKm?: number;

  static from(c: ClinicListView, include: ReadonlySet<ClinicInclude>): ClinicListItemDto {
    const dto: ClinicListItemDto = {
      id: c.id,
      name: c.name,
      address: c.address,
      accepting: c.accepting,
      openNow: c.openNow,
      acceptingStatus: c.acceptingStatus,
      acceptingCheckedAt: c.availabilityCheckedAt ? c.availabilityCheckedAt.toISOString() : null,
      hours: ListHoursDto.ofWeek(c.week),
      languages: c.languages,
      specialties: c.specialties,
      lat: c.lat,
      lng: c.lng,
    };
    if (c.distanceKm !== undefined) dto.distanceKm = c.distanceKm;
    return withIncludes(dto, c, include);
  }
}

export class ClinicListDto {
  @ApiProperty({
    type: [ClinicListItemDto],
    description: 'The clinics of this page, in the list order',
  })
  clinics!: ClinicListItemDto[];
  @ApiProperty({
    type: 'integer',
    description: 'Number of matching clinics (whatever the page or the sandbox caps)',
    example: 92,
  })
  total!: number;
  @ApiProperty({ type: 'integer', description: 'Number of clinics in this page', example: 2 })
  count!: number;
  @ApiProperty(NEXT_CURSOR_DOC)
  nextCursor!: string | null;
  /** Set by the sync module's interceptor (DataVersionInterceptor), on every list answer. */
  @ApiProperty(DATA_VERSION_DOC)
  dataVersion?: string;
  @ApiPropertyOptional({
    type: [String],
    description: 'Batch lookup (`id`) only: the ids asked of no clinic, in the order asked.',
    example: [],
  })
  notFound?: string[];
  @ApiPropertyOptional({ type: NearDto, description: 'The point used, only when `near` is sent' })
  near?: NearDto;
}
