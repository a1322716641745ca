import { ApiProperty } from '@nestjs/swagger';

export class ReadinessDto {
  @ApiProperty({ enum: ['ok', 'unavailable'] })
  status!: 'ok' | 'unavailable';
  @ApiProperty({ enum: ['up', 'down'] })
  database!: 'up' | 'down';
  @ApiProperty({ example: '1.0.0' })
  version!: string;
}
