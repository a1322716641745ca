import { request } from 'node:http';
import { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { authHeaders } from '../support/auth';
import { call } from '../support/http';
import { TcpProxy } from '../support/tcp-proxy';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

describe('health, docs and error edges (e2e)', () => {
  let db: TestDatabase;
  let proxy: TcpProxy;
  let t: TestApp;

  beforeAll(async () => {
    db = await createTestDatabase('health');
    const target = new URL(db.url);
    proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    await proxy.start();
    const viaProxy = new URL(db.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    t = await createTestApp({ ...db, url: viaProxy.toString() }, { DB_CONNECT_TIMEOUT_MS: '1000' });
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.stop();
    await db?.drop();
  });

  it('answers liveness with text/plain pong, without a key', async () => {
    const r = await call(t.app, 'GET', '/ping');
    expect(r.status).toBe(200);
    expect(r.text).toBe('pong');
    expect(r.headers['content-type']).toMatch(/^text\/plain/);
  });

  it.each(['/', ''])('answers readiness at /api/v1%s without a key', async (path) => {
    const r = await call(t.app, 'GET', path);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'ok', database: 'up', version: '1.0.0' });
  });

  it('turns readiness to 503 while the database is unreachable, keeps liveness up, and recovers', async () => {
    await proxy.stop();
    // Idle pooled connections die with the proxy: give the pool a moment to notice.
    await new Promise((r) => setTimeout(r, 100));
    const down = await call(t.app, 'GET', '/');
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ status: 'unavailable', database: 'down', version: '1.0.0' });
    expect((await call(t.app, 'GET', '/ping')).status).toBe(200);

    await proxy.start();
    let up = await call(t.app, 'GET', '/');
    for (let i = 0; i < 20 && up.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 100));
      up = await call(t.app, 'GET', '/');
    }
    expect(up.status).toBe(200);
    expect(up.body.database).toBe('up');
  });

  it('answers a data request with 503 unavailable, not 500, while the database is unreachable', async () => {
    const auth = await authHeaders(t, 'admin');
    await proxy.stop();
    await new Promise((r) => setTimeout(r, 100));
    try {
      const r = await call(t.app, 'GET', '/doctors/123', auth);
      expect(r.status).toBe(503);
      expect(r.body.error).toBe('unavailable');
      expect(JSON.stringify(r.body)).not.toMatch(/SELECT|ECONN|at /);
    } finally {
      await proxy.start();
    }
  });

  it('answers an unknown route with 404 not_found in the contract shape', async () => {
    const r = await call(t.app, 'GET', '/nope');
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ error: 'not_found' });
    expect(typeof r.body.message).toBe('string');
    expect(r.body.requestId).toBe(r.headers['x-request-id']);
  });

  it('answers a known path with another method with 405 and Allow', async () => {
    const r = await call(t.app, 'DELETE', '/doctors');
    expect(r.status).toBe(405);
    expect(r.body.error).toBe('method_not_allowed');
    expect(r.headers.allow).toContain('GET');
    const rotate = await call(t.app, 'GET', '/keys/rotate');
    expect(rotate.status).toBe(405);
    expect(rotate.headers.allow).toContain('POST');
  });

  it('answers malformed percent-encoding with 400 invalid_param', async () => {
    const r = await call(t.app, 'GET', '/doctors/%E0%A4%A');
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('invalid_param');
  });

  it('echoes a sane X-Request-Id and replaces an unsafe one', async () => {
    const ok = await call(t.app, 'GET', '/ping', { 'X-Request-Id': 'abc-123' });
    expect(ok.headers['x-request-id']).toBe('abc-123');
    const bad = await call(t.app, 'GET', '/ping', { 'X-Request-Id': 'a b\tc' });
    expect(bad.headers['x-request-id']).not.toBe('a b\tc');
  });

  it('serves the OpenAPI document and Swagger UI without a key', async () => {
    const r = await call(t.app, 'GET', '/openapi.json');
    expect(r.status).toBe(200);
    expect(r.body.info.version).toBe('1.0.0');
    const ops = Object.values(
      r.body.paths as Record<string, Record<string, { operationId: string }>>,
    ).flatMap((p) => Object.values(p).map((o) => o.operationId));
    expect(ops).toEqual(
      expect.arrayContaining([
        'getApiReadiness',
        'getApiLiveness',
        'listDoctors',
        'searchDoctors',
        'getDoctorSummary',
        'getDoctor',
        'listDoctorReviews',
        'getDoctorSignals',
        'listClinics',
        'getClinic',
        'listClinicReviews',
        'getClinicSignals',
        'listSpecialists',
        'listSpecialties',
        'listLanguages',
      ]),
    );
    const listDoctors = r.body.paths['/api/v1/doctors'].get;
    expect(listDoctors.security).toEqual(expect.arrayContaining([{ bearer: [] }]));
    expect(JSON.stringify(listDoctors.security)).toContain('gatewayKey');
    expect(r.body.paths['/api/v1/ping'].get.security ?? []).toEqual([]);
    const ui = await call(t.app, 'GET', '/docs');
    expect(ui.status).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
  });

  it('answers oversized headers with 431 headers_too_large in the contract shape', async () => {
    await t.app.listen(0, '127.0.0.1');
    const { port } = t.app.getHttpServer().address() as AddressInfo;
    const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/v1/ping',
          headers: { 'X-Big': 'x'.repeat(64 * 1024) },
        },
        (r) => {
          let body = '';
          r.on('data', (c: Buffer) => (body += c.toString()));
          r.on('end', () => resolve({ status: r.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toMatchObject({ error: 'headers_too_large' });
  });
});

describe('logs', () => {
  it('are JSON lines with a request id, and never carry a key', async () => {
    const db = await createTestDatabase('logs');
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const t = await createTestApp(db, {}, undefined, sink);
    try {
      const auth = await authHeaders(t, 'live');
      const key = auth.Authorization.slice('Bearer '.length);
      await call(t.app, 'GET', '/doctors?limit=1', { ...auth, 'X-Request-Id': 'log-test-1' });
      await call(t.app, 'GET', '/doctors?limit=1', {
        Authorization: 'Bearer gtad_live_wrongwrongwrongwrongwrongwrong00000',
      });
      await call(t.app, 'GET', '/doctors?limit=1', {
        'X-RapidAPI-Key': key,
        'X-RapidAPI-Host': 'h',
      });
      const parsed = lines.map((l) => JSON.parse(l) as { reqId?: string; msg?: string });
      expect(parsed.some((l) => l.reqId === 'log-test-1' && l.msg === 'request completed')).toBe(
        true,
      );
      const all = lines.join('\n');
      expect(all).not.toContain(key);
      expect(all).not.toContain('wrongwrongwrong');
      expect(all).not.toMatch(/authorization/i);
    } finally {
      await t.close();
      await db.drop();
    }
  });
});
