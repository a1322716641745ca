import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ClinicLink } from '../../../../domain/clinics/clinic';
import { ClinicListView } from '../../../../application/clinics/list-clinics.use-case';
import { ClinicInclude } from '../../../../domain/directory/criteria';
import { DISTANCE_KM_DOC, NearDto } from '../../common/near.dto';
import { NEXT_CURSOR_DOC } from '../../common/next-cursor.dto';

export class ClinicLinkDto {
  @ApiProperty()
  label!: string;
  @ApiProperty({ format: 'uri' })
  url!: string;
}

/** notes and links appear only when asked for with `include` (decisions.md). */
export function withIncludes<T extends { notes?: string | null; links?: ClinicLink[] }>(
  dto: T,
  c: { notes: string | null; links: ClinicLink[] },
  include: ReadonlySet<ClinicInclude>,
): T {
  if (include.has('notes')) dto.notes = c.notes;
  if (include.has('links')) dto.links = c.links;
  return dto;
}

export class ClinicListItemDto {
  @ApiProperty({ format: 'uuid', example: '3f6c2a9e-8b1d-4c55-9e2a-7d41b0c5e812' })
  id!: string;
  @ApiProperty({ example: 'Finch Subway Family Health' })
  name!: string;
  @ApiProperty({ example: '5650 Yonge St, Toronto, ON M2M 4G3' })
  address!: string;
  @ApiProperty({ description: 'Accepting new patients', example: true })
  accepting!: boolean;
  @ApiProperty({
    type: [String],
    description: 'Union over the clinic’s practising doctors',
    example: ['English', 'Tamil', 'Mandarin'],
  })
  languages!: string[];
  @ApiProperty({
    type: [String],
    description: 'Union over the clinic’s practising doctors',
    example: ['Family Medicine', 'Pediatrics'],
  })
  specialties!: string[];
  @ApiProperty({ example: 43.7798 })
  lat!: number;
  @ApiProperty({ example: -79.4152 })
  lng!: number;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'Only with include=notes' })
  notes?: string | null;
  @ApiPropertyOptional({ type: [ClinicLinkDto], description: 'Only with include=links' })
  links?: ClinicLink[];
  @ApiPropertyOptional(DISTANCE_KM_DOC)
  distanceKm?: number;

  static from(c: ClinicListView, include: ReadonlySet<ClinicInclude>): ClinicListItemDto {
    const dto: ClinicListItemDto = {
      id: c.id,
      name: c.name,
      address: c.address,
      accepting: c.accepting,
      languages: c.languages,
      specialties: c.specialties,
      lat: c.lat,
      lng: c.lng,
    };
    if (c.distanceKm !== undefined) dto.distanceKm = c.distanceKm;
    return withIncludes(dto, c, include);
  }
}

export class ClinicListDto {
  @ApiProperty({ type: [ClinicListItemDto] })
  clinics!: ClinicListItemDto[];
  @ApiProperty({ type: 'integer' })
  total!: number;
  @ApiProperty({ type: 'integer' })
  count!: number;
  @ApiProperty(NEXT_CURSOR_DOC)
  nextCursor!: string | null;
  @ApiPropertyOptional({
    type: [String],
    description: 'Batch lookup (`id`) only: the ids asked of no clinic, in the order asked.',
    example: [],
  })
  notFound?: string[];
  @ApiPropertyOptional({ type: NearDto, description: 'The point used, only when `near` is sent' })
  near?: NearDto;
}
