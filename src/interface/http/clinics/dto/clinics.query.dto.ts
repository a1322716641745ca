import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import { CLINIC_INCLUDES, ClinicInclude } from '../../../../domain/directory/criteria';
import { GeoFiltersQueryDto } from '../../common/geo-query.dto';
import { BoolParam, ListParam } from '../../common/query-transforms';

export class ListClinicsQueryDto extends GeoFiltersQueryDto {
  @ApiPropertyOptional({ type: Boolean, description: 'Clinic has a website (false: has none).' })
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
}
