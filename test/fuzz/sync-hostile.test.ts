import fc from 'fast-check';
import { AddressInfo } from 'node:net';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { encodeChangeCursor } from '../../src/application/sync/change-cursor';
import { HOSTILE, long, number, NUMBERS, param, query, token } from './hostile-values';
import { ERROR_CODES } from '../../src/domain/shared/domain-error';
import { runImportCommand } from '../../src/interface/cli/commands/directory-data.command';
import { C1, C2, FIXTURE_NOW, loadDirectoryFixture } from '../fixtures/directory.fixture';
import { authHeaders } from '../support/auth';
import { FixedClock } from '../support/fixed-clock';
import { Answer, exchange } from '../support/raw-exchange';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/**
 * Hostile values on the endpoints of issue 34 (the change feed, cursors on every list, batch
 * lookups, the bulk snapshot and its files) and on the FHIR searches and reads: NUL, invalid and
 * overlong UTF-8, 5,000-character and 40-digit values, negative, NaN and out-of-range numbers,
 * repeated parameters, 500 CPSO numbers, valid tokens altered, at the 127.0.0.1 and localhost Host
 * headers, with live, admin and sandbox keys. Every answer must be one the endpoints document
 * (200, 304, 400, 403, 404, 410), a 4xx in the contract's shape (an OperationOutcome under
 * /fhir), never a 5xx, a stack trace or SQL text. Sent byte for byte over real sockets.
 * FUZZ_SEED and FUZZ_RUNS override the fixed seed and the number of cases.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261127);
const RUNS = Number(process.env.FUZZ_RUNS ?? 3000);
// 431 `headers_too_large`: a request line over the server's header limit (several 5,000-character
// values in one URL), answered before any route, in the contract's shape.
const ALLOWED = new Set([200, 304, 400, 403, 404, 410, 431]);
const LEAKS = [
  /\bat [\w.<>]+ \(/,
  /\.(ts|js):\d+/,
  /node_modules/,
  /\/work\//,
  /QueryFailedError/,
  /\bpg_/,
];
/** SQL text: checked on every answer but the data of a 200 (whose reviews are free text). */
const SQL = /\b(SELECT|INSERT|WHERE|syntax error)\b/i;

