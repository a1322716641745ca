import { request } from 'node:http';
import { MetricsServer } from '../../src/infrastructure/metrics/metrics-server';
import { seedDemoData } from '../../src/infrastructure/seed/demo-data.seeder';
import { loadConfig } from '../../src/infrastructure/config/app-config';
import { authHeaders } from '../support/auth';
import { call } from '../support/http';
import { parsePrometheusText, valueOf } from '../support/prometheus-text';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function httpGet(port: number, path: string, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * METRICS_PORT set: /metrics on that port (HOST's address) without a key, and nothing on the
 * public port, not even for an admin key (docs/metrics.md). The app reads the directory from a
 * second database standing in for a replica (DATABASE_READ_URL), so the read pools show too.
 */
describe('metrics on METRICS_PORT (e2e)', () => {
  let db: TestDatabase;
  let read: TestDatabase;
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    [db, read] = await Promise.all([
      createTestDatabase('metrics_port'),
      createTestDatabase('metrics_port_read'),
    ]);
    await seedDemoData(read.dataSource, { doctors: 20, seed: 5 });
    // 0: any free port, read back from the server.
    t = await createTestApp(db, {
      METRICS_PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_READ_URL: read.url,
    });
    port = t.app.get(MetricsServer).address!.port;
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([db?.drop(), read?.drop()]);
  });

  it('serves the metrics on its own port, without a key, and counts the public port only', async () => {
    const live = await authHeaders(t, 'live');
    const before = parsePrometheusText((await httpGet(port, '/metrics')).body);
    for (let i = 0; i < 3; i++)
      expect((await call(t.app, 'GET', '/doctors', live)).status).toBe(200);
    const r = await httpGet(port, '/metrics?x=1');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(r.headers['cache-control']).toBe('no-store');
    const after = parsePrometheusText(r.body);
    const labels = { route: '/api/v1/doctors', method: 'GET', status_class: '2xx', tier: 'live' };
    expect(
      valueOf(after, 'gtad_http_requests_total', labels) -
        valueOf(before, 'gtad_http_requests_total', labels),
    ).toBe(3);
    // Scrapes of this port are not requests of the API.
    expect(
      after.filter((s) => s.name === 'gtad_http_requests_total' && s.labels.route === '/metrics'),
    ).toEqual([]);
    expect(valueOf(after, 'gtad_db_pool_max_clients', { pool: 'primary' })).toBe(10);
    // The lists ran on the read database: its pool and its fixed plans' side pool (half the
    // size), where a page's rows chosen in memory are read by id.
    expect(valueOf(after, 'gtad_db_pool_max_clients', { pool: 'read' })).toBe(10);
    expect(valueOf(after, 'gtad_db_pool_acquire_seconds_count', { pool: 'read' })).toBeGreaterThan(
      valueOf(before, 'gtad_db_pool_acquire_seconds_count', { pool: 'read' }),
    );
    expect(valueOf(after, 'gtad_db_pool_max_clients', { pool: 'read_fixed' })).toBe(5);
    expect(valueOf(after, 'gtad_replica_serving')).toBe(1);
    expect(valueOf(after, 'gtad_replica_fallback_reads_total')).toBe(0);
    expect(valueOf(after, 'gtad_replica_recovery_conflicts_total')).toBe(0);
    expect((await httpGet(port, '/metrics', 'HEAD')).status).toBe(200);
  });

  it('answers nothing else there: 404 elsewhere, 405 for another method', async () => {
    const other = await httpGet(port, '/api/v1/doctors');
    expect(other.status).toBe(404);
    expect(JSON.parse(other.body)).toMatchObject({ error: 'not_found' });
    const post = await httpGet(port, '/metrics', 'POST');
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    expect(JSON.parse(post.body)).toMatchObject({ error: 'method_not_allowed' });
  });

  it('leaves nothing on the public port: /metrics is a 404 like any unknown path, admin key or not', async () => {
    const admin = await authHeaders(t, 'admin');
    for (const headers of [admin, {}]) {
      const r = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(r.statusCode).toBe(404);
      expect(JSON.parse(r.body)).toMatchObject({ error: 'not_found' });
      expect(r.body).not.toContain('gtad_');
    }
  });

  it('refuses METRICS_PORT equal to PORT, and a value that is not a port', () => {
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: 'abc' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(loadConfig({ METRICS_PORT: '9464' }).metricsPort).toBe(9464);
    expect(loadConfig({}).metricsPort).toBeUndefined();
  });
});
