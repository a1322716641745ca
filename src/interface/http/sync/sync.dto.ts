import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import {
  BulkSnapshot,
  bulkFileName,
  Change,
  ChangePage,
  SYNCED_TYPES,
  SyncedType,
} from '../../../application/sync/sync.ports';
import { encodeChangeCursor } from '../../../application/sync/change-cursor';
import { CHANGES_DEFAULT_LIMIT, CHANGES_MAX_LIMIT } from '../../../application/sync/sync.use-cases';
import { IntParam, StringParam } from '../common/query-transforms';

const EXAMPLE_CURSOR = encodeChangeCursor(1842);
const EXAMPLE_TIME = '2026-11-26T21:04:13.512Z';

export class BulkOutputDto {
  @ApiProperty({
    enum: SYNCED_TYPES,
    description:
      "The records' type (their `type` field): load clinics first, then doctors, offerings and reviews.",
    example: 'doctor',
  })
  type!: SyncedType;
  @ApiProperty({
    description:
      "The NDJSON file of this type at this data version: immutable, gzip when accepted. Under the service's PUBLIC_URL when it is set, else relative to the manifest's address (never from the request's Host header).",
    example: '/api/v1/bulk/17/doctors.ndjson',
  })
  url!: string;
  @ApiProperty({ type: 'integer', description: 'Records (lines) in the file.', example: 2998 })
  count!: number;
}

/** The bulk publish manifest of the Bulk Data guide, for the directory's current data version. */
export class BulkManifestDto {
  @ApiProperty({
    format: 'date-time',
    description: 'When the data version the files hold was committed.',
    example: EXAMPLE_TIME,
  })
  transactionTime!: string;
  @ApiProperty({
    description:
      'The request this manifest answers (under PUBLIC_URL when it is set, else relative).',
    example: '/api/v1/bulk',
  })
  request!: string;
  @ApiProperty({
    description: 'The files need the same key as the manifest (a live, gateway or admin key).',
    example: true,
  })
  requiresAccessToken!: boolean;
  @ApiProperty({
    description: 'The data version (opaque; also the ETag and a segment of every file URL).',
    example: '17',
  })
  dataVersion!: string;
  @ApiProperty({
    description:
      'The cursor of this version: GET /api/v1/changes?since=<it> after loading the files.',
    example: EXAMPLE_CURSOR,
  })
  changesCursor!: string;
  @ApiProperty({ type: [BulkOutputDto], description: 'One file per record type.' })
  output!: BulkOutputDto[];
  @ApiProperty({
    type: 'array',
    items: { type: 'object' },
    description: 'Always empty: a full snapshot deletes nothing.',
    example: [],
  })
  deleted!: object[];
  @ApiProperty({
    type: 'array',
    items: { type: 'object' },
    description: 'Always empty: no file failed.',
    example: [],
  })
  error!: object[];

  static from(s: BulkSnapshot, base: string): BulkManifestDto {
    const v = s.version.version;
    return {
      transactionTime: s.version.transactionTime.toISOString(),
      request: `${base}/api/v1/bulk`,
      requiresAccessToken: true,
      dataVersion: v,
      changesCursor: encodeChangeCursor(s.version.lastSeq),
      output: SYNCED_TYPES.map((type) => ({
        type,
        url: `${base}/api/v1/bulk/${v}/${bulkFileName(type)}`,
        count: s.counts[type],
      })),
      deleted: [],
      error: [],
    };
  }
}

export class ChangesQueryDto {
  @ApiPropertyOptional({
    type: String,
    description:
      "The `next` of the previous answer (or the manifest's `changesCursor`). Without it the answer is the current version's cursor and no changes.",
    example: EXAMPLE_CURSOR,
  })
  @StringParam()
  @IsOptional()
  @IsString({ message: 'since must be a cursor.' })
  @MaxLength(64, { message: 'since is not a cursor of this change feed.' })
  since?: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    default: CHANGES_DEFAULT_LIMIT,
    description: `Changes per page; values above ${CHANGES_MAX_LIMIT} are capped at ${CHANGES_MAX_LIMIT}.`,
    example: 500,
  })
  @IntParam()
  @IsOptional()
  @IsInt({ message: 'limit must be a whole number of 0 or more.' })
  @Min(0, { message: 'limit must be a whole number of 0 or more.' })
  limit?: number;
}

export class ChangeDto {
  @ApiProperty({ enum: SYNCED_TYPES, description: 'The record type.', example: 'doctor' })
  type!: SyncedType;
  @ApiProperty({
    enum: ['upsert', 'delete'],
    description: '`upsert`: store `record` under `key`; `delete`: remove the record with `key`.',
    example: 'upsert',
  })
  op!: 'upsert' | 'delete';
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      "The record's interchange key: `cpsoNumber` (doctor), `source` + `sourceId` (clinic, review), `clinic` + `specialty` (offering).",
    example: { cpsoNumber: '920479' },
  })
  key!: Record<string, unknown>;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description:
      'Upserts only: the record as it is now, in the interchange format (schemas/directory-record.schema.json), as in the bulk files.',
    example: {
      type: 'doctor',
      source: 'cpso-scrape',
      cpsoNumber: '920479',
      name: 'François Leblanc',
    },
  })
  record?: object;

  static from(c: Change): ChangeDto {
    return c.op === 'upsert'
      ? { type: c.type, op: c.op, key: { ...c.key }, record: c.record }
      : { type: c.type, op: c.op, key: { ...c.key } };
  }
}

export class ChangesDto {
  @ApiProperty({ type: [ChangeDto], description: 'The changes after `since`, oldest first.' })
  changes!: ChangeDto[];
  @ApiProperty({ type: 'integer', description: 'Changes in this page.', example: 2 })
  count!: number;
  @ApiProperty({ description: 'The cursor to send as `since` next time.', example: EXAMPLE_CURSOR })
  next!: string;
  @ApiProperty({
    description: 'More changes follow now: ask again at once with `next`; false: poll later.',
    example: false,
  })
  hasMore!: boolean;
  @ApiProperty({ description: 'The data version this page was read at.', example: '17' })
  dataVersion!: string;
  @ApiProperty({
    format: 'date-time',
    description: 'When that data version was committed.',
    example: EXAMPLE_TIME,
  })
  transactionTime!: string;

  static from(p: ChangePage): ChangesDto {
    const changes = p.changes.map((c) => ChangeDto.from(c));
    return {
      changes,
      count: changes.length,
      next: encodeChangeCursor(p.next),
      hasMore: p.hasMore,
      dataVersion: p.version.version,
      transactionTime: p.version.transactionTime.toISOString(),
    };
  }
}
