import { connect, Socket } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { seedDemoData } from '../../src/infrastructure/seed/demo-data.seeder';
import { authHeaders } from '../support/auth';
import { call } from '../support/http';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/**
 * Issue 48, items 2 and 6: bulk downloads that one key cannot monopolise and that hold no
 * database connection while a client is slow, and manifest URLs that a Host header cannot move.
 *
 * A "stalled" download is a real socket that reads the answer's head and then stops reading
 * (as `curl --limit-rate 1k` nearly does): the reviews file of 6,000 doctors (about 20 MB
 * uncompressed) is far more than the kernel's socket buffers hold, so the answer stays open.
 */
const DOCTORS = 6000;

interface Stalled {
  status: number;
  head: string;
  socket: Socket;
  /** Resolves when the server closes the connection. */
  closed: Promise<void>;
}

/** GETs `path` without Accept-Encoding over a socket of its own and stops reading after the head. */
function stalledDownload(
  port: number,
  key: Record<string, string>,
  path: string,
): Promise<Stalled> {
  return new Promise((resolve, reject) => {
    const s = connect(port, '127.0.0.1');
    let buf = Buffer.alloc(0);
    const closed = new Promise<void>((r) => s.once('close', () => r()));
    s.on('error', () => undefined);
    const onData = (c: Buffer) => {
      buf = Buffer.concat([buf, c]);
      const end = buf.indexOf('\r\n\r\n');
      if (end < 0) return;
      s.pause();
      s.off('data', onData);
      const head = buf.subarray(0, end).toString('latin1');
      resolve({
        status: Number(head.split(' ')[1]),
        head,
        socket: s,
        closed,
      });
    };
    s.on('data', onData);
    s.once('close', () => reject(new Error(`connection closed before an answer to ${path}`)));
    s.write(
      `GET /api/v1${path} HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${key.Authorization}\r\n` +
        `Connection: close\r\n\r\n`,
    );
  });
}

