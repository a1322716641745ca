import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { GENDERS, Gender } from '../../../domain/directory/criteria';
import { BoolParam, IntParam, ListParam, StringParam } from './query-transforms';

const BOOL = 'must be a boolean: true, false, 1 or 0.';
const UINT = 'must be a whole number of 0 or more.';
const NAME_LIST = {
  type: String,
  description: 'Comma-separated; matches any of them (case-insensitive).',
};
const YEARS = (bound: string) =>
  `${bound} years of practice of the doctor (0 to 150; minYears above maxYears is 400 invalid_param).`;

/** Pagination of every list (api-v1.md conventions). */
export class PaginationQueryDto {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    default: 25,
    description:
      'Page size; values above 100 are read as 100 (sandbox keys: at most 10, and only the first 50 rows of a list).',
    example: 10,
  })
  @IntParam()
  @IsOptional()
  @IsInt({ message: `limit ${UINT}` })
  @Min(0, { message: `limit ${UINT}` })
  limit?: number;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    default: 0,
    description: 'Zero-based offset of the first row; past the end gives an empty page.',
    example: 0,
  })
  @IntParam()
  @IsOptional()
  @IsInt({ message: `offset ${UINT}` })
  @Min(0, { message: `offset ${UINT}` })
  offset?: number;

  @ApiPropertyOptional({
    type: String,
    maxLength: 1024,
    description:
      "Opaque: the previous page's `nextCursor`, to read the next page instead of an `offset` " +
      "(not both). Cursor pages follow the list's own order from the last row seen, so a crawl " +
      'that spans an import sees every row that existed throughout exactly once. A cursor only ' +
      'continues the list and parameters that gave it; `limit` may change. An altered or ' +
      'malformed cursor is 400 invalid_param.',
    example:
      'WzEsImRvY3RvcnMiLCJxOGtDbV9LMnRQWGhHb3dMIiwyNSxbImFsaWNlIHpoYW5nIiwiOTAwMDAxIl1d.3n0xWb1mYQ8pK2Zr7cT4hA',
  })
  @StringParam()
  @IsOptional()
  @IsString({ message: 'cursor must be a string.' })
  @MaxLength(1024, {
    message:
      'cursor is malformed: send the nextCursor of a previous page exactly as it was received.',
  })
  cursor?: string;
}

/** The doctor filters shared by doctors, clinics and specialists. */
export class DirectoryFiltersQueryDto extends PaginationQueryDto {
  @ApiPropertyOptional({
    ...NAME_LIST,
    description:
      'Specialties, comma-separated; matches any of them (case-insensitive; names as GET /metadata/specialties lists them).',
    example: 'Family Medicine,Pediatrics',
  })
  @ListParam()
  @IsOptional()
  @IsString({ each: true, message: 'specialties must be a comma-separated list.' })
  specialties?: string[];

  @ApiPropertyOptional({
    type: String,
    description: 'Single specialty; ignored when `specialties` is sent.',
    example: 'Cardiology',
  })
  @StringParam()
  @IsOptional()
  @IsString({ message: 'specialty must be a string.' })
  @MaxLength(100, { message: 'specialty must be at most 100 characters.' })
  specialty?: string;

  @ApiPropertyOptional({
    type: Boolean,
    description: 'true keeps only rows accepting new patients; false only those not.',
    example: true,
  })
  @BoolParam()
  @IsOptional()
  @IsBoolean({ message: `accepting ${BOOL}` })
  accepting?: boolean;

  @ApiPropertyOptional({ enum: GENDERS, description: "The doctor's gender.", example: 'female' })
  @StringParam()
  @IsOptional()
  @IsIn(GENDERS, { message: `gender must be one of ${GENDERS.join(', ')}.` })
  gender?: Gender;

  @ApiPropertyOptional({
    ...NAME_LIST,
    description:
      'Spoken languages, comma-separated; matches any of them (case-insensitive; names as GET /metadata/languages lists them).',
    example: 'French,Tamil',
  })
  @ListParam()
  @IsOptional()
  @IsString({ each: true, message: 'languages must be a comma-separated list.' })
  languages?: string[];

