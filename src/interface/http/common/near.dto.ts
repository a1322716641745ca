import { ApiProperty } from '@nestjs/swagger';
import { NearKind, ResolvedNear } from '../../../domain/geo/location';

const NEAR_KINDS: NearKind[] = ['postalCode', 'fsa', 'station'];

/** The point a `near` place resolved to (list envelopes, only when `near` was sent). */
export class NearDto {
  @ApiProperty({ description: 'The place as sent', example: 'M5G 1X5' })
  query!: string;
  @ApiProperty({ description: 'Latitude of the point used, six decimals', example: 43.65817 })
  lat!: number;
  @ApiProperty({ description: 'Longitude of the point used, six decimals', example: -79.388471 })
  lng!: number;
  @ApiProperty({
    enum: NEAR_KINDS,
    description:
      'postalCode and fsa: centroid of the directory’s clinics in the area; station: the TTC station',
    example: 'postalCode',
  })
  kind!: NearKind;

  static from(n: ResolvedNear): NearDto {
    return { query: n.query, lat: n.lat, lng: n.lng, kind: n.kind };
  }
}

export const DISTANCE_KM_DOC = {
  type: Number,
  description:
    'Great-circle km from the given location to the clinic, one decimal; only when a location is sent.',
  example: 1.3,
};