/** Sessions of the test database (other than the asker's) inside a transaction. */
async function openTransactions(db: TestDatabase): Promise<number> {
  const [{ n }] = await db.dataSource.query<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() AND xact_start IS NOT NULL`,
  );
  return n;
}

async function until(what: string, check: () => Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('bulk downloads: limits per key and per instance, no database while streaming (e2e)', () => {
  let db: TestDatabase;
  const apps: TestApp[] = [];
  const sockets: Socket[] = [];
  let version: string;
  let reviews: number;

  async function app(env: Record<string, string> = {}): Promise<{ t: TestApp; port: number }> {
    // A stalled socket is not closed for inactivity during a test (the default is 30 s).
    const t = await createTestApp(db, { REQUEST_TIMEOUT_MS: '120000', ...env });
    apps.push(t);
    await t.app.listen(0, '127.0.0.1');
    return { t, port: (t.app.getHttpServer().address() as { port: number }).port };
  }
  const stall = async (port: number, key: Record<string, string>, path: string) => {
    const s = await stalledDownload(port, key, path);
    sockets.push(s.socket);
    return s;
  };
  const reviewsPath = () => `/bulk/${version}/reviews.ndjson`;

  beforeAll(async () => {
    db = await createTestDatabase('sync_bulk_downloads');
    await seedDemoData(db.dataSource, { doctors: DOCTORS, seed: 5 });
  }, 120_000);
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.destroy();
    for (const t of apps.splice(0)) await t.close();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('one key cannot take every slot: past its own cap it is refused, another key still gets its file whole', async () => {
    const { t, port } = await app({ BULK_DOWNLOADS_PER_KEY: '2' });
    const a = await authHeaders(t, 'live');
    const b = await authHeaders(t, 'live');
    const m = await call(t.app, 'GET', '/bulk', a);
    expect(m.status).toBe(200);
    version = m.body.dataVersion as string;
    reviews = (m.body.output as { type: string; count: number }[]).find(
      (o) => o.type === 'review',
    )!.count;
    expect(reviews).toBeGreaterThan(20_000);

    // Three slow downloads of one key, as in the report (they took the instance's three slots).
    const first = await stall(port, a, reviewsPath());
    const second = await stall(port, a, reviewsPath());
    const third = await stall(port, a, reviewsPath());
    expect([first.status, second.status, third.status]).toEqual([200, 200, 429]);
    expect(third.head).toMatch(/\r\nretry-after: [0-9]+/i);
    // Again: refused, with a reason and a time to retry.
    for (let i = 0; i < 2; i++) {
      const r = await call(t.app, 'GET', reviewsPath(), a);
      expect(r.status).toBe(429);
      expect(r.body.error).toBe('rate_limited');
      expect(r.body.message).toMatch(/2 bulk downloads at once/);
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another key is served, the whole file, at once.
    const other = await call(t.app, 'GET', reviewsPath(), b);
    expect(other.status).toBe(200);
    expect(other.text.trimEnd().split('\n')).toHaveLength(reviews);
    const zipped = await t.app.inject({
      method: 'GET',
      url: `/api/v1${reviewsPath()}`,
      headers: { ...b, 'accept-encoding': 'gzip' },
    });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(other.text);
    // The first key's stalled downloads are still open; once one ends, the key has a slot again.
    first.socket.destroy();
    await first.closed;
    await until(
      'a slot freed',
      async () => (await call(t.app, 'GET', `/bulk/${version}/clinics.ndjson`, a)).status === 200,
      5_000,
    );
  }, 90_000);

  it('the instance has a cap of its own: past it, 503 with Retry-After', async () => {
    const { t, port } = await app({
      BULK_DOWNLOADS_PER_KEY: '2',
      BULK_DOWNLOADS_PER_INSTANCE: '3',
    });
    const [a, b, c] = [
      await authHeaders(t, 'live'),
      await authHeaders(t, 'live'),
      await authHeaders(t, 'live'),
    ];
    version = (await call(t.app, 'GET', '/bulk', a)).body.dataVersion as string;
    for (const key of [a, a, b]) expect((await stall(port, key, reviewsPath())).status).toBe(200);
    const r = await call(t.app, 'GET', reviewsPath(), c);
    expect(r.status).toBe(503);
    expect(r.body.error).toBe('unavailable');
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    // 304 needs no slot.
    const etag = `"${version}-review"`;
    expect((await call(t.app, 'GET', reviewsPath(), { ...c, 'If-None-Match': etag })).status).toBe(
      304,
    );
  }, 90_000);

  it('a slow download holds no database connection: more of them than the pool still leave the database to others', async () => {
    // Two pooled connections; four stalled downloads of two keys.
    const { t, port } = await app({ DB_POOL_SIZE: '2' });
    const a = await authHeaders(t, 'live');
    const b = await authHeaders(t, 'live');
    const m = await call(t.app, 'GET', '/bulk', a);
    version = m.body.dataVersion as string;
    const stalled = [
      await stall(port, a, reviewsPath()),
      await stall(port, a, reviewsPath()),
      await stall(port, b, reviewsPath()),
      await stall(port, b, reviewsPath()),
    ];
    expect(stalled.map((s) => s.status)).toEqual([200, 200, 200, 200]);
    // Once the file is written (one read of the database, at the database's pace), no session of
    // the service is left in a transaction, though four clients are still downloading.
    await until('no open transaction', async () => (await openTransactions(db)) === 0, 60_000);
    for (const s of stalled) expect(s.socket.destroyed).toBe(false);
    // The database is free for everyone else: the change feed reads it on every request.
    const feed = await call(t.app, 'GET', `/changes?since=${m.body.changesCursor as string}`, a);
    expect(feed.status).toBe(200);
    const clinics = await call(t.app, 'GET', `/bulk/${version}/clinics.ndjson`, b);
    expect(clinics.status).toBe(429); // b's two slots are taken...
    const c = await authHeaders(t, 'live');
    const whole = await call(t.app, 'GET', `/bulk/${version}/clinics.ndjson`, c);
    expect(whole.status).toBe(200); // ...not the instance's.
  }, 120_000);

  it('a download that takes longer than BULK_DOWNLOAD_MAX_SECONDS is cut, and its slot freed', async () => {
    const { t, port } = await app({ BULK_DOWNLOAD_MAX_SECONDS: '2', BULK_DOWNLOADS_PER_KEY: '1' });
    const a = await authHeaders(t, 'live');
    const b = await authHeaders(t, 'live');
    version = (await call(t.app, 'GET', '/bulk', a)).body.dataVersion as string;
    // The whole file, once (then it is stored whole, and answered with its Content-Length).
    const length = Buffer.byteLength((await call(t.app, 'GET', reviewsPath(), b)).text);
    const slow = await stall(port, a, reviewsPath());
    expect(slow.status).toBe(200);
    expect(slow.head).toMatch(new RegExp(`\r\ncontent-length: ${length}\r`, 'i'));
    // A trickle (16 KB a second): a little read now and then keeps the connection active.
    let read = 0;
    const trickle = setInterval(() => {
      read += (slow.socket.read(4096) as Buffer | null)?.length ?? 0;
    }, 250);
    const t0 = Date.now();
    try {
      expect((await call(t.app, 'GET', reviewsPath(), a)).status).toBe(429);
      // The server cuts the download after 2 s and frees the key's slot.
      await until(
        'the slot freed',
        async () => (await call(t.app, 'GET', `/bulk/${version}/clinics.ndjson`, a)).status === 200,
        15_000,
      );
      expect(Date.now() - t0).toBeGreaterThanOrEqual(1_500);
    } finally {
      clearInterval(trickle);
    }
    // Read what is left: the connection ends, a little of the file read, far from all of it.
    slow.socket.on('data', (c: Buffer) => (read += c.length));
    slow.socket.resume();
    await slow.closed;
    expect(read).toBeGreaterThan(0);
    expect(read).toBeLessThan(length / 2);
  }, 90_000);

  it('two instances serve the same bytes, gzip and not; HEAD and 304 keep no slot', async () => {
    const { t: one } = await app({ BULK_DOWNLOADS_PER_KEY: '1' });
    const { t: two } = await app();
    const a = await authHeaders(one, 'live');
    version = (await call(one.app, 'GET', '/bulk', a)).body.dataVersion as string;
    const get = (t: TestApp, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1${reviewsPath()}`,
        headers: { ...a, ...headers },
      });
    // Concurrent first requests on one instance wait on the same write.
    const [x, y] = await Promise.all([get(two), get(two, { 'accept-encoding': 'gzip' })]);
    const [p, q] = [await get(one), await get(one, { 'accept-encoding': 'gzip' })];
    expect(p.rawPayload.equals(x.rawPayload)).toBe(true);
    expect(q.rawPayload.equals(y.rawPayload)).toBe(true);
    expect(gunzipSync(q.rawPayload).equals(p.rawPayload)).toBe(true);
    // Once whole, a file is answered with its length.
    expect((await get(one)).headers['content-length']).toBe(String(p.rawPayload.length));
    expect((await get(one, { 'accept-encoding': 'gzip' })).headers['content-length']).toBe(
      String(q.rawPayload.length),
    );
    expect(p.headers.etag).toBe(`"${version}-review"`);
    expect(q.headers.etag).toBe(`"${version}-review-gz"`);
    for (let i = 0; i < 3; i++) {
      const head = await one.app.inject({
        method: 'HEAD',
        url: `/api/v1${reviewsPath()}`,
        headers: a,
      });
      expect(head.statusCode).toBe(200);
      expect((await get(one, { 'If-None-Match': `"${version}-review"` })).statusCode).toBe(304);
    }
    expect((await get(one)).statusCode).toBe(200);
  }, 60_000);

  it('the manifest never builds its URLs from the Host header', async () => {
    const { t } = await app();
    const a = await authHeaders(t, 'live');
    for (const host of ['evil.example', 'evil.example:443', 'localhost@evil.example']) {
      const r = await t.app.inject({
        method: 'GET',
        url: '/api/v1/bulk',
        headers: { ...a, host, 'x-forwarded-host': 'evil.example' },
      });
      expect(r.statusCode).toBe(200);
      expect(r.body).not.toMatch(/evil/);
      const m = JSON.parse(r.body) as { request: string; output: { url: string }[] };
      // Without PUBLIC_URL: relative to the manifest's own address.
      expect(m.request).toBe('/api/v1/bulk');
      for (const o of m.output) expect(o.url).toMatch(/^\/api\/v1\/bulk\/[0-9]+\/[a-z]+s\.ndjson$/);
    }
    const { t: pub } = await app({ PUBLIC_URL: 'https://directory.example.org/' });
    const key = await authHeaders(pub, 'live');
    const r = await pub.app.inject({
      method: 'GET',
      url: '/api/v1/bulk',
      headers: { ...key, host: 'evil.example' },
    });
    const m = JSON.parse(r.body) as { request: string; output: { url: string }[] };
    expect(m.request).toBe('https://directory.example.org/api/v1/bulk');
    for (const o of m.output)
      expect(o.url).toMatch(/^https:\/\/directory\.example\.org\/api\/v1\/bulk\/[0-9]+\//);
  }, 60_000);
});
