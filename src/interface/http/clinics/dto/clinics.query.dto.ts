import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsString } from 'class-validator';
import { CLINIC_INCLUDES, ClinicInclude } from '../../../../domain/directory/criteria';
import { GeoFiltersQueryDto } from '../../common/geo-query.dto';
import { BoolParam, ListParam } from '../../common/query-transforms';

export class ListClinicsQueryDto extends GeoFiltersQueryDto {
  @ApiPropertyOptional({
    type: Boolean,
    description: 'Clinic has a website (false: has none).',
    example: true,
  })
  @BoolParam()
  @IsOptional()
  @IsBoolean({ message: 'hasWebsite must be a boolean: true, false, 1 or 0.' })
  hasWebsite?: boolean;

  @ApiPropertyOptional({
    type: String,
    description: 'Comma-separated optional fields: notes, links.',
    example: 'notes,links',
  })
  @ListParam()
  @IsOptional()
  @IsIn(CLINIC_INCLUDES, {
    each: true,
    message: `include accepts only ${CLINIC_INCLUDES.join(', ')}.`,
  })
  include?: ClinicInclude[];

  @ApiPropertyOptional({
    type: String,
    description:
      'Batch lookup: up to 100 distinct clinic ids (UUIDs), comma-separated. The answer lists ' +
      'those clinics in the order asked (a repeated id once, where it first appears; `include` ' +
      'applies) and `notFound` the ids of no clinic. Cannot be combined with filters, a ' +
      'location or paging (400 invalid_param). The sandbox key looks up at most 10 at once (its ' +
      'page size). Counts as one request per 10 distinct ids against the rate limit.',
    example: '3f2a7c1e-9b4d-4e21-8c6a-5d0e7f1a2b3c,8a1b2c3d-4e5f-4a6b-9c7d-0e1f2a3b4c5d',
  })
  @ListParam()
  @IsOptional()
  @IsString({ each: true, message: 'id must be a comma-separated list of clinic ids.' })
  id?: string[];
}
