import { ApiProperty } from '@nestjs/swagger';

/** Fields every clinic shape shares: the summary embedded in a doctor, and the clinic detail. */
export class ClinicCoreDto {
  @ApiProperty({
    format: 'uuid',
    description: 'Clinic id: GET /clinics/{id} answers its detail',
    example: '7eb8ff8c-5e3d-477e-bc00-4a0c1b9c89aa',
  })
  id!: string;
  @ApiProperty({ description: 'Clinic name', example: 'Scollard Walk-In and Family Clinic' })
  name!: string;
  @ApiProperty({
    description: 'Street address, city, province and postal code',
    example: '20 Scollard Street, Toronto, ON M5R 8R6',
  })
  address!: string;
  @ApiProperty({ description: 'Latitude (WGS 84), six decimals', example: 43.669779 })
  lat!: number;
  @ApiProperty({ description: 'Longitude (WGS 84), six decimals', example: -79.39079 })
  lng!: number;
  @ApiProperty({ description: 'Phone number to book or confirm', example: '(647) 555-0119' })
  phone!: string;
  @ApiProperty({
    description: 'Accepting new patients (best-effort: phone to confirm)',
    example: true,
  })
  acceptingNewPatients!: boolean;
}
