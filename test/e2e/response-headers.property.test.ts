import { request } from 'node:http';
import fc from 'fast-check';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import pino from 'pino';
import { AppModule } from '../../src/app.module';
import { loadConfig } from '../../src/infrastructure/config/app-config';
import { DatabaseRuntime } from '../../src/infrastructure/database/database-runtime';
import { createHttpApp } from '../../src/interface/http/http-app.factory';
import { FIXTURE_NOW, loadDirectoryFixture } from '../fixtures/directory.fixture';
import { authHeaders } from '../support/auth';
import { FixedClock } from '../support/fixed-clock';
import { TEST_KEY_HASH_SECRET } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/**
 * The precomputed CORS and security headers (response-headers.hook.ts) against what
 * `@fastify/cors` (the delegator of cors.options.ts) and `app.useSecurityHeaders()` gave: two
 * instances of the application on one database, the service's and the reference
 * (`headersFromPlugins`), asked the same seeded random requests over real sockets (methods,
 * API and page paths, preflights with and without Access-Control-Request-Method/-Headers,
 * origins, Host 127.0.0.1 and localhost, Sec-Fetch-Site, credentials, If-None-Match, odd
 * request targets) must answer the same status, the same headers (names, values and repeats;
 * only Date and generated request ids aside) and the same body.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261132);
const RUNS = Number(process.env.FUZZ_RUNS ?? 600);

interface Answer {
  status: number;
  headers: string[];
  body: string;
}

let db: TestDatabase;
let service: NestFastifyApplication;
let reference: NestFastifyApplication;
let servicePort: number;
let referencePort: number;
let live: string;

async function start(headersFromPlugins: boolean): Promise<NestFastifyApplication> {
  const config = loadConfig({
    DATABASE_URL: db.url,
    KEY_HASH_SECRET: TEST_KEY_HASH_SECRET,
    LOG_LEVEL: 'silent',
    // No 429 from either instance: the two count separately, and a window may turn between
    // the two requests of a pair.
    LIVE_RATE_PER_MIN: '1000000',
    AUTH_FAILURES_PER_MIN: '1000000',
    CHECKOUT_RATE_PER_MIN: '1000000',
  });
  const database: DatabaseRuntime = {
    url: db.url,
    embedded: false,
    keyHashSecret: config.keyHashSecret!,
    stop: async () => undefined,
  };
  const app = await createHttpApp(
    AppModule.forRoot({ config, database, clock: new FixedClock(FIXTURE_NOW) }),
    config,
    pino({ level: 'silent' }),
    { headersFromPlugins },
  );
  await app.listen(0, '127.0.0.1');
  return app;
}

const portOf = (app: NestFastifyApplication) =>
  (app.getHttpServer().address() as { port: number }).port;

beforeAll(async () => {
  db = await createTestDatabase('response_headers');
  await loadDirectoryFixture(db.dataSource);
  service = await start(false);
  reference = await start(true);
  servicePort = portOf(service);
  referencePort = portOf(reference);
  live = (
    await authHeaders(
      {
        app: service,
        config: loadConfig({ DATABASE_URL: db.url }),
        dataSource: db.dataSource,
        close: async () => undefined,
      },
      'live',
    )
  ).Authorization;
}, 120_000);

afterAll(async () => {
  await service?.close();
  await reference?.close();
  await db?.drop();
});

interface Case {
  method: string;
  target: string;
  host: 'localhost' | '127.0.0.1';
  origin: string | null;
  acrm: string | null;
  acrh: string | null;
  secFetchSite: string | null;
  auth: 'none' | 'live' | 'bad';
  ifNoneMatch: string | null;
  requestId: string | null;
  body: 'none' | 'form' | 'json';
}

/** The port named in Host and same-origin Origins. */
const HOST_PORT = 4000;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** One exchange on a connection of its own; headers as `name: value` lines, in order. */
function send(port: number, c: Case): Promise<Answer> {
  // Both instances are told the same Host (and so the same origin), whichever port they listen on.
  const headers: Record<string, string> = { Host: `${c.host}:${HOST_PORT}` };
  if (c.origin !== null) headers.Origin = c.origin.replace('{port}', String(HOST_PORT));
  if (c.acrm !== null) headers['Access-Control-Request-Method'] = c.acrm;
  if (c.acrh !== null) headers['Access-Control-Request-Headers'] = c.acrh;
  if (c.secFetchSite !== null) headers['Sec-Fetch-Site'] = c.secFetchSite;
  if (c.auth === 'live') headers.Authorization = live;
  if (c.auth === 'bad') headers.Authorization = 'Bearer gtad_live_notakeynotakeynotakey';
  if (c.ifNoneMatch !== null) headers['If-None-Match'] = c.ifNoneMatch;
  if (c.requestId !== null) headers['X-Request-Id'] = c.requestId;
  const body =
    c.body === 'form' ? 'email=a%40b.example&tier=pro' : c.body === 'json' ? '{"a":1}' : '';
  if (c.body !== 'none') {
    headers['Content-Type'] =
      c.body === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
    headers['Content-Length'] = String(Buffer.byteLength(body));
  }
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: c.method,
        path: c.target,
        headers,
        setHost: false,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () => {
          const lines: string[] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            const name = res.rawHeaders[i].toLowerCase();
            if (name === 'date') continue;
            let value = res.rawHeaders[i + 1];
            // A request id the service made (none given, or an invalid one) is a fresh UUID.
            if (name === 'x-request-id') value = value.replace(UUID, 'UUID');
            // Seconds to the end of the quota's window: the two requests of a pair may straddle one.
            if (name === 'ratelimit-reset') value = 'N';
            if (name === 'ratelimit') value = value.replace(/;t=\d+/, ';t=N');
            // A checkout session made by a POST: its id and claim cookie are random.
            if (name === 'location' || name === 'set-cookie')
              value = value.replace(/[A-Za-z0-9_-]{12,}(\.[A-Za-z0-9_-]+)?/g, 'TOKEN');
            lines.push(`${name}: ${value}`);
          }
          resolve({
            status: res.statusCode ?? 0,
            headers: lines.sort(),
            // Request ids in error bodies, the dashboard forms' random CSRF tokens.
            body: Buffer.concat(chunks)
              .toString('utf8')
              .replace(UUID, 'UUID')
              .replace(/(name="_csrf" value=")[^"]*/g, '$1TOKEN'),
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const PATHS = [
  '/api/v1/ping',
  '/api/v1/',
  '/api/v1',
  '/api/v1/metadata/languages',
  '/api/v1/doctors?limit=1',
  '/api/v1/doctors?limit=abc',
  '/api/v1/doctors/search?q=ab',
  '/api/v1/doctors/99999999',
  '/api/v1/doctors/a%00b',
  '/api/v1/clinics?limit=2',
  '/api/v1/nope',
  '/api/v1/docs',
  '/api/v1/docs/swagger-ui-init.js',
  '/api/v1/openapi.json',
  '/api/v1/fhir/metadata',
  '/api/v1/fhir/Practitioner?_count=1',
  '/api/v1/mcp',
  '/api/v1/keys',
  '/api/v1/sync/changes',
  '/api/v1/doctors/%E0%A4%A',
  '/checkout',
  '/checkout/success',
  '/checkout/webhook',
  '/admin',
  '/admin/sign-in',
  '/assets/simple.css',
  '/metrics',
  '/',
  '/favicon.ico',
  '/api',
  '/apix/v1/ping',
  '*',
  'http://localhost/api/v1/ping',
  '/api/v1/ping?x=%ZZ',
  '//api/v1/ping',
];

const caseArb: fc.Arbitrary<Case> = fc.record({
  method: fc.constantFrom(
    'GET',
    'HEAD',
    'OPTIONS',
    'OPTIONS',
    'OPTIONS',
    'POST',
    'PUT',
    'DELETE',
    'PATCH',
  ),
  target: fc.constantFrom(...PATHS),
  host: fc.constantFrom('localhost' as const, '127.0.0.1' as const),
  origin: fc.option(
    fc.oneof(
      fc.constantFrom(
        'https://app.example',
        'null',
        'http://localhost:{port}',
        'http://127.0.0.1:{port}',
        'https://evil.example:8443',
      ),
      fc.webUrl({ withQueryParameters: false, withFragments: false }).map((u) => new URL(u).origin),
    ),
  ),
  acrm: fc.option(fc.constantFrom('GET', 'HEAD', 'POST', 'DELETE', 'get')),
  acrh: fc.option(
    fc.constantFrom('authorization', 'x-rapidapi-key, if-none-match', 'content-type', 'X-Custom'),
  ),
  secFetchSite: fc.option(fc.constantFrom('same-origin', 'same-site', 'cross-site', 'none')),
  auth: fc.constantFrom('none' as const, 'live' as const, 'bad' as const),
  ifNoneMatch: fc.option(fc.constantFrom('*', '"nope"', 'W/"x", "y"')),
  requestId: fc.option(fc.constantFrom('req-1', 'abc:def.ghi_1', 'bad id!')),
  body: fc.constantFrom('none' as const, 'none' as const, 'form' as const, 'json' as const),
});

describe('precomputed CORS and security headers answer as @fastify/cors and useSecurityHeaders() did', () => {
  it('every seeded random request: same status, headers and body', async () => {
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        const a = await send(servicePort, c);
        const b = await send(referencePort, c);
        statuses.add(a.status);
        expect(a).toEqual(b);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    // The draws reached answers, preflights, redirects or pages, and each kind of refusal.
    for (const s of [200, 204, 400, 401, 403, 404, 405]) expect(statuses).toContain(s);
  });

  it.each([
    ['OPTIONS', '/api/v1/doctors', 'https://app.example', 'GET', 204],
    ['OPTIONS', '/api/v1/doctors', 'https://app.example', null, 204],
    ['OPTIONS', '/api/v1/nope', null, null, 204],
    ['OPTIONS', '/admin', 'https://app.example', 'GET', 405],
    ['OPTIONS', '*', 'https://app.example', 'GET', 404],
    ['GET', '/api/v1/ping', 'https://app.example', null, 200],
    ['GET', '/checkout', 'https://app.example', null, 200],
    ['POST', '/checkout', 'https://evil.example', null, 403],
  ] as const)(
    '%s %s (Origin %s, ACRM %s): %s, as the plugins answered',
    async (method, target, origin, acrm, status) => {
      const c: Case = {
        method,
        target,
        host: 'localhost',
        origin,
        acrm,
        acrh: null,
        secFetchSite: method === 'POST' ? 'cross-site' : null,
        auth: 'none',
        ifNoneMatch: null,
        requestId: 'fixed-1',
        body: method === 'POST' ? 'form' : 'none',
      };
      const a = await send(servicePort, c);
      const b = await send(referencePort, c);
      expect(a.status).toBe(status);
      expect(a).toEqual(b);
    },
  );

  it('after the adapter is told of a shutdown, answers as the reference still', async () => {
    // app.close() sets the adapter's shutdown flag first. The service does not ask Nest for its
    // 503 while closing (return503OnClosing is Fastify's option here, which answers before any
    // hook once the server closes), so both still answer; the hook checks the flag all the same.
    for (const app of [service, reference]) app.getHttpAdapter().beforeClose?.();
    for (const method of ['GET', 'OPTIONS']) {
      const c: Case = {
        method,
        target: '/api/v1/ping',
        host: '127.0.0.1',
        origin: 'https://app.example',
        acrm: 'GET',
        acrh: null,
        secFetchSite: null,
        auth: 'none',
        ifNoneMatch: null,
        requestId: 'fixed-2',
        body: 'none',
      };
      expect(await send(servicePort, c)).toEqual(await send(referencePort, c));
    }
  });
});
