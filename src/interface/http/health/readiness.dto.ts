import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class ReadinessDto {
  @ApiProperty({
    enum: ['ok', 'unavailable'],
    description:
      'ok when this instance can answer directory requests: the database answered and its ' +
      'index of the directory is loaded',
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
  @ApiPropertyOptional({
    enum: ['loading'],
    example: 'loading',
    description:
      'Only while the instance loads its index of the directory (at start, before the first ' +
      'load is done): the instance is not ready (503) until it can answer lists and searches ' +
      'from it. After a change of the directory the index in service keeps answering while the ' +
      'next one loads, so the instance stays ready.',
  })
  directory?: 'loading';
  @ApiPropertyOptional({
    description: 'Why the instance is not ready, when the database answered',
    example:
      "The directory's index is loading (350000 of 1000000 doctors read); lists and searches are answered once it is loaded.",
  })
  reason?: string;
  @ApiProperty({
    description: 'Version of the API (info.version of this document)',
    example: '1.0.0',
  })
  version!: string;
}
