import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PlaceKind } from '../../../domain/geo/gta-places';
import { NearKind, ResolvedNear } from '../../../domain/geo/location';

const NEAR_KINDS: NearKind[] = ['postalCode', 'fsa', 'station', 'place'];
const PLACE_KINDS: PlaceKind[] = [
  'neighbourhood',
  'district',
  'municipality',
  'community',
  'hospital',
  'mall',
  'campus',
  'transit',
];

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
      'postalCode and fsa: centroid of the directory’s clinics in the area; station: the TTC station; ' +
      'place: a GTA place by name (neighbourhood, municipality, hospital, mall, campus, transit hub; docs/places.md), ' +
      'at its approximate centroid',
    example: 'postalCode',
  })
  kind!: NearKind;
  @ApiPropertyOptional({
    description:
      'The canonical name understood: always for a place ("Scarborough Town Centre" for "STC"), and for a ' +
      'station reached by a misspelling ("Kenedy" → "Kennedy"); absent for an exact station name.',
    example: 'Scarborough Town Centre',
  })
  name?: string;
  @ApiPropertyOptional({
    enum: PLACE_KINDS,
    description: 'For a place: what it is.',
    example: 'mall',
  })
  category?: PlaceKind;

  static from(n: ResolvedNear): NearDto {
    return {
      query: n.query,
      lat: n.lat,
      lng: n.lng,
      kind: n.kind,
      ...(n.name !== undefined ? { name: n.name } : {}),
      ...(n.category !== undefined ? { category: n.category } : {}),
    };
  }
}

export const DISTANCE_KM_DOC = {
  type: Number,
  description:
    'Great-circle km from the given location to the clinic, one decimal; only when a location is sent.',
  example: 1.3,
};
