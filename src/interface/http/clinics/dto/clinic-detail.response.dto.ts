import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ClinicDetailView } from '../../../../application/clinics/get-clinic.use-case';
import { ClinicLink } from '../../../../domain/clinics/clinic';
import { ClinicInclude, GENDERS, Gender } from '../../../../domain/directory/criteria';
import { ClinicCoreDto } from '../../common/clinic-core.dto';
import { ClinicLinkDto, withIncludes } from './clinic.response.dto';

export const CLINIC_TYPES = [
  'family-practice',
  'walk-in',
  'specialist-clinic',
  'community-health-centre',
  'hospital-outpatient',
  'virtual-care',
];

export class HoursDto {
  @ApiProperty({ example: '9:00-17:00', description: 'Usual weekday hours, H:MM-HH:MM' })
  weekday!: string;
  @ApiProperty({ description: 'Open after 5 PM on at least one weekday' })
  evening!: boolean;
  @ApiProperty({ description: 'Open Saturday or Sunday' })
  weekend!: boolean;
}

export class AccessibilityDto {
  @ApiProperty()
  wheelchair!: boolean;
  @ApiProperty()
  virtualVisits!: boolean;
  @ApiProperty({ description: 'Within 500 m of a TTC subway station' })
  nearTTC!: boolean;
}

export class AvailabilityDto {
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When accepting-new-patients and hours were last checked; null when never',
  })
  checkedAt!: string | null;
  @ApiProperty({
    description: 'Where the record came from (the demo data says "synthetic")',
    example: 'synthetic-demo:v1 (not real data)',
  })
  source!: string;
}

export class ClinicDoctorDto {
  @ApiProperty()
  name!: string;
  @ApiProperty({ enum: GENDERS })
  gender!: Gender;
  @ApiProperty({ type: 'integer' })
  yearsOfPractice!: number;
  @ApiProperty({ type: [String] })
  languages!: string[];
  @ApiProperty({ type: [String] })
  specialties!: string[];
}

/** The clinic summary's fields (as embedded in a doctor), and the rest of the detail. */
export class ClinicDetailDto extends ClinicCoreDto {
  @ApiProperty({
    type: String,
    format: 'uri',
    nullable: true,
    description: 'null when the clinic has none',
  })
  website!: string | null;
  @ApiProperty({ enum: CLINIC_TYPES })
  type!: string;
  @ApiProperty({ type: HoursDto })
  hours!: HoursDto;
  @ApiProperty({ type: AccessibilityDto })
  accessibility!: AccessibilityDto;
  @ApiProperty({
    type: AvailabilityDto,
    description: 'Provenance of the availability data (added in 1.1; additive)',
  })
  availability!: AvailabilityDto;
  @ApiProperty({ type: [ClinicDoctorDto], description: 'Practising doctors, by name' })
  doctors!: ClinicDoctorDto[];
  @ApiPropertyOptional({ type: String, nullable: true, description: 'Only with include=notes' })
  notes?: string | null;
  @ApiPropertyOptional({ type: [ClinicLinkDto], description: 'Only with include=links' })
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
      hours: { weekday: c.weekdayHours, evening: c.evening, weekend: c.weekend },
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
  @ApiProperty({ type: ClinicDetailDto })
  clinic!: ClinicDetailDto;
}
