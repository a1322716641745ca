import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PassThrough, pipeline, Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { bulkFileName, SYNCED_TYPES, SyncedType } from '../../../application/sync/sync.ports';
import {
  CHANGES_DEFAULT_LIMIT,
  GetBulkSnapshotUseCase,
  ListChangesUseCase,
  OpenBulkFileUseCase,
} from '../../../application/sync/sync.use-cases';
import { AppConfig } from '../../../infrastructure/config/app-config';
import { APP_CONFIG } from '../../../infrastructure/config/core.module';
import { writeNdjson } from '../../../infrastructure/directory-data/ndjson-writer';
import { Authenticated } from '../auth/auth.decorators';
import { ApiError } from '../errors/api-error';
import { ApiErrors } from '../errors/error.dto';
import { BulkManifestDto, ChangesDto, ChangesQueryDto } from './sync.dto';
import { BULK_FILE_EXAMPLE, BULK_MANIFEST_EXAMPLE, CHANGES_EXAMPLE } from './sync.examples';

/** A bulk file is immutable for its version: any cache may keep it for a year. */
export const BULK_FILE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Bulk downloads at once on one instance: each holds a database connection while it streams. */
const MAX_DOWNLOADS = 3;

const SANDBOX_REFUSAL =
  'The bulk snapshot and the change feed are for copies of the directory: they need a live, gateway or admin key. The sandbox key can try every other endpoint.';

const curl = (path: string, extra = '') =>
  `\`\`\`sh\ncurl ${extra}-H 'Authorization: Bearer $KEY' 'http://localhost:3000/api/v1${path}'\n\`\`\``;

const FILES = new Map<string, SyncedType>(SYNCED_TYPES.map((t) => [bulkFileName(t), t]));

function refuseSandbox(req: FastifyRequest): void {
  if (req.principal?.tier === 'sandbox') throw new ApiError('forbidden', SANDBOX_REFUSAL);
}

function acceptsGzip(req: FastifyRequest): boolean {
  const ae = req.headers['accept-encoding'];
  if (typeof ae !== 'string') return false;
  return ae.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  return (
    typeof ifNoneMatch === 'string' &&
    ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag || t.trim() === '*')
  );
}

/**
 * Keeping a copy in sync (docs/sync.md): the bulk snapshot of the current data version (a
 * manifest and one NDJSON file per record type) and the change feed that follows it.
 */
@ApiTags('sync')
@Authenticated()
@ApiErrors(400, 403, 429, 503)
@Controller()
export class SyncController {
  private downloads = 0;

