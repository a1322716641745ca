import { ApiProperty } from '@nestjs/swagger';
import { IssuedKey } from '../../../application/keys/issued-key';

/** POST /keys/rotate answer: the new key, returned this once, and its displayable prefix. */
export class RotatedKeyDto {
  @ApiProperty({
    description: 'The new key (the full secret); shown only in this response',
    example: 'gtad_live_…',
  })
  key!: string;

  @ApiProperty({
    description: 'Leading part of the key, safe to display',
    example: 'gtad_live_AbC123',
  })
  key_prefix!: string;

  static from(k: IssuedKey): RotatedKeyDto {
    return Object.assign(new RotatedKeyDto(), { key: k.key, key_prefix: k.keyPrefix });
  }
}
