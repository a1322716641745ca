import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ResolvedNear } from '../../../../domain/geo/location';
import { DISTANCE_KM_DOC, NearDto } from '../../common/near.dto';
import { ClinicCoreDto } from '../../common/clinic-core.dto';
import { ClinicSummaryView, DoctorView } from '../../../../application/doctors/doctor-views';
import { GENDERS, Gender } from '../../../../domain/directory/criteria';
import { DataFreshness, FRESHNESS_VALUES } from '../../../../domain/doctors/freshness';
import { NEXT_CURSOR_DOC } from '../../common/next-cursor.dto';

export class ClinicSummaryDto extends ClinicCoreDto {
  static from(c: ClinicSummaryView): ClinicSummaryDto {
    return {
      id: c.id,
      name: c.name,
      address: c.address,
      lat: c.lat,
      lng: c.lng,
      phone: c.phone,
      acceptingNewPatients: c.acceptingNewPatients,
    };
  }
}

export class DoctorDto {
  @ApiProperty({ format: 'uuid', example: 'b7e0d3a1-2c4f-4e8a-9f61-0a5d7c3e9b24' })
  id!: string;
  @ApiProperty({ description: 'CPSO registration number', example: '912345' })
  cpsoNumber!: string;
  @ApiProperty({ example: 'Dr. Anjali Sivakumar' })
  name!: string;
  @ApiProperty({ enum: GENDERS, example: 'female' })
  gender!: Gender;
  @ApiProperty({ type: 'integer', example: 14 })
  yearsOfPractice!: number;
  @ApiProperty({ type: [String], example: ['Family Medicine'] })
  specialties!: string[];
  @ApiProperty({ type: [String], example: ['English', 'Tamil'] })
  languages!: string[];
  @ApiProperty({ type: ClinicSummaryDto, description: "The doctor's primary clinic" })
  clinic!: ClinicSummaryDto;
  @ApiProperty({
    enum: FRESHNESS_VALUES,
    description: 'Freshness of the availability data; phone the clinic to confirm.',
  })
  dataFreshness!: DataFreshness;
  @ApiProperty({ format: 'date-time', example: '2026-11-20T08:15:00.000Z' })
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
  @ApiProperty({ type: [DoctorDto] })
  doctors!: DoctorDto[];
  @ApiProperty({ type: 'integer', description: 'Number of matching records' })
  total!: number;
  @ApiProperty({ type: 'integer', description: 'Number of records in this page' })
  count!: number;
  @ApiProperty(NEXT_CURSOR_DOC)
  nextCursor!: string | null;
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
