import { runKeysCommand } from '../../src/interface/cli/commands/keys.command';
import { call, HttpResult } from '../support/http';
import { createTestApp, TEST_KEY_HASH_SECRET, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/**
 * Per-tier rate limits (decisions.md, Keys and Errors), in-process counters (no REDIS_URL):
 * RateLimit-* fields on limited responses, 429 `rate_limited` with Retry-After, one counter per
 * key across all routes, sandbox per client IP, gateway proxy mode per gateway user, admin free.
 */
interface Issued {
  key: string;
  key_prefix: string;
}
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const PROXY_SECRET = 'proxy-secret-for-rate-tests-0123456789abcdef';

describe('rate limits (e2e, in-memory counters)', () => {
  let db: TestDatabase;
  let t: TestApp;
  const cli = async (...args: string[]) =>
    (await runKeysCommand(args, {
      dataSource: t.dataSource,
      keyHashSecret: TEST_KEY_HASH_SECRET,
      config: t.config,
    })) as Issued;
  const get = (path: string, headers: Record<string, string>, app = t) =>
    call(app.app, 'GET', path, headers);

  beforeAll(async () => {
    db = await createTestDatabase('auth_rate');
    t = await createTestApp(db, {
      LIVE_RATE_PER_MIN: '3',
      SANDBOX_RATE_PER_MIN: '2',
      GATEWAY_RATE_PER_MIN: '4',
      GATEWAY_PROXY_SECRET: PROXY_SECRET,
      TRUST_PROXY: '1',
    });
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  const remaining = (r: HttpResult) => r.headers['ratelimit-remaining'];

  it('counts a live key per key across routes, with the RateLimit fields, then 429 with Retry-After', async () => {
    const k = await cli('issue', 'live');
    const r1 = await get('/metadata/specialties', bearer(k.key));
    expect(r1.status).toBe(200);
    expect(r1.headers['ratelimit-limit']).toBe('3');
    expect(r1.headers['ratelimit-remaining']).toBe('2');
    const reset = Number(r1.headers['ratelimit-reset']);
    expect(reset).toBeGreaterThanOrEqual(1);
    expect(reset).toBeLessThanOrEqual(60);
    expect(r1.headers['ratelimit-policy']).toBe('"live";q=3;w=60');
    expect(r1.headers['ratelimit']).toMatch(/^"live";r=2;t=\d+$/);

    const r2 = await get('/metadata/languages', bearer(k.key)); // another route, same counter
    expect(remaining(r2)).toBe('1');
    const r3 = await get('/doctors/summary', bearer(k.key));
    expect(remaining(r3)).toBe('0');

    const r4 = await get('/metadata/specialties', bearer(k.key));
    expect(r4.status).toBe(429);
    expect(r4.body.error).toBe('rate_limited');
    expect(typeof r4.body.message).toBe('string');
    expect(r4.headers['retry-after']).toMatch(/^\d+$/);
    const retry = Number(r4.headers['retry-after']);
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect(r4.headers['ratelimit-limit']).toBe('3');
    expect(r4.headers['ratelimit-remaining']).toBe('0');
    expect(r4.headers['ratelimit-reset']).toBe(String(retry));
    expect(r4.headers['ratelimit']).toBe(`"live";r=0;t=${retry}`);

    // Rotation shares the key's counter too.
    const rot = await call(t.app, 'POST', '/keys/rotate', bearer(k.key));
    expect([rot.status, rot.body.error]).toEqual([429, 'rate_limited']);

    // Another live key has a counter of its own.
    const other = await cli('issue', 'live');
    const o = await get('/metadata/specialties', bearer(other.key));
    expect([o.status, remaining(o)]).toEqual([200, '2']);
  });

  it('does not limit or label public routes, and a 401 costs nothing', async () => {
    const k = await cli('issue', 'live');
    for (let i = 0; i < 5; i++) {
      const p = await get('/ping', bearer(k.key));
      expect(p.status).toBe(200);
      expect(p.headers['ratelimit-limit']).toBeUndefined();
    }
    for (let i = 0; i < 5; i++) expect((await get('/metadata/languages', {})).status).toBe(401);
    expect(remaining(await get('/metadata/languages', bearer(k.key)))).toBe('2');
  });

  it('limits the shared sandbox key per client IP (X-Forwarded-For honoured under TRUST_PROXY)', async () => {
    const sandbox = await cli('sandbox');
    const from = (ip: string) =>
      get('/metadata/specialties', { ...bearer(sandbox.key), 'x-forwarded-for': ip });
    expect(remaining(await from('203.0.113.7'))).toBe('1');
    expect(remaining(await from('203.0.113.7'))).toBe('0');
    const blocked = await from('203.0.113.7');
    expect([blocked.status, blocked.body.error]).toEqual([429, 'rate_limited']);
    expect(blocked.headers['ratelimit-policy']).toBe('"sandbox";q=2;w=60');
    const other = await from('198.51.100.9');
    expect([other.status, remaining(other)]).toEqual([200, '1']);
  });

  it('ignores X-Forwarded-For without TRUST_PROXY (one counter for the socket address)', async () => {
    const plain = await createTestApp(db, { SANDBOX_RATE_PER_MIN: '2' });
    try {
      const sandbox = await cli('sandbox');
      const from = (ip: string) =>
        get('/metadata/specialties', { ...bearer(sandbox.key), 'x-forwarded-for': ip }, plain);
      expect(remaining(await from('192.0.2.1'))).toBe('1');
      expect(remaining(await from('192.0.2.2'))).toBe('0');
      expect((await from('192.0.2.3')).status).toBe(429);
    } finally {
      await plain.close();
    }
  });

  it('limits a gateway key per key, and proxy-secret requests per gateway user', async () => {
    const g = await cli('issue', 'gateway');
    const gw = { 'x-rapidapi-key': g.key, 'x-rapidapi-host': 'any' };
    for (const left of ['3', '2', '1', '0'])
      expect(remaining(await get('/metadata/languages', gw))).toBe(left);
    expect((await get('/metadata/languages', gw)).status).toBe(429);

    const user = (u: string) => ({ 'x-rapidapi-proxy-secret': PROXY_SECRET, 'x-rapidapi-user': u });
    for (const left of ['3', '2', '1', '0'])
      expect(remaining(await get('/metadata/languages', user('alice')))).toBe(left);
    const blocked = await get('/metadata/languages', user('alice'));
    expect([blocked.status, blocked.body.error]).toEqual([429, 'rate_limited']);
    expect(blocked.headers['ratelimit-policy']).toBe('"gateway";q=4;w=60');
    expect(remaining(await get('/metadata/languages', user('bob')))).toBe('3');
  });

  it('never limits an admin key and sends it no RateLimit fields', async () => {
    const a = await cli('issue', 'admin');
    for (let i = 0; i < 12; i++) {
      const r = await get('/metadata/specialties', bearer(a.key));
      expect(r.status).toBe(200);
      expect(r.headers['ratelimit-limit']).toBeUndefined();
      expect(r.headers['ratelimit']).toBeUndefined();
    }
  });

  it('counts concurrent requests exactly (no lost updates)', async () => {
    const k = await cli('issue', 'live');
    const rs = await Promise.all(
      Array.from({ length: 10 }, () => get('/metadata/specialties', bearer(k.key))),
    );
    expect(rs.filter((r) => r.status === 200)).toHaveLength(3);
    expect(rs.filter((r) => r.status === 429)).toHaveLength(7);
  });
});

/**
 * A batch lookup counts one request per 10 distinct keys (issue 48, item 1): 100 CPSO numbers in
 * one request cost what the ten pages of ten they replace would. In memory, and through Redis's
 * script when REDIS_URL is set (the same counters every instance shares).
 */
const BACKENDS: [string, Record<string, string>][] = [['in memory', {}]];
if (process.env.REDIS_URL) BACKENDS.push(['in Redis', { REDIS_URL: process.env.REDIS_URL }]);
else console.log('auth-rate-limit: the batch cost in Redis skipped: REDIS_URL not set');
describe.each(BACKENDS)('batch lookups against the rate limit (%s)', (_label, extra) => {
  let db: TestDatabase;
  let t: TestApp;
  beforeAll(async () => {
    db = await createTestDatabase(`auth_rate_batch_${Object.keys(extra).length}`);
    t = await createTestApp(db, { LIVE_RATE_PER_MIN: '25', ...extra });
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it('costs ceil(distinct keys / 10) requests, so a sweep runs out of its minute ten times sooner', async () => {
    const k = (await runKeysCommand(['issue', 'live'], {
      dataSource: t.dataSource,
      keyHashSecret: TEST_KEY_HASH_SECRET,
      config: t.config,
    })) as Issued;
    const numbers = (n: number, from = 910000) =>
      Array.from({ length: n }, (_, i) => String(from + i)).join(',');
    const uuids = (n: number) =>
      Array.from(
        { length: n },
        (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      ).join(',');
    const left = async (path: string) => {
      const r = await call(t.app, 'GET', path, bearer(k.key));
      return r.status === 200 ? r.headers['ratelimit-remaining'] : r.status;
    };
    expect(await left(`/doctors?cpso=${numbers(100)}`)).toBe('15');
    expect(await left(`/doctors?cpso=${numbers(11)}`)).toBe('13');
    expect(await left(`/doctors?cpso=${numbers(1)}`)).toBe('12');
    // A number repeated counts once, as the lookup answers it once.
    expect(await left(`/doctors?cpso=${Array(30).fill('910001').join(',')}`)).toBe('11');
    expect(await left(`/clinics?id=${uuids(20)}`)).toBe('9');
    expect(await left('/doctors?limit=100')).toBe('8');
    expect(await left(`/doctors?cpso=${numbers(80)}`)).toBe('0');
    expect(await left(`/doctors?cpso=${numbers(1)}`)).toBe(429);
  });
});
