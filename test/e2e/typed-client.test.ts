import type { AddressInfo } from 'node:net';
import {
  createDirectoryClient,
  DirectoryRequestError,
  type DirectoryClientOptions,
  type DirectoryError,
  type ItemOf,
  type Schema,
} from '../../clients/typescript/src';
import { RateLimitStorage } from '../../src/infrastructure/rate-limit/rate-limit.storage';
import { C1, FIXTURE_NOW, loadDirectoryFixture } from '../fixtures/directory.fixture';
import { authHeaders } from '../support/auth';
import { FixedClock } from '../support/fixed-clock';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/**
 * The typed client (clients/typescript, issue 36 item 1) driving the real service over a socket,
 * on the hand-made fixture: lists, search, details, paging to the end, typed 401/404 errors, the
 * RateLimit fields on every result, and 429 without and with the retry. The gateway tier's limit
 * is 3 a minute so that a 429 comes at once; the retry's waits go to an injected sleep that moves
 * the limiter's clock on instead of waiting.
 */
describe('typed client (e2e, real service over HTTP)', () => {
  let db: TestDatabase;
  let t: TestApp;
  let baseUrl: string;
  let liveKey: string;
  /** Milliseconds added to the rate limiter's clock by the fake sleep. */
  let skewMs = 0;

  const keyOf = (headers: Record<string, string>) => headers.Authorization.replace('Bearer ', '');
  const client = (options: Partial<DirectoryClientOptions> = {}) =>
    createDirectoryClient({ baseUrl, apiKey: liveKey, ...options });

  beforeAll(async () => {
    db = await createTestDatabase('typed_client');
    await loadDirectoryFixture(db.dataSource);
    t = await createTestApp(db, { GATEWAY_RATE_PER_MIN: '3' }, new FixedClock(FIXTURE_NOW));
    await t.app.listen(0, '127.0.0.1');
    const { port } = t.app.getHttpServer().address() as AddressInfo;
    baseUrl = `http://127.0.0.1:${port}/api/v1`;
    liveKey = keyOf(await authHeaders(t, 'live'));
    // The in-process limiter (no REDIS_URL in the test app) reads its time through `now`.
    const storage = t.app.get(RateLimitStorage, { strict: false });
    expect(storage.backend).toBe('memory');
    (storage as unknown as { now: () => number }).now = () => Date.now() + skewMs;
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it('lists doctors with typed data and the RateLimit fields of the live tier', async () => {
    const r = await client().GET('/doctors', { params: { query: { limit: 3 } } });
    if (!r.ok) throw new Error(`unexpected ${r.error.error}`);
    const names: string[] = r.data.doctors.map((d) => d.name);
    expect(names).toEqual(['Alan Alder', 'Alice Zhang', 'bob Singh']);
    expect([r.data.total, r.data.count, r.status, r.retries]).toEqual([6, 3, 200, 0]);
    expect(r.rateLimit).toEqual({
      limit: 600,
      remaining: 599,
      reset: expect.any(Number),
      retryAfter: null,
      policy: '"live";q=600;w=60',
      field: expect.stringMatching(/^"live";r=599;t=\d+$/),
    });

    const clinics = await client().GET('/clinics', { params: { query: { accepting: true } } });
    expect(clinics.ok && clinics.data.clinics.map((c) => c.id)).toContain(C1);
  });

  it('searches, and reads a doctor and a clinic in detail', async () => {
    const api = client();
    const s = await api.GET('/doctors/search', { params: { query: { q: 'al' } } });
    expect(s.ok && s.data.doctors.map((d) => d.cpsoNumber)).toEqual(['900005', '900001', '900007']);

    const d = await api.GET('/doctors/{cpso}', { params: { path: { cpso: '900001' } } });
    if (!d.ok) throw new Error(d.error.error);
    expect([d.data.doctor.name, d.data.doctor.clinic.id, d.data.doctor.rating.reviewCount]).toEqual(
      ['Alice Zhang', C1, 6],
    );

    const c = await api.GET('/clinics/{id}', { params: { path: { id: C1 } } });
    expect(c.ok && c.data.clinic.name).toBe('Bloor Street Family Clinic');

    const missing = await api.GET('/doctors/{cpso}', { params: { path: { cpso: '100' } } });
    expect(missing.ok).toBe(false);
    expect(missing.error).toMatchObject({ error: 'not_found', status: 404 });
  });

  it('pages every list to its end: as many items as total, each once, in the list order', async () => {
    const api = client();
    const all = await api.GET('/doctors', { params: { query: { limit: 100 } } });
    if (!all.ok) throw new Error(all.error.error);

    const seen: ItemOf<'/doctors'>[] = [];
    for await (const doctor of api.paginate('/doctors', { pageSize: 4 })) seen.push(doctor);
    expect(seen).toHaveLength(all.data.total);
    expect(seen.map((d) => d.cpsoNumber)).toEqual(all.data.doctors.map((d) => d.cpsoNumber));

    const pages = [];
    for await (const page of api.pages('/doctors', { pageSize: 4 })) pages.push(page);
    expect(pages.map((p) => [p.items.length, p.total])).toEqual([
      [4, 6],
      [2, 6],
    ]);
    expect(pages.every((p) => p.rateLimit.limit === 600)).toBe(true);

    // A list with a path parameter, pages of one row. Each request sends the previous page's
    // nextCursor when it had one (never with an offset), else the next offset.
    const sent: URLSearchParams[] = [];
    const cursors: (string | null)[] = [];
    const watched = client({
      fetch: (request) => {
        sent.push(new URL(request.url).searchParams);
        return fetch(request);
      },
    });
    const reviews: Schema<'DoctorReviewDto'>[] = [];
    for await (const page of watched.pages('/doctors/{cpso}/reviews', {
      params: { path: { cpso: '900001' } },
      pageSize: 1,
    })) {
      reviews.push(...page.items);
      cursors.push(page.nextCursor);
    }
    expect(sent).toHaveLength(6);
    sent.forEach((q, i) => {
      expect(q.get('limit')).toBe('1');
      const previous = i === 0 ? null : cursors[i - 1];
      expect([q.get('cursor'), q.get('offset')]).toEqual(
        previous === null ? [null, String(i)] : [previous, null],
      );
    });
    expect(reviews.map((r) => r.author)).toEqual([
      'Maria G.',
      'Sam K.',
      'Lee W.',
      'Ana P.',
      'Tom B.',
      'Raj S.',
    ]);
    let female = 0;
    for await (const _ of api.paginate('/doctors', {
      params: { query: { gender: 'female' } },
      pageSize: 1,
    }))
      female++;
    expect(female).toBe(3);
  });

  it('answers 401 as a typed value (missing_key, invalid_key), and paging throws it', async () => {
    const none = await createDirectoryClient({ baseUrl }).GET('/metadata/languages');
    expect(none).toMatchObject({ ok: false, status: 401, retries: 0 });
    expect(none.error).toEqual({
      error: 'missing_key',
      status: 401,
      message: expect.any(String),
      requestId: expect.any(String),
    });
    expect(none.rateLimit.limit).toBeNull();

    const bad = await client({ apiKey: 'gtad_live_notakey' }).GET('/doctors');
    const code = (e: DirectoryError | undefined): string | undefined => e?.error;
    expect([bad.status, code(bad.error)]).toEqual([401, 'invalid_key']);

    const pages = client({ apiKey: 'gtad_live_notakey' }).paginate('/doctors');
    const thrown = await pages.next().catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(DirectoryRequestError);
    expect((thrown as DirectoryRequestError).detail.error).toBe('invalid_key');
  });

  it('rotates a live key through POST, and the old key is then refused', async () => {
    const own = keyOf(await authHeaders(t, 'live'));
    const r = await client({ apiKey: own }).POST('/keys/rotate');
    if (!r.ok) throw new Error(r.error.error);
    expect(r.data.key).toMatch(/^gtad_live_/);
    expect(r.data.key.startsWith(r.data.key_prefix)).toBe(true);
    expect((await client({ apiKey: own }).GET('/doctors/summary')).error?.error).toBe(
      'invalid_key',
    );
    const next = await client({ apiKey: r.data.key }).GET('/doctors/summary');
    expect(next.ok && next.data.totalDoctors).toBe(6);
  });

  describe('429 on the gateway tier (3 a minute)', () => {
    let gatewayKey: string;
    const gateway = (options: Partial<DirectoryClientOptions> = {}) =>
      createDirectoryClient({ baseUrl, gateway: { key: gatewayKey, host: 'any' }, ...options });

    beforeAll(async () => {
      gatewayKey = keyOf(await authHeaders(t, 'gateway'));
    });

    it('counts down the gateway credential, then answers rate_limited with retryAfter', async () => {
      const api = gateway();
      const left = [];
      for (let i = 0; i < 3; i++) {
        const r = await api.GET('/metadata/specialties');
        expect(r.ok).toBe(true);
        left.push(r.rateLimit.remaining);
      }
      expect(left).toEqual([2, 1, 0]);

      const r = await api.GET('/metadata/specialties');
      expect(r).toMatchObject({ ok: false, status: 429, retries: 0 });
      if (r.ok || r.error.error !== 'rate_limited') throw new Error('expected rate_limited');
      expect(r.error.retryAfter).toBeGreaterThanOrEqual(1);
      expect(r.error.retryAfter).toBeLessThanOrEqual(60);
      expect(r.error.retryAfter).toBe(r.rateLimit.retryAfter);
      expect(r.rateLimit).toMatchObject({ limit: 3, remaining: 0, policy: '"gateway";q=3;w=60' });
      expect(r.response?.headers.get('retry-after')).toBe(String(r.error.retryAfter));

      // Paging surfaces the same typed error.
      const thrown = await api
        .paginate('/clinics')
        .next()
        .catch((e: unknown) => e);
      expect((thrown as DirectoryRequestError).detail).toMatchObject({ error: 'rate_limited' });
    });

    it('with retryOn429, waits the Retry-After it was sent, then succeeds', async () => {
      const sleeps: number[] = [];
      const answers: { status: number; retryAfter: string | null }[] = [];
      const api = gateway({
        retryOn429: { maxRetries: 2 },
        fetch: async (request) => {
          const response = await fetch(request);
          answers.push({
            status: response.status,
            retryAfter: response.headers.get('retry-after'),
          });
          return response;
        },
        sleep: async (ms) => {
          sleeps.push(ms);
          skewMs += ms; // the limiter's window has moved on by as much
        },
      });
      const r = await api.GET('/metadata/specialties');
      if (!r.ok) throw new Error(`unexpected ${r.error.error}`);
      expect(r.data.specialties.length).toBeGreaterThan(0);
      expect([r.retries, r.rateLimit.remaining]).toEqual([1, 2]);
      expect(answers.map((a) => a.status)).toEqual([429, 200]);
      const told = Number(answers[0].retryAfter);
      expect(told).toBeGreaterThanOrEqual(1);
      expect(sleeps).toEqual([told * 1000]);
    });

    it('gives up after maxRetries, and does not wait longer than maxWaitSeconds', async () => {
      const api = gateway();
      while ((await api.GET('/metadata/languages')).ok); // use up the window

      const sleeps: number[] = [];
      const stubborn = gateway({
        retryOn429: { maxRetries: 2 },
        sleep: async (ms) => void sleeps.push(ms), // the clock stands still: 429 each time
      });
      const r = await stubborn.GET('/metadata/languages');
      expect([r.ok, r.status, r.retries, r.error?.error]).toEqual([false, 429, 2, 'rate_limited']);
      expect(sleeps).toHaveLength(2);
      expect(sleeps.every((ms) => ms >= 1000)).toBe(true);

      const impatient: number[] = [];
      const short = gateway({
        retryOn429: { maxWaitSeconds: 0 },
        sleep: async (ms) => void impatient.push(ms),
      });
      const s = await short.GET('/metadata/languages');
      expect([s.status, s.retries, impatient]).toEqual([429, 0, []]);
    });
  });

  it('reports a service that cannot be reached as network_error', async () => {
    const r = await createDirectoryClient({ baseUrl: 'http://127.0.0.1:1/api/v1' }).GET('/ping', {
      parseAs: 'text',
    });
    expect([r.ok, r.status, r.error?.error]).toEqual([false, 0, 'network_error']);
  });
});
