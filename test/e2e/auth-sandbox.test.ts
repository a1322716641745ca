import { seedDemoData } from '../../src/infrastructure/seed/demo-data.seeder';
import { runKeysCommand } from '../../src/interface/cli/commands/keys.command';
import { call } from '../support/http';
import { createTestApp, TEST_KEY_HASH_SECRET, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/**
 * Sandbox caps (decisions.md, Keys): `limit` capped at SANDBOX_MAX_LIMIT (10), only the first
 * SANDBOX_MAX_WINDOW (50) rows of a list reachable, `total` still true. Other tiers uncapped
 * (beyond the contract's 100).
 */
interface Issued {
  key: string;
}
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

describe('sandbox caps (e2e, default settings)', () => {
  let db: TestDatabase;
  let t: TestApp;
  let sandbox: Issued;
  let live: Issued;
  let admin: Issued;
  let gateway: Issued;
  let total: number;

  beforeAll(async () => {
    db = await createTestDatabase('auth_sandbox');
    await seedDemoData(db.dataSource, { doctors: 120, now: new Date('2026-11-01T00:00:00Z') });
    // Rate limits out of the way: this file is about the caps.
    t = await createTestApp(db, { SANDBOX_RATE_PER_MIN: '100000' });
    const cli = (...a: string[]) =>
      runKeysCommand(a, {
        dataSource: t.dataSource,
        keyHashSecret: TEST_KEY_HASH_SECRET,
        config: t.config,
      });
    sandbox = (await cli('sandbox')) as Issued;
    live = (await cli('issue', 'live')) as Issued;
    admin = (await cli('issue', 'admin')) as Issued;
    gateway = (await cli('issue', 'gateway')) as Issued;
    total = (await call(t.app, 'GET', '/doctors?limit=0', bearer(admin.key))).body.total;
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  const page = async (key: Issued, query: string, path = '/doctors') => {
    const r = await call(t.app, 'GET', `${path}?${query}`, bearer(key.key));
    expect(r.status).toBe(200);
    return r.body as {
      total: number;
      count: number;
      doctors?: { cpsoNumber: string }[];
      clinics?: unknown[];
    };
  };

  it('has enough doctors for the window to matter', () => {
    expect(total).toBeGreaterThan(60);
  });

  it('caps the sandbox page size at 10 with total unchanged', async () => {
    for (const q of ['', 'limit=100', 'limit=11', 'limit=1000']) {
      const p = await page(sandbox, q);
      expect({ count: p.count, rows: p.doctors!.length, total: p.total }).toEqual({
        count: 10,
        rows: 10,
        total,
      });
    }
    expect((await page(sandbox, 'limit=3')).count).toBe(3);
  });

  it('lets the sandbox reach only the first 50 rows', async () => {
    expect((await page(sandbox, 'offset=40&limit=10')).count).toBe(10);
    const edge = await page(sandbox, 'offset=45&limit=10');
    expect([edge.count, edge.total]).toEqual([5, total]);
    const beyond = await page(sandbox, 'offset=50&limit=10');
    expect([beyond.count, beyond.doctors, beyond.total]).toEqual([0, [], total]);
    expect((await page(sandbox, 'offset=60')).count).toBe(0);
    // The rows it does see are the same as everyone else's.
    const mine = (await page(sandbox, 'offset=45&limit=10')).doctors!.map((d) => d.cpsoNumber);
    const theirs = (await page(admin, 'offset=45&limit=5')).doctors!.map((d) => d.cpsoNumber);
    expect(mine).toEqual(theirs);
  });

  it('applies the same caps to the other lists', async () => {
    const clinics = await page(sandbox, 'limit=100', '/clinics');
    expect(clinics.count).toBe(Math.min(10, clinics.total));
    const search = await page(sandbox, 'q=an&limit=100', '/doctors/search');
    expect(search.total).toBeGreaterThan(10);
    expect(search.count).toBe(10);
  });

  it('holds the caps on batch lookups: the sandbox looks up at most 10 keys at once (issue 48, item 1)', async () => {
    const all = await page(admin, 'limit=100');
    const cpsos = all.doctors!.map((d) => d.cpsoNumber);
    const ask = (key: Issued, path: string) => call(t.app, 'GET', path, bearer(key.key));
    const ten = await ask(sandbox, `/doctors?cpso=${cpsos.slice(0, 10).join(',')}`);
    expect(ten.status).toBe(200);
    expect(ten.body.count).toBe(10);
    // A sweep of 100 numbers a request, as a blind scrape of the number space would send.
    const sweep = await ask(sandbox, `/doctors?cpso=${cpsos.slice(0, 100).join(',')}`);
    expect(sweep.status).toBe(400);
    expect(sweep.body.error).toBe('invalid_param');
    expect(sweep.body.message).toMatch(/cpso takes at most 10 .*sandbox/);
    expect((await ask(sandbox, `/doctors?cpso=${cpsos.slice(0, 11).join(',')}`)).status).toBe(400);
    const ids = ((await page(admin, 'limit=100', '/clinics')).clinics as { id: string }[]).map(
      (c) => c.id,
    );
    expect(ids.length).toBeGreaterThan(10);
    expect((await ask(sandbox, `/clinics?id=${ids.slice(0, 10).join(',')}`)).body.count).toBe(10);
    const clinics = await ask(sandbox, `/clinics?id=${ids.slice(0, 11).join(',')}`);
    expect(clinics.status).toBe(400);
    expect(clinics.body.message).toMatch(/id takes at most 10 .*sandbox/);
    // Other tiers keep the contract's 100.
    for (const k of [live, admin])
      expect((await ask(k, `/doctors?cpso=${cpsos.slice(0, 100).join(',')}`)).body.count).toBe(
        Math.min(100, cpsos.length),
      );
    // FHIR's _id lists are pages: the sandbox's page size and window hold there too.
    const fhir = await call(
      t.app,
      'GET',
      `/fhir/Practitioner?_id=${cpsos.slice(0, 60).join(',')}&_count=100`,
      bearer(sandbox.key),
    );
    expect(fhir.status).toBe(200);
    const bundle = (typeof fhir.body === 'string' ? JSON.parse(fhir.body) : fhir.body) as {
      total: number;
      entry: unknown[];
    };
    expect(bundle.total).toBe(60);
    expect(bundle.entry.length).toBe(10);
  });

  it('does not cap live, gateway or admin keys below the contract’s 100', async () => {
    for (const k of [live, admin]) {
      expect((await page(k, 'limit=100')).count).toBe(Math.min(100, total));
      expect((await page(k, 'offset=50&limit=10')).count).toBe(10);
    }
    const g = await call(t.app, 'GET', '/doctors?limit=100', {
      'x-rapidapi-key': gateway.key,
      'x-rapidapi-host': 'h',
    });
    expect(g.body.count).toBe(Math.min(100, total));
  });
});

describe('sandbox caps follow SANDBOX_MAX_LIMIT and SANDBOX_MAX_WINDOW', () => {
  let db: TestDatabase;
  let t: TestApp;

  beforeAll(async () => {
    db = await createTestDatabase('auth_sandbox_cfg');
    await seedDemoData(db.dataSource, { doctors: 40, now: new Date('2026-11-01T00:00:00Z') });
    t = await createTestApp(db, { SANDBOX_MAX_LIMIT: '3', SANDBOX_MAX_WINDOW: '7' });
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it('caps at the configured values', async () => {
    const sandbox = (await runKeysCommand(['sandbox'], {
      dataSource: t.dataSource,
      keyHashSecret: TEST_KEY_HASH_SECRET,
      config: t.config,
    })) as Issued;
    const count = async (q: string) =>
      (await call(t.app, 'GET', `/doctors?${q}`, bearer(sandbox.key))).body.count;
    expect(await count('limit=50')).toBe(3);
    expect(await count('offset=6&limit=3')).toBe(1);
    expect(await count('offset=7')).toBe(0);
  });
});