  constructor(
    private readonly snapshot: GetBulkSnapshotUseCase,
    private readonly openFile: OpenBulkFileUseCase,
    private readonly listChanges: ListChangesUseCase,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('bulk')
  @ApiOperation({
    operationId: 'getBulkManifest',
    summary: 'The bulk snapshot: a manifest of one NDJSON file per record type',
    description:
      'The directory as of its current data version, as a Bulk Data publish manifest: `transactionTime`, one file per record type (clinics, doctors, offerings, reviews) with its URL and record count, and the change-feed cursor to follow afterwards. The ETag is the data version; send it as If-None-Match to get 304 until the directory changes. Live, gateway and admin keys; the sandbox key gets 403.\n\n' +
      curl('/bulk'),
  })
  @ApiOkResponse({
    type: BulkManifestDto,
    description: 'The manifest of the current data version',
    example: BULK_MANIFEST_EXAMPLE,
  })
  @ApiResponse({
    status: 304,
    description: 'Not modified: the If-None-Match data version is current',
  })
  async manifest(
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<BulkManifestDto> {
    refuseSandbox(req);
    const s = await this.snapshot.execute();
    // The conditional-GET hook keeps this ETag and answers 304 to it.
    void reply.header('ETag', `"${s.version.version}"`);
    return BulkManifestDto.from(s, this.base(req));
  }

  @Get('bulk/:version/:file')
  @ApiOperation({
    operationId: 'getBulkFile',
    summary: 'One NDJSON file of the bulk snapshot',
    description:
      "The records of one type at one data version, one interchange record (schemas/directory-record.schema.json) a line, in key order. The content of a URL never changes (`Cache-Control: public, max-age=31536000, immutable`); every instance serves the same bytes; gzip when Accept-Encoding allows. Once the directory has changed, the old version's files are 410 `gone`: fetch the manifest again. Each file counts as one request against the rate limit.\n\n" +
      curl('/bulk/17/doctors.ndjson', '--compressed '),
  })
  @ApiParam({ name: 'version', description: 'The data version, from the manifest', example: '17' })
  @ApiParam({
    name: 'file',
    description: 'clinics.ndjson, doctors.ndjson, offerings.ndjson or reviews.ndjson',
    example: 'doctors.ndjson',
  })
  @ApiOkResponse({
    description: 'The records, one JSON object a line',
    content: {
      'application/x-ndjson': {
        schema: {
          type: 'string',
          description: 'One interchange record (JSON) a line, in key order',
        },
        example: BULK_FILE_EXAMPLE,
      },
    },
  })
  @ApiResponse({ status: 304, description: 'Not modified: the file never changes' })
  @ApiErrors(404, 410)
  async file(
    @Param('version') version: string,
    @Param('file') file: string,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    refuseSandbox(req);
    const type = FILES.get(file);
    if (!type)
      throw new ApiError(
        'not_found',
        `No bulk file ${JSON.stringify(file.slice(0, 40))}: the manifest lists the files.`,
      );
    const gzip = acceptsGzip(req);
    const etag = `"${version.slice(0, 20)}-${type}${gzip ? '-gz' : ''}"`;
    if (matches(req.headers['if-none-match'], etag)) {
      await reply
        .code(304)
        .header('ETag', etag)
        .header('Cache-Control', BULK_FILE_CACHE_CONTROL)
        .send();
      return;
    }
    if (this.downloads >= MAX_DOWNLOADS)
      throw new ApiError(
        'unavailable',
        'This instance is serving as many bulk downloads as it can; retry in a minute.',
        { 'Retry-After': '60' },
      );
    this.downloads++;
    let opened: Awaited<ReturnType<OpenBulkFileUseCase['execute']>>;
    try {
      opened = await this.openFile.execute(version, type);
    } catch (e) {
      this.downloads--;
      throw e;
    }
    const lines = new PassThrough();
    let body: Readable = lines;
    if (gzip) {
      const zipped = createGzip();
      pipeline(lines, zipped, () => undefined);
      body = zipped;
    }
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      this.downloads--;
      void opened.close();
    };
    body.once('close', finish);
    writeNdjson(opened.records, lines).then(
      () => lines.end(),
      (e: Error) => {
        // The client went away, or the read failed: the answer is cut short (a truncated file
        // fails its count and its gzip check, so a client never takes it for whole).
        lines.destroy(e);
        body.destroy(e);
        finish();
      },
    );
    void reply
      .header('Content-Type', 'application/x-ndjson; charset=utf-8')
      .header('Cache-Control', BULK_FILE_CACHE_CONTROL)
      .header('ETag', etag)
      .header('Vary', 'Accept-Encoding');
    if (gzip) void reply.header('Content-Encoding', 'gzip');
    await reply.send(body);
  }

  @Get('changes')
  @ApiOperation({
    operationId: 'listChanges',
    summary: 'What changed after a cursor: upserts and deletes, oldest first',
    description:
      "The change feed: for doctors, clinics, offerings and reviews, an `upsert` with the record as it is now (the bulk files' format) or a `delete` with the record's key (expired doctors, removed clinics, offerings and reviews), after the cursor `since`, oldest first, at most `limit` (default 100, at most 1,000). Send `next` as `since` next time; `hasMore` true means ask again at once. Without `since` the answer is the current version's cursor. A cursor older than the retention (CHANGES_RETENTION_DAYS) is 410 `gone`: take the bulk snapshot again. Live, gateway and admin keys.\n\n" +
      curl(`/changes?since=${encodeURIComponent('MTg0Mi5xRjR3T2ZjUw')}&limit=500`),
  })
  @ApiOkResponse({
    type: ChangesDto,
    description: 'A page of changes and the cursor to go on from',
    example: CHANGES_EXAMPLE,
  })
  @ApiErrors(410)
  async changes(@Query() q: ChangesQueryDto, @Req() req: FastifyRequest): Promise<ChangesDto> {
    refuseSandbox(req);
    return ChangesDto.from(
      await this.listChanges.execute(q.since, q.limit ?? CHANGES_DEFAULT_LIMIT),
    );
  }

  /** Where the files are: PUBLIC_URL when set, else the address the request came to. */
  private base(req: FastifyRequest): string {
    return (this.config.checkout.publicUrl ?? `${req.protocol}://${req.host}`).replace(/\/+$/, '');
  }
}
