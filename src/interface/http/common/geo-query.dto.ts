import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsNumber, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { LocationInput } from '../../../application/geo/resolve-location.use-case';
import { MAX_RADIUS_KM } from '../../../domain/geo/location';
import { DirectoryFiltersQueryDto } from './list-query.dto';
import { NumberParam, StringParam } from './query-transforms';

/**
 * The directory filters plus a location (issue 12): `lat`/`lng` or `near` order the list nearest
 * first and add `distanceKm` to each item; `radiusKm` keeps only rows within it. Whether they
 * go together is decided by ResolveLocationUseCase, for REST and MCP alike.
 */
export class GeoFiltersQueryDto extends DirectoryFiltersQueryDto implements LocationInput {
  @ApiPropertyOptional({
    type: Number,
    minimum: -90,
    maximum: 90,
    description: 'Latitude; send with lng to order by distance (not with near).',
    example: 43.65817,
  })
  @NumberParam()
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'lat must be a number.' })
  @Min(-90, { message: 'lat must be between -90 and 90.' })
  @Max(90, { message: 'lat must be between -90 and 90.' })
  lat?: number;

  @ApiPropertyOptional({
    type: Number,
    minimum: -180,
    maximum: 180,
    description: 'Longitude; send with lat.',
    example: -79.388471,
  })
  @NumberParam()
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'lng must be a number.' })
  @Min(-180, { message: 'lng must be between -180 and 180.' })
  @Max(180, { message: 'lng must be between -180 and 180.' })
  lng?: number;

  @ApiPropertyOptional({
    type: String,
    maxLength: 100,
    description:
      'A place instead of lat/lng (not both): a Canadian postal code ("M5S 1M8") or its first three ' +
      'characters ("M5S"), resolved to the centroid of the directory\'s clinics in that area (400 ' +
      'invalid_param when it has none); a TTC subway station name ("Finch", "finch station"); or the ' +
      'name of a GTA place (docs/places.md): a Toronto neighbourhood, a municipality ("Markham"), a ' +
      'hospital ("Sunnybrook", "SickKids"), a mall ("Scarborough Town Centre", "STC", "Square One"), a ' +
      'campus or a transit hub, whatever the case, accents, punctuation or spaces, and a close ' +
      'misspelling ("Yorkdle"). Tried in that order: a postal code, then an exact station name, then ' +
      'places. A name meaning several places (or a misspelling as close to two) is 400 invalid_param ' +
      'listing them; an unknown name is 400 with the closest known. The answer echoes the point used ' +
      "in `near` (kind place with the place's name).",
    example: 'M5G 1X5',
  })
  @StringParam()
  @IsOptional()
  @IsString({ message: 'near must be a string.' })
  @MaxLength(100, { message: 'near must be at most 100 characters.' })
  near?: string;

  @ApiPropertyOptional({
    type: Number,
    minimum: 0,
    exclusiveMinimum: true,
    maximum: MAX_RADIUS_KM,
    description:
      'Keep only rows within this many km (great-circle) of the location; needs lat/lng or near. ' +
      '`total` counts only those.',
    example: 5,
  })
  @NumberParam()
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'radiusKm must be a number.' })
  radiusKm?: number;
}
