import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsNumber, IsOptional, Max, Min } from 'class-validator';
import { GeoPoint } from '../../../domain/directory/criteria';
import { ApiError } from '../errors/api-error';
import { DirectoryFiltersQueryDto } from './list-query.dto';
import { NumberParam } from './query-transforms';

/** Filters of clinics and specialists: the doctor filters plus a point to order by distance. */
export class GeoFiltersQueryDto extends DirectoryFiltersQueryDto {
  @ApiPropertyOptional({
    type: Number,
    minimum: -90,
    maximum: 90,
    description: 'Latitude; send with lng to order by distance.',
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
  })
  @NumberParam()
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'lng must be a number.' })
  @Min(-180, { message: 'lng must be between -180 and 180.' })
  @Max(180, { message: 'lng must be between -180 and 180.' })
  lng?: number;
}

/** lat and lng go together (decisions.md: one without the other is invalid_param). */
export function nearPoint(q: GeoFiltersQueryDto): GeoPoint | undefined {
  if (q.lat === undefined && q.lng === undefined) return undefined;
  if (q.lat === undefined)
    throw new ApiError('invalid_param', 'lat must be sent together with lng.');
  if (q.lng === undefined)
    throw new ApiError('invalid_param', 'lng must be sent together with lat.');
  return { lat: q.lat, lng: q.lng };
}
