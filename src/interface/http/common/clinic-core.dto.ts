import { ApiProperty } from '@nestjs/swagger';

/** Fields every clinic shape shares: the summary embedded in a doctor, and the clinic detail. */
export class ClinicCoreDto {
  @ApiProperty({ format: 'uuid', example: '3f6c2a9e-8b1d-4c55-9e2a-7d41b0c5e812' })
  id!: string;
  @ApiProperty({ example: 'Finch Subway Family Health' })
  name!: string;
  @ApiProperty({ example: '5650 Yonge St, Toronto, ON M2M 4G3' })
  address!: string;
  @ApiProperty({ example: 43.7798 })
  lat!: number;
  @ApiProperty({ example: -79.4152 })
  lng!: number;
  @ApiProperty({ example: '416-555-0148' })
  phone!: string;
  @ApiProperty({ example: true })
  acceptingNewPatients!: boolean;
}
