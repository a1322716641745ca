import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import { GeoFiltersQueryDto } from '../../common/geo-query.dto';
import { ListParam } from '../../common/query-transforms';

/** GET /doctors: the list's filters, location and paging, or a batch lookup by CPSO numbers. */
export class ListDoctorsQueryDto extends GeoFiltersQueryDto {
  @ApiPropertyOptional({
    type: String,
    description:
      'Batch lookup: up to 100 distinct CPSO numbers, comma-separated. The answer lists those ' +
      'practising doctors in the order asked (a repeated number once, where it first appears) ' +
      'and `notFound` the numbers of no practising doctor (unknown or expired). Cannot be ' +
      'combined with filters, a location or paging (400 invalid_param). The sandbox key looks ' +
      'up at most 10 at once (its page size). Counts as one request per 10 distinct numbers ' +
      'against the rate limit.',
    example: '900001,900002,123',
  })
  @ListParam()
  @IsOptional()
  @IsString({ each: true, message: 'cpso must be a comma-separated list of CPSO numbers.' })
  cpso?: string[];
}
