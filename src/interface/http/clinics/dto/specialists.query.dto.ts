import { ApiProperty } from '@nestjs/swagger';
import { GeoFiltersQueryDto } from '../../common/geo-query.dto';

export class ListSpecialistsQueryDto extends GeoFiltersQueryDto {
  @ApiProperty({
    type: String,
    description:
      'Required (400 missing_param without it); `specialties` wins when both are sent. Names as GET /metadata/specialties lists them.',
    example: 'Cardiology',
  })
  declare specialty?: string;
}
