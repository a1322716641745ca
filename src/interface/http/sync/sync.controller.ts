import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pipeline, Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import {
  bulkFileName,
  StoredBulkFile,
  SYNCED_TYPES,
  SyncedType,
} from '../../../application/sync/sync.ports';
import {
  CHANGES_DEFAULT_LIMIT,
  GetBulkSnapshotUseCase,
  ListChangesUseCase,
  OpenBulkFileUseCase,
} from '../../../application/sync/sync.use-cases';
import { AppConfig } from '../../../infrastructure/config/app-config';
import { APP_CONFIG } from '../../../infrastructure/config/core.module';
import { Authenticated } from '../auth/auth.decorators';
import { ApiError } from '../errors/api-error';
import { ApiErrors } from '../errors/error.dto';
import { BulkManifestDto, ChangesDto, ChangesQueryDto } from './sync.dto';
import { BULK_FILE_EXAMPLE, BULK_MANIFEST_EXAMPLE, CHANGES_EXAMPLE } from './sync.examples';

/** A bulk file is immutable for its version: any cache may keep it for a year. */
export const BULK_FILE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Seconds a client refused a download slot is told to wait (Retry-After). */
const SLOT_RETRY_SECONDS = 30;

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
  /** Downloads under way on this instance, in all and per rate key (key chain or gateway user). */
  private downloads = 0;
  private readonly downloadsOf = new Map<string, number>();

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
      "The directory as of its current data version, as a Bulk Data publish manifest: `transactionTime`, one file per record type (clinics, doctors, offerings, reviews) with its URL and record count, and the change-feed cursor to follow afterwards. The URLs start with the service's PUBLIC_URL when it is set, else they are relative to the manifest's own address (resolve them against the URL you fetched); never built from the Host header. The ETag is the data version; send it as If-None-Match to get 304 until the directory changes. Live, gateway and admin keys; the sandbox key gets 403.\n\n" +
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
    return BulkManifestDto.from(s, this.base());
  }

  @Get('bulk/:version/:file')
  @ApiOperation({
    operationId: 'getBulkFile',
    summary: 'One NDJSON file of the bulk snapshot',
    description:
      "The records of one type at one data version, one interchange record a line (its JSON Schema: `GET /schemas/directory-record.schema.json`), in key order. The content of a URL never changes (`Cache-Control: public, max-age=31536000, immutable`); every instance serves the same bytes; gzip when Accept-Encoding allows (ask for it: the file is stored compressed). Once the directory has changed, the old version's files are 410 `gone`: fetch the manifest again. Each file counts as one request against the rate limit. By default a key may have 2 downloads at once on an instance (BULK_DOWNLOADS_PER_KEY; a third is 429 `rate_limited` with Retry-After), an instance serves 32 at once (BULK_DOWNLOADS_PER_INSTANCE; then 503 with Retry-After), and a download still going after 30 minutes (BULK_DOWNLOAD_MAX_SECONDS) is cut short: take it again faster.\n\n" +
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
          description:
            'One interchange record (JSON) a line, in key order; each line validates against GET /schemas/directory-record.schema.json',
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
    const release = this.takeSlot(req);
    let stored: StoredBulkFile;
    try {
      stored = await this.openFile.execute(version, type);
    } catch (e) {
      release();
      throw e;
    }
    // The file is stored gzip-compressed: sent as it is, or inflated on the way.
    let body: Readable = stored.gzip;
    let length = stored.gzipBytes;
    if (!gzip) {
      const inflated = createGunzip();
      pipeline(stored.gzip, inflated, () => undefined);
      body = inflated;
      length = stored.bytes;
    }
    // A download still going after the limit is cut (the client sees a short file: fewer bytes
    // than Content-Length, or a gzip stream without its end), so nobody keeps a slot for ever.
    // The time counts from when the file is whole: following the write is the server's pace.
    let done = false;
    let limit: NodeJS.Timeout | undefined;
    void stored.written.then(() => {
      if (done) return;
      limit = setTimeout(() => {
        reply.raw.destroy();
        body.destroy();
      }, this.config.bulk.downloadMaxSeconds * 1000);
    });
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(limit);
      stored.close();
      release();
    };
    body.once('close', finish);
    reply.raw.once('close', finish);
    void reply
      .header('Content-Type', 'application/x-ndjson; charset=utf-8')
      .header('Cache-Control', BULK_FILE_CACHE_CONTROL)
      .header('ETag', etag)
      .header('Vary', 'Accept-Encoding');
    if (length !== undefined) void reply.header('Content-Length', String(length));
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

  /**
   * Where the files are: PUBLIC_URL when set, else nothing (URLs relative to the manifest's own
   * address). Never the request's Host header: the manifest tells clients to send their key there.
   */
  private base(): string {
    return (this.config.checkout.publicUrl ?? '').replace(/\/+$/, '');
  }

  /**
   * A download slot of this instance for the request's principal, or an error: 429 when its key
   * chain (or gateway user) has BULK_DOWNLOADS_PER_KEY downloads under way here, 503 when the
   * instance has BULK_DOWNLOADS_PER_INSTANCE. Returns the release (idempotent).
   */
  private takeSlot(req: FastifyRequest): () => void {
    const { downloadsPerKey, downloadsPerInstance } = this.config.bulk;
    const who = req.principal?.rateKey ?? `ip:${req.ip}`;
    const mine = this.downloadsOf.get(who) ?? 0;
    if (mine >= downloadsPerKey)
      throw new ApiError(
        'rate_limited',
        `This key has ${downloadsPerKey} bulk downloads at once under way already (the most one key may have); retry when one has ended.`,
        { 'Retry-After': String(SLOT_RETRY_SECONDS) },
      );
    if (this.downloads >= downloadsPerInstance)
      throw new ApiError(
        'unavailable',
        'This instance is serving as many bulk downloads as it can; retry in a minute.',
        { 'Retry-After': String(SLOT_RETRY_SECONDS) },
      );
    this.downloads++;
    this.downloadsOf.set(who, mine + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.downloads--;
      const left = (this.downloadsOf.get(who) ?? 1) - 1;
      if (left > 0) this.downloadsOf.set(who, left);
      else this.downloadsOf.delete(who);
    };
  }
}
