import { ApiProperty } from '@nestjs/swagger';
import { IssuedKey } from '../../../application/keys/issued-key';

/** POST /keys/rotate answer: the new key, returned this once, and its displayable prefix. */
export class RotatedKeyDto {
  @ApiProperty({
    description:
      'The new key (the full secret, gtad_<tier>_…); shown only in this response: store it now',
    example: 'gtad_live_Qm7RfT2xK9pLw4ZbN8cVd1HsJ6yGe3Ua5Xo0iB',
  })
  key!: string;

  @ApiProperty({
    description: 'Leading part of the key (the tier prefix and 6 characters), safe to display',
    example: 'gtad_live_Qm7RfT',
  })
  key_prefix!: string;

  static from(k: IssuedKey): RotatedKeyDto {
    return Object.assign(new RotatedKeyDto(), { key: k.key, key_prefix: k.keyPrefix });
  }
}