describe(`hostile input on the sync endpoints, cursors, batch lookups and FHIR (fast-check, seed ${SEED}, ${RUNS} cases)`, () => {
  let db: TestDatabase;
  let t: TestApp;
  let port: number;
  let keys: Record<'live' | 'admin' | 'sandbox', Record<string, string>>;
  /** Valid tokens of this database, which the generators alter. */
  const valid = {
    since: [] as string[],
    cursors: new Map<string, string>(),
    bulkFiles: [] as string[],
    manifestEtag: '',
    fhirPage: '',
  };
  let requests = 0;
  const statuses: Record<number, number> = {};

  const get = async (path: string, key: 'live' | 'admin' = 'live') => {
    const r = await t.app.inject({ method: 'GET', url: `/api/v1${path}`, headers: keys[key] });
    expect([path, r.statusCode]).toEqual([path, 200]);
    return r;
  };

  beforeAll(async () => {
    db = await createTestDatabase('fuzzsync');
    await loadDirectoryFixture(db.dataSource);
    // A change log to page through: an import of the import fixture (clinics, doctors, reviews).
    const file = join(__dirname, '..', 'fixtures', 'import', 'good.ndjson');
    const report = join(tmpdir(), `gtad-sync-fuzz-${process.pid}.rejected.ndjson`);
    const imported = await runImportCommand(
      [file, '--source', 'partner-registry-2026', '--add-names', '--report', report],
      db.dataSource,
      {
        stdin: new PassThrough(),
        stderr: new PassThrough(),
      },
    );
    rmSync(report, { force: true });
    t = await createTestApp(
      db,
      {
        SANDBOX_RATE_PER_MIN: '1000000',
        LIVE_RATE_PER_MIN: '1000000',
        AUTH_FAILURES_PER_MIN: '1000000',
      },
      new FixedClock(FIXTURE_NOW),
    );
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
    keys = {
      live: await authHeaders(t, 'live'),
      admin: await authHeaders(t, 'admin'),
      sandbox: await authHeaders(t, 'sandbox'),
    };
    const [v] = await db.dataSource.query<{ floor_seq: string; last_seq: string }[]>(
      'SELECT floor_seq::text, last_seq::text FROM directory_versions ORDER BY version DESC LIMIT 1',
    );
    expect([imported.rejected, Number(v.last_seq) > Number(v.floor_seq)]).toEqual([0, true]);
    valid.since.push(encodeChangeCursor(Number(v.floor_seq)), (await get('/changes')).json().next);
    const lists: [string, string][] = [
      ['doctors', '/doctors?limit=1'],
      ['search', '/doctors/search?q=al&limit=1'],
      ['clinics', '/clinics?limit=1'],
      ['specialists', '/specialists?specialty=Cardiology&limit=1'],
      ['clinic reviews', `/clinics/${C1}/reviews?limit=1`],
    ];
    const [{ cpso }] = await db.dataSource.query<{ cpso: string }[]>(
      `SELECT d.cpso_number AS cpso FROM reviews r JOIN doctors d ON d.id = r.doctor_id
        WHERE d.expired_at IS NULL GROUP BY d.cpso_number HAVING count(*) > 1 ORDER BY 1 LIMIT 1`,
    );
    lists.push(['doctor reviews', `/doctors/${cpso}/reviews?limit=1`]);
    for (const [name, path] of lists) {
      const next = (await get(path)).json().nextCursor as string | null;
      expect([name, typeof next]).toEqual([name, 'string']);
      valid.cursors.set(path.split('?')[0], next!);
    }
    const manifest = await get('/bulk');
    valid.manifestEtag = manifest.headers.etag as string;
    valid.bulkFiles = (manifest.json().output as { url: string }[]).map((o) =>
      o.url.replace(/^(https?:\/\/[^/]+)?\/api\/v1/, ''),
    );
    const bundle = (await get('/fhir/Practitioner?_count=1')).json();
    const next = (bundle.link as { relation: string; url: string }[]).find(
      (l) => l.relation === 'next',
    );
    valid.fhirPage = new URL(next!.url).searchParams.get('_page')!;
    process.stdout.write(`sync fuzz: seed ${SEED}, ${RUNS} cases\n`);
  });
  afterAll(async () => {
    process.stdout.write(`sync fuzz: ${requests} requests, statuses ${JSON.stringify(statuses)}\n`);
    await t?.close();
    await db?.drop();
  });

  const cpsoList = fc.oneof(
    fc
      .integer({ min: 1, max: 500 })
      .map((n) => Array.from({ length: n }, (_, i) => String(900001 + (i % 250))).join(',')),
    fc.constantFrom('900001,900001,900001', '900001,,', ',', '9'.repeat(40), '-1,NaN'),
    fc.constantFrom(...HOSTILE),
    long,
  );
  const idList = fc.oneof(
    fc
      .integer({ min: 1, max: 150 })
      .map((n) => Array.from({ length: n }, (_, i) => (i % 2 ? C1 : C2.toUpperCase())).join(',')),
    fc.constantFrom(`${C1}%00`, `${C1},x`, C1.replace(/-/g, ''), `{${C1}}`),
    fc.constantFrom(...HOSTILE),
    long,
  );

  const FHIR_TYPES = [
    'Practitioner',
    'PractitionerRole',
    'Location',
    'Organization',
    'HealthcareService',
  ];
  // Lazy: the valid tokens are read in beforeAll, after the generators are built.
  const listPath = () => fc.constant(null).chain(() => fc.constantFrom(...valid.cursors.keys()));

  const target = fc.oneof(
    query(
      param(
        'since',
        token(() => valid.since),
      ),
      param('limit', number),
    ).map((q) => `/changes?${q}`),
    fc
      .tuple(
        listPath(),
        query(
          param(
            'cursor',
            token(() => [...valid.cursors.values()]),
          ),
          param('limit', number),
          param('offset', number),
        ),
      )
      .map(([path, q]) => {
        const base =
          path === '/doctors/search'
            ? 'q=al&'
            : path === '/specialists'
              ? 'specialty=Cardiology&'
              : '';
        return `${path}?${base}${q}`;
      }),
    query(
      param('cpso', cpsoList),
      param('limit', number),
      param(
        'cursor',
        token(() => [valid.cursors.get('/doctors')!]),
      ),
    ).map((q) => `/doctors?${q}`),
    query(param('id', idList), param('include', fc.constantFrom('doctors', '%00', 'x'))).map(
      (q) => `/clinics?${q}`,
    ),
    fc.constant('/bulk'),
    fc
      .tuple(
        fc.oneof(
          fc.constant(null).chain(() => fc.constantFrom(...valid.bulkFiles)),
          fc
            .tuple(
              fc.oneof(fc.constantFrom(...NUMBERS), fc.constantFrom(...HOSTILE), long),
              fc.oneof(
                fc.constantFrom('doctors.ndjson', 'clinics.ndjson', 'x.ndjson', '..%2f', '%00'),
                long,
              ),
            )
            .map(([v, f]) => `/bulk/${v}/${f}`),
          fc
            .tuple(
              fc.constant(null).chain(() => fc.constantFrom(...valid.bulkFiles)),
              fc.constantFrom('%00', '.gz', '/x', '?x=%00', '%2e%2e'),
            )
            .map(([u, s]) => u + s),
        ),
      )
      .map(([u]) => u),
    fc
      .tuple(
        fc.constantFrom(...FHIR_TYPES),
        query(
          param('_count', number),
          param(
            '_page',
            token(() => [valid.fhirPage]),
          ),
          param(
            '_cursor',
            token(() => [valid.fhirPage]),
          ),
          param(
            'near',
            fc.oneof(
              fc.constantFrom(
                '43.66|-79.39|5|km',
                '43.66|-79.39|5000|m',
                '91|0|1|km',
                'NaN|NaN',
                '43.66|-79.39|-1|km',
                '43.66%7C-79.39%7C1e309%7Ckm',
              ),
              fc.constantFrom(...HOSTILE),
              long,
            ),
          ),
          param(
            '_include',
            fc.constantFrom(
              'PractitionerRole:practitioner',
              'Location:organization',
              'PractitionerRole:*',
              '*',
              '%00',
              'x:y:z',
            ),
          ),
        ),
      )
      .map(([type, q]) => `/fhir/${type}?${q}`),
    fc
      .tuple(
        fc.constantFrom(...FHIR_TYPES),
        fc.oneof(fc.constantFrom(...HOSTILE), fc.constantFrom(...NUMBERS), long),
      )
      .map(([type, id]) => `/fhir/${type}/${id}`),
  );

  const request = fc.record({
    path: target,
    host: fc.constantFrom('127.0.0.1', 'localhost', 'localhost:3000', '127.0.0.1:80'),
    key: fc.constantFrom('live', 'live', 'admin', 'sandbox'),
    ifNoneMatch: fc.boolean(),
  });

  function wire(r: { path: string; host: string; key: string; ifNoneMatch: boolean }): Buffer {
    const lines = [`GET /api/v1${r.path} HTTP/1.1`, `Host: ${r.host}`, 'Connection: close'];
    for (const [k, v] of Object.entries(keys[r.key as 'live'])) lines.push(`${k}: ${v}`);
    if (r.ifNoneMatch && valid.manifestEtag) lines.push(`If-None-Match: ${valid.manifestEtag}`);
    return Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  }

  function check(path: string, a: Answer): void {
    const where = `GET ${path.slice(0, 200)}`;
    statuses[a.status] = (statuses[a.status] ?? 0) + 1;
    if (!ALLOWED.has(a.status))
      throw new Error(`${where}: status ${a.status} ${a.body.slice(0, 300)}`);
    for (const leak of LEAKS)
      if (leak.test(a.body))
        throw new Error(`${where}: body leaks ${leak}: ${a.body.slice(0, 300)}`);
    if (a.status === 200 || a.status === 304) return;
    if (SQL.test(a.body)) throw new Error(`${where}: SQL text in ${a.body.slice(0, 300)}`);
    let body: Json;
    try {
      body = JSON.parse(a.body);
    } catch {
      throw new Error(`${where}: ${a.status} without a JSON body: ${a.body.slice(0, 200)}`);
    }
    // Under /fhir an OperationOutcome, except what the server answers from the socket before
    // any request exists (a request line Node cannot parse, headers over the limit): v1's body,
    // without a requestId, as for every path.
    const fhir = path.startsWith('/fhir/') && !(body.error && body.requestId === undefined);
    const code = fhir
      ? body.resourceType === 'OperationOutcome' && body.issue?.[0]?.details?.text
      : body.error;
    const message = fhir ? body.issue?.[0]?.diagnostics : body.message;
    if (!ERROR_CODES.includes(code) || typeof message !== 'string')
      throw new Error(
        `${where}: ${a.status} not in the contract's error shape: ${a.body.slice(0, 200)}`,
      );
  }

  it('every hostile request is answered 200/304/400/403/404/410 in the contract shape, leaking nothing', async () => {
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        requests++;
        check(r.path, await exchange(port, wire(r)));
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    process.stdout.write(
      `sync fuzz: ${RUNS} cases in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );
    // Each kind of answer was reached (the generators are not all refused at the same door).
    for (const status of [200, 400, 403, 404, 410])
      expect([status, statuses[status] > 0]).toEqual([status, true]);
  });

  it('answers the documented status for fixed hostile requests', async () => {
    const send = async (path: string, key: 'live' | 'sandbox' = 'live', host = 'localhost') => {
      const a = await exchange(port, wire({ path, host, key, ifNoneMatch: false }));
      check(path, a);
      return [
        a.status,
        a.status === 200
          ? 'ok'
          : (JSON.parse(a.body).error ?? JSON.parse(a.body).issue[0].details.text),
      ];
    };
    const many = Array.from({ length: 500 }, (_, i) => String(900001 + i)).join(',');
    const since = valid.since[0];
    const cursor = valid.cursors.get('/doctors')!;
    expect(await send(`/doctors?cpso=${many}`)).toEqual([400, 'invalid_param']);
    expect(await send(`/changes?since=${since}%00`)).toEqual([400, 'invalid_param']);
    expect(await send(`/changes?since=${'9'.repeat(40)}`)).toEqual([400, 'invalid_param']);
    expect(await send(`/changes?since=${since}&limit=-1`)).toEqual([400, 'invalid_param']);
    expect(await send(`/changes?since=${since}&limit=NaN`)).toEqual([400, 'invalid_param']);
    // Above the ceiling, limit is capped (as the lists' is): 1,000 changes at most.
    expect(await send(`/changes?since=${since}&limit=1001`)).toEqual([200, 'ok']);
    expect(await send(`/changes?since=${since}&since=${since}`)).toEqual([400, 'invalid_param']);
    expect(await send(`/changes?since=${encodeChangeCursor(10 ** 15)}`)).toEqual([410, 'gone']);
    expect(await send(`/changes?since=${since}`, 'sandbox')).toEqual([403, 'forbidden']);
    expect(await send(`/changes?since=${since}&limit=1000`)).toEqual([200, 'ok']);
    expect(await send(`/doctors?cursor=${cursor.slice(0, -1)}`)).toEqual([400, 'invalid_param']);
    expect(await send(`/doctors?cursor=${cursor}%e2%28%a1`)).toEqual([400, 'invalid_param']);
    expect(await send(`/doctors?cursor=${cursor}&offset=0`)).toEqual([400, 'invalid_param']);
    expect(await send(`/clinics?cursor=${cursor}`)).toEqual([400, 'invalid_param']);
    expect(await send(`/doctors?cursor=${cursor}`, 'live', '127.0.0.1')).toEqual([200, 'ok']);
    expect(await send(`/bulk/${'9'.repeat(40)}/doctors.ndjson`)).toEqual([410, 'gone']);
    expect(await send(`/bulk/%00/doctors.ndjson`)).toEqual([400, 'invalid_param']);
    expect(await send('/bulk', 'sandbox')).toEqual([403, 'forbidden']);
    expect(await send('/fhir/Practitioner?_count=-1')).toEqual([400, 'invalid_param']);
    expect(await send(`/fhir/Practitioner?_page=${valid.fhirPage}x`)).toEqual([
      400,
      'invalid_param',
    ]);
    expect(await send('/fhir/Location?near=NaN|NaN')).toEqual([400, 'invalid_param']);
    // A path segment past the router's limit: an OperationOutcome under /fhir (was v1's body).
    expect(await send(`/fhir/Practitioner/${'9'.repeat(300)}`)).toEqual([400, 'invalid_param']);
  });
});