  @ApiPropertyOptional({ type: 'integer', minimum: 0, description: YEARS('Minimum'), example: 5 })
  @IntParam()
  @IsOptional()
  @IsInt({ message: `minYears ${UINT}` })
  @Min(0, { message: `minYears ${UINT}` })
  @Max(150, { message: 'minYears must be at most 150.' })
  minYears?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, description: YEARS('Maximum'), example: 30 })
  @IntParam()
  @IsOptional()
  @IsInt({ message: `maxYears ${UINT}` })
  @Min(0, { message: `maxYears ${UINT}` })
  @Max(150, { message: 'maxYears must be at most 150.' })
  maxYears?: number;

  @ApiPropertyOptional({
    type: Boolean,
    description: 'Clinic open after 5 PM on at least one weekday.',
    example: true,
  })
  @BoolParam()
  @IsOptional()
  @IsBoolean({ message: `evening ${BOOL}` })
  evening?: boolean;

  @ApiPropertyOptional({
    type: Boolean,
    description: 'Clinic open Saturday or Sunday.',
    example: true,
  })
  @BoolParam()
  @IsOptional()
  @IsBoolean({ message: `weekend ${BOOL}` })
  weekend?: boolean;

  @ApiPropertyOptional({
    type: Boolean,
    description: 'Clinic is wheelchair-accessible.',
    example: true,
  })
  @BoolParam()
  @IsOptional()
  @IsBoolean({ message: `wheelchair ${BOOL}` })
  wheelchair?: boolean;

  @ApiPropertyOptional({
    type: Boolean,
    description: 'Clinic offers virtual visits.',
    example: true,
  })
  @BoolParam()
  @IsOptional()
  @IsBoolean({ message: `virtualVisits ${BOOL}` })
  virtualVisits?: boolean;

  @ApiPropertyOptional({
    type: Boolean,
    description: 'Clinic within 500 m of a TTC subway station.',
    example: true,
  })
  @BoolParam()
  @IsOptional()
  @IsBoolean({ message: `nearTTC ${BOOL}` })
  nearTTC?: boolean;

  @ApiPropertyOptional({
    type: Boolean,
    description:
      "true keeps only rows whose clinic (a doctor's primary clinic) is open at the time of the " +
      'request, in Toronto time, with its dated exceptions and Ontario public holidays applied; ' +
      'clinics with unknown hours are left out. Only true is accepted; not with openAt.',
    example: true,
  })
  @BoolParam()
  @IsOptional()
  @IsBoolean({ message: `openNow ${BOOL}` })
  openNow?: boolean;

  @ApiPropertyOptional({
    type: String,
    // Not format date-time: the local form without an offset (the example) is not RFC 3339.
    pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:\\d{2})?$',
    description:
      'Keeps only rows whose clinic is open at this moment: ISO 8601, Toronto time when it has ' +
      'no offset (2026-12-26T10:00), or with Z / ±HH:MM; from today up to 60 days ahead. ' +
      "Applies the clinic's dated exceptions and Ontario's nine public holidays. Anything else " +
      'is 400 invalid_param. Not with openNow.',
    example: '2026-12-26T10:00',
  })
  @StringParam()
  @IsOptional()
  @IsString({ message: 'openAt must be an ISO 8601 date-time such as 2026-12-26T10:00.' })
  @MaxLength(40, { message: 'openAt must be an ISO 8601 date-time such as 2026-12-26T10:00.' })
  openAt?: string;

  @ApiPropertyOptional({
    type: String,
    description:
      'Graded accepting status, comma-separated, any of: accepting (Plan-Net newpt), ' +
      'existing-patients-only (existptonly), existing-patients-family (existptfam), ' +
      'not-accepting (nopt), unknown (no Plan-Net code). Each at most once; anything else is ' +
      '400 invalid_param.',
    example: 'accepting,existing-patients-family',
  })
  @StringParam()
  @IsOptional()
  @IsString({ message: 'acceptingStatus must be a comma-separated list.' })
  @MaxLength(200, { message: 'acceptingStatus must be at most 200 characters.' })
  acceptingStatus?: string;
}
