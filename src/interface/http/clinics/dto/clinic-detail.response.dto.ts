import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ClinicDetailView } from '../../../../application/clinics/get-clinic.use-case';
import { ClinicLink } from '../../../../domain/clinics/clinic';
import { ClinicInclude, GENDERS, Gender } from '../../../../domain/directory/criteria';
import { ClinicCoreDto } from '../../common/clinic-core.dto';
import { ClinicLinkDto, withIncludes } from './clinic.response.dto';
import {
  ACCEPTING_CHECKED_AT_PROPERTY,
  ACCEPTING_STATUS_PROPERTY,
  HoursDto,
  NEXT_CLOSE_PROPERTY,
  NEXT_OPEN_PROPERTY,
  OPEN_NOW_PROPERTY,
  openingStatusFields,
} from './opening-hours.dto';
import { AcceptingStatus } from '../../../../domain/clinics/accepting-status';

export { HoursDto };

export const CLINIC_TYPES = [
  'family-practice',
  'walk-in',
  'specialist-clinic',
  'community-health-centre',
  'hospital-outpatient',
  'virtual-care',
];

export class AccessibilityDto {
  @ApiProperty({ description: 'Wheelchair-accessible', example: true })
  wheelchair!: boolean;
  @ApiProperty({ description: 'Offers virtual (phone or video) visits', example: true })
  virtualVisits!: boolean;
  @ApiProperty({ description: 'Within 500 m of a TTC subway station', example: true })
  nearTTC!: boolean;
}

export class AvailabilityDto {
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When accepting-new-patients and hours were last checked; null when never',
    example: '2026-01-16T11:58:30.359Z',
  })
  checkedAt!: string | null;
  @ApiProperty({
    description: 'Where the record came from (the demo data says "synthetic")',
    example: 'synthetic-demo:v1 (not real data)',
  })
  source!: string;
}

export class ClinicDoctorDto {
  @ApiProperty({ description: 'Full name', example: 'Georgia Vlachos' })
  name!: string;
  @ApiProperty({ enum: GENDERS, description: 'Gender', example: 'female' })
  gender!: Gender;
  @ApiProperty({ type: 'integer', description: 'Years of practice', example: 44 })
  yearsOfPractice!: number;
  @ApiProperty({ type: [String], description: 'Languages spoken', example: ['English', 'French'] })
  languages!: string[];
  @ApiProperty({ type: [String], description: 'Specialties held', example: ['Family Medicine'] })
  specialties!: string[];
}

/** The clinic summary's fields (as embedded in a doctor), and the rest of the detail. */
export class ClinicDetailDto extends ClinicCoreDto {
  @ApiProperty({
    type: String,
    format: 'uri',
    nullable: true,
    description: 'The clinic’s website; null when the clinic has none',
    example: 'https://discovery-district-family-medicine.example.org',
  })
  website!: string | null;
  @ApiProperty({ enum: CLINIC_TYPES, description: 'Kind of clinic', example: 'family-practice' })
  type!: string;
  @ApiProperty({
    type: HoursDto,
    description:
      'Opening hours: the v1 summary, and (added for issue 33) the week and the dated exceptions',
  })
  hours!: HoursDto;
  @ApiProperty(OPEN_NOW_PROPERTY) openNow!: boolean | null;
  @ApiProperty(NEXT_OPEN_PROPERTY) nextOpen!: string | null;
  @ApiProperty(NEXT_CLOSE_PROPERTY) nextClose!: string | null;
  @ApiProperty(ACCEPTING_STATUS_PROPERTY) acceptingStatus!: AcceptingStatus;
  @ApiProperty(ACCEPTING_CHECKED_AT_PROPERTY) acceptingCheckedAt!: string | null;
  @ApiProperty({ type: AccessibilityDto, description: 'Access and visit options' })
  accessibility!: AccessibilityDto;
  @ApiProperty({
    type: AvailabilityDto,
    description: 'Provenance of the availability data (added in 1.1; additive)',
  })
  availability!: AvailabilityDto;
  @ApiProperty({ type: [ClinicDoctorDto], description: 'Practising doctors, by name' })
  doctors!: ClinicDoctorDto[];
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

  static from(c: ClinicDetailView, include: ReadonlySet<ClinicInclude>): ClinicDetailDto {
    const dto: ClinicDetailDto = {
      id: c.id,
      name: c.name,
      address: c.address,
      lat: c.lat,
      lng: c.lng,
      phone: c.phone,
      acceptingNewPatients: c.acceptingNewPatients,
      website: c.website,
      type: c.type,
      hours: HoursDto.from(c, c.opening),
      ...openingStatusFields(c.opening),
      accessibility: {
        wheelchair: c.wheelchair,
        virtualVisits: c.virtualVisits,
        nearTTC: c.nearTTC,
      },
      availability: {
        checkedAt: c.availabilityCheckedAt ? c.availabilityCheckedAt.toISOString() : null,
        source: c.source,
      },
      doctors: c.doctors.map((d) => ({
        name: d.name,
        gender: d.gender,
        yearsOfPractice: d.yearsOfPractice,
        languages: d.languages,
        specialties: d.specialties,
      })),
    };
    return withIncludes(dto, c, include);
  }
}

export class ClinicEnvelopeDto {
  @ApiProperty({ type: ClinicDetailDto, description: 'The clinic' })
  clinic!: ClinicDetailDto;
}
