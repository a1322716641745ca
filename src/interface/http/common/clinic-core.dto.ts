import { ApiProperty } from '@nestjs/swagger';

/** Fields every clinic shape shares: the summary embedded in a doctor, and the clinic detail. */
export class ClinicCoreDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;
  @ApiProperty()
  name!: string;
  @ApiProperty()
  address!: string;
  @ApiProperty()
  lat!: number;
  @ApiProperty()
  lng!: number;
  @ApiProperty()
  phone!: string;
  @ApiProperty()
  acceptingNewPatients!: boolean;
}
