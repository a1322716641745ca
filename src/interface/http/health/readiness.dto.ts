import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class ReadinessDto {
  @ApiProperty({
    enum: ['ok', 'unavailable'],
    description: 'ok when this instance can answer directory requests',
    example: 'ok',
  })
  status!: 'ok' | 'unavailable';
  @ApiProperty({
    enum: ['up', 'down'],
    description: 'Whether the database answered a round trip',
    example: 'up',
  })
  database!: 'up' | 'down';
  @ApiPropertyOptional({
    enum: ['up', 'down'],
    example: 'up',
    description:
      'Only when the instance has a read replica (`DATABASE_READ_URL`): `up` while directory ' +
      'reads go to it, `down` while they go to the primary instead (the replica is stopped, ' +
      'unreachable or still catching up). The instance stays ready either way.',
  })
  replica?: 'up' | 'down';
  @ApiProperty({
    description: 'Version of the API (info.version of this document)',
    example: '1.0.0',
  })
  version!: string;
}
