import { SeededRandom } from '../../src/infrastructure/seed/seeded-random';
import { Agent, request as httpRequest } from 'node:http';
import { AddressInfo, connect } from 'node:net';
import { FIXTURE_NOW, loadDirectoryFixture } from '../fixtures/directory.fixture';
import { authHeaders } from '../support/auth';
import { FixedClock } from '../support/fixed-clock';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const SEED = Number(process.env.FUZZ_SEED ?? 20261201);
const RUNS = Number(process.env.KEEPALIVE_RUNS ?? 3000);

const PATHS = [
  '/specialists',
  '/doctors',
  '/doctors/search',
  '/clinics',
  '/metadata/languages',
  '/doctors/summary',
  '/fhir/Practitioner',
  '/bulk',
  '/changes',
  '/mcp',
];
const METHODS = ['GET', 'POST', 'DELETE', 'PUT', 'PATCH', 'OPTIONS', 'HEAD'];
const TYPES = [
  'text/xml',
  'application/json; charset=utf-7',
  'application/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'text/plain',
];
const QUERIES = [
  'specialty=Cardiology&q=ab',
  'limit=10&limit=1000',
  'q=%00%01',
  'q=%',
  'q=%G1&x=%e2%28%a1',
  'lat=1&lat=2',
  'q=' + 'a'.repeat(500),
  'near=%0d%0aX:1',
  'specialties=,,,&languages=%c0%80',
];
const BODIES = [
  '<x/>',
  '{"a":1}',
  '{"a":',
  'a=1&b=2',
  '--x\r\n\r\n--x--',
  'x'.repeat(5000),
  'y'.repeat(200_000),
  'z'.repeat(2_000_000),
];

/**
 * Issue 48, item 8: a hostile run of 10,000 requests over a keep-alive pool at concurrency saw 30
 * connections closed without an answer, all on requests with a body and a method the route does
 * not take, with hostile queries. Reproduced here: every one was a request whose body the client
 * sent without framing (Node's http client sends a body on GET, HEAD, DELETE and OPTIONS with
 * neither Content-Length nor Transfer-Encoding unless told), which HTTP reads as the end of that
 * request followed by a second, malformed one. The server answers both, then closes cleanly. Every
 * framed request, whatever its method, body, content type or query, is answered on a connection
 * that stays usable (seeded; KEEPALIVE_RUNS and FUZZ_SEED explore further).
 */
describe(`hostile requests over a keep-alive pool at concurrency (seed ${SEED}, ${RUNS} requests)`, () => {
  let db: TestDatabase;
  let t: TestApp;
  let port: number;
  let live: Record<string, string>;

  beforeAll(async () => {
    db = await createTestDatabase('keepalive_fuzz');
    await loadDirectoryFixture(db.dataSource);
    t = await createTestApp(
      db,
      { LIVE_RATE_PER_MIN: '1000000', AUTH_FAILURES_PER_MIN: '1000000' },
      new FixedClock(FIXTURE_NOW),
    );
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
    live = await authHeaders(t, 'live');
    process.stdout.write(`keep-alive fuzz: seed ${SEED}, ${RUNS} requests\n`);
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it('answers every framed request below 500, 32 at a time over 16 reused connections', async () => {
    const random = new SeededRandom(SEED);
    const next = () => random.next();
    const pick = <T>(a: readonly T[]) => a[Math.floor(next() * a.length)];
    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let reused = 0;
    let i = 0;
    const one = (): Promise<void> => {
      const method = pick(METHODS);
      const path = `/api/v1${pick(PATHS)}?${pick(QUERIES)}`;
      const body = next() < 0.8 ? pick(BODIES) : '';
      const headers: Record<string, string> = { ...live, 'content-type': pick(TYPES) };
      const chunked = body !== '' && next() < 0.3;
      if (chunked) headers['transfer-encoding'] = 'chunked';
      else if (body) headers['content-length'] = String(Buffer.byteLength(body));
      return new Promise((resolve) => {
        const req = httpRequest(
          { port, host: '127.0.0.1', method, path, headers, agent },
          (res) => {
            statuses.set(res.statusCode!, (statuses.get(res.statusCode!) ?? 0) + 1);
            if (res.statusCode! >= 500) failures.push(`${method} ${path} -> ${res.statusCode}`);
            res.resume();
            res.on('end', resolve);
            res.on('error', (e: NodeJS.ErrnoException) => {
              failures.push(`${method} ${path.slice(0, 80)}: ${e.code ?? e.message}`);
              resolve();
            });
          },
        );
        req.on(
          'socket',
          (s) => void ((s as Json)._gtadUsed ? reused++ : ((s as Json)._gtadUsed = true)),
        );
        req.on('error', (e: NodeJS.ErrnoException) => {
          failures.push(
            `${method} ${path.slice(0, 80)} [${headers['content-type']}]: ${e.code ?? e.message}`,
          );
          resolve();
        });
        if (chunked) {
          // In two chunks a moment apart: the answer may come before the body ends.
          req.write(body.slice(0, body.length >> 1));
          setTimeout(() => req.end(body.slice(body.length >> 1)), 2);
        } else req.end(body);
      });
    };
    const worker = async () => {
      while (i++ < RUNS) await one();
    };
    await Promise.all(Array.from({ length: 32 }, worker));
    agent.destroy();
    process.stdout.write(
      `keep-alive fuzz: statuses ${JSON.stringify(Object.fromEntries(statuses))}, ${reused} requests on a reused connection, ${failures.length} failures\n`,
    );
    expect(failures).toEqual([]);
    expect(reused).toBeGreaterThan(RUNS / 2);
  });

  it('answers an unframed body on a reused connection twice (the request, then 400 for the stray bytes) and closes cleanly', async () => {
    for (const [method, path] of [
      ['DELETE', '/api/v1/specialists?specialty=Cardiology&q=%00'],
      ['DELETE', '/api/v1/doctors/search?q=ab&q=cd'],
      ['HEAD', '/api/v1/doctors?limit=1'],
      ['GET', '/api/v1/metadata/languages'],
    ]) {
      const s = connect(port, '127.0.0.1');
      let got = '';
      s.on('data', (d: Buffer) => (got += d.toString('latin1')));
      const ended = new Promise<string>((resolve) => {
        s.on('end', () => resolve('end'));
        s.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
      });
      const head = (m: string, p: string, extra = '') =>
        `${m} ${p} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${live.Authorization}\r\n${extra}\r\n`;
      // First a well-formed request on the connection, answered and kept alive.
      s.write(head('GET', '/api/v1/ping'));
      await new Promise((r) => setTimeout(r, 50));
      expect(got).toMatch(/^HTTP\/1\.1 200 /);
      got = '';
      s.write(head(method, path, 'Content-Type: text/xml\r\n') + '<x>unframed</x>');
      expect(await ended).toBe('end');
      const answers = got.split(/(?=HTTP\/1\.1 \d{3} )/);
      expect(answers).toHaveLength(2);
      expect(Number(answers[0].slice(9, 12))).toBeLessThan(500);
      expect(answers[1]).toMatch(/^HTTP\/1\.1 400 /);
      expect(answers[1]).toMatch(/\r\nConnection: close\r\n/i);
      expect(JSON.parse(answers[1].slice(answers[1].indexOf('\r\n\r\n') + 4))).toMatchObject({
        error: 'invalid_param',
      });
      s.destroy();
    }
  });
});
