import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { PgNotificationListener } from '../../src/infrastructure/database/pg-notification-listener';
import { DoctorMemoryIndex } from '../../src/infrastructure/persistence/directory/memory/doctor-memory-index';
import { seedDemoData } from '../../src/infrastructure/seed/demo-data.seeder';
import { DIRECTORY_CHANGED_CHANNEL } from '../../src/infrastructure/seed/demo-data.seeder';
import { runImportCommand } from '../../src/interface/cli/commands/directory-data.command';
import { authHeaders } from '../support/auth';
import { call } from '../support/http';
import { parsePrometheusText, Sample, samplesOf, valueOf } from '../support/prometheus-text';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/**
 * GET /metrics on the public port (METRICS_PORT unset): admin keys only, Prometheus's text, and
 * counters that move by exactly what the requests before a scrape did (docs/metrics.md).
 */
describe('metrics on the public port (e2e)', () => {
  let db: TestDatabase;
  let t: TestApp;
  let admin: Record<string, string>;
  let live: Record<string, string>;
  let sandbox: Record<string, string>;

  beforeAll(async () => {
    db = await createTestDatabase('metrics');
    await seedDemoData(db.dataSource, { doctors: 30, seed: 3 });
    t = await createTestApp(db, { SANDBOX_RATE_PER_MIN: '2', AUTH_FAILURES_PER_MIN: '1000' });
    admin = await authHeaders(t, 'admin');
    live = await authHeaders(t, 'live');
    sandbox = await authHeaders(t, 'sandbox');
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  const get = (path: string, headers: Record<string, string>) => call(t.app, 'GET', path, headers);
  const scrape = async (): Promise<Sample[]> => {
    const r = await t.app.inject({ method: 'GET', url: '/metrics', headers: admin });
    expect(r.statusCode).toBe(200);
    return parsePrometheusText(r.body);
  };
  const requests = (s: Sample[], labels: Record<string, string>) =>
    valueOf(s, 'gtad_http_requests_total', labels);

  it('serves admin keys only: 401 without a key, 403 for sandbox, live and gateway keys', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect([none.statusCode, JSON.parse(none.body).error]).toEqual([401, 'missing_key']);
    const gateway = await authHeaders(t, 'gateway');
    for (const headers of [sandbox, live, gateway]) {
      const r = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(r.statusCode).toBe(403);
      expect(JSON.parse(r.body)).toMatchObject({ error: 'forbidden' });
      expect(r.body).not.toContain('gtad_');
    }
    const ok = await t.app.inject({ method: 'GET', url: '/metrics', headers: admin });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(ok.headers['cache-control']).toBe('no-store');
    const s = parsePrometheusText(ok.body);
    // Node's default process metrics.
    for (const name of [
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
    ])
      expect(samplesOf(s, name).length).toBe(1);
    // Under /api/v1 there is no such route.
    expect((await get('/metrics', admin)).status).toBe(404);
  });

  it('counts requests per route template, status class and tier, never per URL', async () => {
    const listLabels = {
      route: '/api/v1/doctors',
      method: 'GET',
      status_class: '2xx',
      tier: 'live',
    };
    const before = await scrape();
    const list = await get('/doctors?limit=2', live);
    await get('/doctors?accepting=true', live);
    await get('/doctors?limit=1&offset=1', live);
    const cpso = list.body.doctors[0].cpsoNumber as string;
    await get(`/doctors/${cpso}`, live);
    await get('/doctors/000000', live); // not found: the same template, 4xx
    await get('/no/such/path', live);
    await get('/doctors', sandbox);
    const after = await scrape();

    expect(requests(after, listLabels) - requests(before, listLabels)).toBe(3);
    const hist = { ...listLabels };
    expect(
      valueOf(after, 'gtad_http_request_duration_seconds_count', hist) -
        valueOf(before, 'gtad_http_request_duration_seconds_count', hist),
    ).toBe(3);
    expect(
      valueOf(after, 'gtad_http_request_duration_seconds_bucket', { ...hist, le: '+Inf' }),
    ).toBe(valueOf(after, 'gtad_http_request_duration_seconds_count', hist));
    expect(valueOf(after, 'gtad_http_request_duration_seconds_sum', hist)).toBeGreaterThan(0);
    const detail = { route: '/api/v1/doctors/:cpso', method: 'GET', tier: 'live' };
    expect(
      requests(after, { ...detail, status_class: '2xx' }) -
        requests(before, { ...detail, status_class: '2xx' }),
    ).toBe(1);
    expect(
      requests(after, { ...detail, status_class: '4xx' }) -
        requests(before, { ...detail, status_class: '4xx' }),
    ).toBe(1);
    // No route matched: one label value, whatever the path (the guard never ran: tier none).
    const unmatched = { route: 'unmatched', method: 'GET', status_class: '4xx', tier: 'none' };
    expect(requests(after, unmatched) - requests(before, unmatched)).toBe(1);
    const sb = { ...listLabels, tier: 'sandbox' };
    expect(requests(after, sb) - requests(before, sb)).toBe(1);
    // Every route label is a template or `unmatched`: no URL, no query, no CPSO number.
    const routes = new Set(samplesOf(after, 'gtad_http_requests_total').map((x) => x.labels.route));
    for (const r of routes) expect(r === 'unmatched' || /^\/[a-z0-9/:_.*-]*$/i.test(r)).toBe(true);
    expect([...routes].some((r) => r.includes(cpso) || r.includes('?') || r.includes('/no/'))).toBe(
      false,
    );
    // The scrapes themselves are requests of the admin tier.
    expect(
      requests(after, { route: '/metrics', method: 'GET', status_class: '2xx', tier: 'admin' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('counts failed authentications by reason and 429 refusals by limiter', async () => {
    const before = await scrape();
    await get('/doctors', {});
    await get('/doctors', { Authorization: 'Bearer not-a-key' });
    await get('/doctors', { Authorization: 'Bearer gtad_live_0123456789abcdef0123456789abcdef' });
    // The sandbox limit is 2 a minute, per client address (the earlier tests used some of it).
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await get('/metadata/languages', sandbox)).status);
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(delta('gtad_auth_failures_total', { reason: 'missing_key' })).toBe(1);
    expect(delta('gtad_auth_failures_total', { reason: 'invalid_key' })).toBe(2);
    expect(delta('gtad_auth_failures_total', { reason: 'forbidden' })).toBe(0);
    expect(answers.filter((s) => s === 429).length).toBe(
      delta('gtad_rate_limit_refusals_total', { limiter: 'sandbox' }),
    );
    expect(answers.slice(1)).toEqual([429, 429]);
    expect(delta('gtad_rate_limit_refusals_total', { limiter: 'live' })).toBe(0);
    expect(delta('gtad_rate_limit_refusals_total', { limiter: 'auth_failures' })).toBe(0);
    const unauthorized = {
      route: '/api/v1/doctors',
      method: 'GET',
      status_class: '4xx',
      tier: 'none',
    };
    expect(delta('gtad_http_requests_total', unauthorized)).toBe(3);
  });

  it('shows the primary pool, its checkouts and the statement timeouts (SQLSTATE 57014)', async () => {
    const before = await scrape();
    const pool = { pool: 'primary' };
    expect(valueOf(before, 'gtad_db_pool_max_clients', pool)).toBe(10);
    expect(valueOf(before, 'gtad_db_pool_clients', pool)).toBeGreaterThanOrEqual(1);
    expect(samplesOf(before, 'gtad_db_pool_idle_clients', pool).length).toBe(1);
    expect(valueOf(before, 'gtad_db_pool_waiting_requests', pool)).toBe(0);
    expect(samplesOf(before, 'gtad_db_pool_waits_total', pool).length).toBe(1);
    expect(valueOf(before, 'gtad_db_pool_acquire_seconds_count', pool)).toBeGreaterThan(0);
    // A list page, its rows chosen in memory and read by id, runs on the side pool of fixed
    // plans (opened on first use).
    expect(samplesOf(before, 'gtad_db_pool_clients').map((x) => x.labels.pool)).toContain(
      'primary_fixed',
    );
    expect(valueOf(before, 'gtad_lists_in_memory_answers_total')).toBeGreaterThan(0);
    expect(valueOf(before, 'gtad_lists_in_memory_loads_total')).toBeGreaterThanOrEqual(1);
    // No replica: no read pool, no replica series.
    expect(samplesOf(before, 'gtad_db_pool_clients', { pool: 'read' })).toEqual([]);
    expect(samplesOf(before, 'gtad_replica_serving')).toEqual([]);

    const runner = t.dataSource.createQueryRunner();
    await runner.startTransaction();
    try {
      await runner.query(`SET LOCAL statement_timeout = 50`);
      await expect(runner.query('SELECT pg_sleep(5)')).rejects.toMatchObject({
        driverError: { code: '57014' },
      });
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
    const after = await scrape();
    expect(
      valueOf(after, 'gtad_db_statement_timeouts_total', pool) -
        valueOf(before, 'gtad_db_statement_timeouts_total', pool),
    ).toBe(1);
    // One checkout for the runner, one per scrape's GROUP BY at least.
    expect(valueOf(after, 'gtad_db_pool_acquire_seconds_count', pool)).toBeGreaterThan(
      valueOf(before, 'gtad_db_pool_acquire_seconds_count', pool),
    );
  });

  it('shows the list items kept in memory and the pages answered from them', async () => {
    const index = t.app.get(DoctorMemoryIndex);
    await index.ready();
    const before = await scrape();
    for (const path of ['/doctors?limit=5&offset=3', '/clinics?limit=5&offset=3']) {
      expect((await get(path, admin)).status).toBe(200);
      expect((await get(path, admin)).status).toBe(200);
    }
    const after = await scrape();
    expect(
      samplesOf(after, 'gtad_lists_kept_rows')
        .map((x) => x.labels.list)
        .sort(),
    ).toEqual(['clinics', 'doctors', 'specialists']);
    for (const list of ['doctors', 'clinics']) {
      expect(valueOf(after, 'gtad_lists_kept_rows', { list })).toBeGreaterThanOrEqual(5);
      // The second request of each page was answered from the kept items (unless a change of
      // the directory replaced the copy in between, which this test does not make).
      expect(
        valueOf(after, 'gtad_lists_kept_pages', { list }) -
          valueOf(before, 'gtad_lists_kept_pages', { list }),
      ).toBeGreaterThanOrEqual(1);
    }
  });

  it('counts key cache and directory cache hits and misses', async () => {
    const fresh = await authHeaders(t, 'live');
    const b0 = await scrape();
    const cache = (s: Sample[], name: string, result: string) =>
      valueOf(s, 'gtad_cache_lookups_total', { cache: name, result });
    await get('/metadata/specialties', fresh); // the key's first use: a miss, then stored
    await get('/metadata/specialties', fresh); // a hit, for the key and for the catalogue
    const b1 = await scrape();
    // Each scrape authenticates the admin key once (a hit after its first use).
    expect(cache(b1, 'keys', 'miss') - cache(b0, 'keys', 'miss')).toBe(1);
    expect(cache(b1, 'keys', 'hit') - cache(b0, 'keys', 'hit')).toBe(2);
    const dirHits = cache(b1, 'directory', 'hit') - cache(b0, 'directory', 'hit');
    expect(dirHits).toBeGreaterThanOrEqual(1);
    await get('/metadata/specialties', fresh);
    const b2 = await scrape();
    expect(cache(b2, 'directory', 'miss') - cache(b1, 'directory', 'miss')).toBe(0);
    expect(cache(b2, 'directory', 'hit') - cache(b1, 'directory', 'hit')).toBe(dirHits);
    expect(valueOf(b2, 'gtad_cache_entries', { cache: 'keys' })).toBeGreaterThanOrEqual(2);
    expect(valueOf(b2, 'gtad_cache_entries', { cache: 'directory' })).toBeGreaterThanOrEqual(1);
  });

  it('counts checkout orders by state at scrape time', async () => {
    const insert = (state: string) =>
      t.dataSource.query(
        `INSERT INTO orders (id, provider, provider_session_id, amount_cents, currency, state,
                             claim_hash, created_at)
         VALUES ($1, 'demo', $2, 500, 'cad', $3, $4, now())`,
        [randomUUID(), `cs_${randomUUID()}`, state, randomBytes(32)],
      );
    await insert('pending');
    await insert('pending');
    await insert('failed');
    const s = await scrape();
    expect(valueOf(s, 'gtad_checkout_orders', { state: 'pending' })).toBe(2);
    expect(valueOf(s, 'gtad_checkout_orders', { state: 'failed' })).toBe(1);
    expect(valueOf(s, 'gtad_checkout_orders', { state: 'paid' })).toBe(0);
    expect(samplesOf(s, 'gtad_checkout_orders').length).toBe(7);
  });

  it('counts an import heard through directory_changed: runs, records by type, seconds', async () => {
    const before = await scrape();
    const heard = t.app.get(PgNotificationListener).nextNotification(DIRECTORY_CHANGED_CHANNEL);
    const summary = await runImportCommand(
      [
        join(__dirname, '..', 'fixtures', 'import', 'good.ndjson'),
        '--source',
        'partner-registry-2026',
      ],
      db.dataSource,
      { stdin: new PassThrough(), stderr: new PassThrough() },
    );
    expect(summary.inserted).toBe(8);
    await heard;
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(delta('gtad_import_runs_total')).toBe(1);
    expect(delta('gtad_import_records_total', { type: 'clinic' })).toBe(2);
    expect(delta('gtad_import_records_total', { type: 'doctor' })).toBe(3);
    expect(delta('gtad_import_records_total', { type: 'offering' })).toBe(1);
    expect(delta('gtad_import_records_total', { type: 'review' })).toBe(2);
    const last = valueOf(after, 'gtad_import_last_seconds');
    expect(last).toBeGreaterThan(0);
    expect(last).toBeLessThanOrEqual(summary.seconds + 1);
    expect(delta('gtad_import_seconds_total')).toBeCloseTo(last, 6);
    expect(valueOf(after, 'gtad_import_last_timestamp_seconds')).toBeGreaterThan(
      Date.now() / 1000 - 600,
    );
  });
});
