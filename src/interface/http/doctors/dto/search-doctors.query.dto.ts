import { ApiProperty } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { GeoFiltersQueryDto } from '../../common/geo-query.dto';
import { StringParam } from '../../common/query-transforms';

export class SearchDoctorsQueryDto extends GeoFiltersQueryDto {
  @ApiProperty({
    type: String,
    minLength: 2,
    maxLength: 100,
    description:
      "Required, at least 2 characters once trimmed (400 missing_param otherwise): a CPSO number (spaces, hyphens, `CPSO` or `#` allowed), or words of the name however typed: case, accents, apostrophes, hyphens, a title and word order do not matter; each word is found as a whole word, a word's start, inside a word or across two joined words, with one typo from 5 letters and two from 9 (docs/name-search.md). Best match first.",
    example: 'Leblanc',
  })
  @StringParam()
  // Absent or short is 400 missing_param, decided by the use case; only the type and size are checked here.
  @IsOptional()
  @IsString({ message: 'q must be a string.' })
  @MaxLength(100, { message: 'q must be at most 100 characters.' })
  q?: string;
}
