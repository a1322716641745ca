import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { seedDemoData } from '../../src/infrastructure/seed/demo-data.seeder';
import { runImportCommand } from '../../src/interface/cli/commands/directory-data.command';
import { authHeaders } from '../support/auth';
import { call } from '../support/http';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const SOURCE = 'crawl-partner';
const quiet = { stdin: new PassThrough(), stderr: new PassThrough() };

/** A seeded random number generator (mulberry32): the same choices on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Three clinics at three points, so nearest-first pages hold ties (a clinic's doctors). */
const CLINICS = [0, 1, 2].map((i) => ({
  type: 'clinic',
  source: SOURCE,
  sourceId: `CRAWL-${i}`,
  name: `Crawl Clinic ${i}`,
  streetAddress: `${100 + i} Yonge Street`,
  city: 'Toronto',
  postalCode: 'M5C 1S8',
  lat: 43.65 + i * 0.01,
  lng: -79.38,
  phone: '416 555 0100',
  clinicType: 'family-practice',
  hours: Object.fromEntries(
    ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [
      d,
      [{ open: '09:00', close: '17:00' }],
    ]),
  ),
  wheelchair: true,
  virtualVisits: false,
  acceptingNewPatients: true,
  availabilityCheckedAt: '2026-11-20T15:00:00Z',
}));

/** A doctor of the partner: names spread over the alphabet, so changes land before and after the cursor. */
function doctor(n: number, expired = false) {
  const first = String.fromCharCode(65 + ((n * 7) % 26));
  return {
    type: 'doctor',
    source: SOURCE,
    cpsoNumber: String(700000 + n),
    name: `${first}${'aeiou'[n % 5]}rawl Partner${n}`,
    gender: n % 2 ? 'female' : 'male',
    practiceStartYear: 2000 + (n % 20),
    specialties: ['Family Medicine'],
    languages: ['English'],
    clinics: [{ sourceId: `CRAWL-${n % 3}`, primary: true }],
    referralRequired: false,
    referralOnly: false,
    bookingPhone: '416 555 0100',
    syncedAt: '2026-11-20T15:00:00Z',
    ...(expired ? { expiredAt: '2026-11-21T00:00:00Z' } : {}),
  };
}

/**
 * Issue 34, items 3 and 7: a crawl by cursor that spans imports (the real import path: staging,
 * checks, upserts, the read models' refresh) sees no row twice and misses none of the rows that
 * were there throughout, whatever the imports inserted before or after its place or removed
 * (doctors who left: expiredAt) meanwhile; an offset crawl under the same imports drifts.
 */
describe('cursor crawls during imports (e2e, demo directory + partner imports)', () => {
  let db: TestDatabase;
  let t: TestApp;
  let auth: Record<string, string>;
  const dir = mkdtempSync(join(tmpdir(), 'gtad-crawl-'));
  let files = 0;
  const get = (path: string) => call(t.app, 'GET', path, auth);

  /** Imports the clinics and these doctors (the partner's other doctors are left as they are). */
  async function importDoctors(docs: object[]) {
    const path = join(dir, `batch-${files++}.ndjson`);
    writeFileSync(path, [...CLINICS, ...docs].map((r) => JSON.stringify(r)).join('\n') + '\n');
    const s = await runImportCommand([path, '--source', SOURCE], db.dataSource, quiet);
    expect(s).toMatchObject({ applied: true, rejected: 0 });
  }

  beforeAll(async () => {
    db = await createTestDatabase('cursors_import');
    await seedDemoData(db.dataSource, { doctors: 30, seed: 34 });
    t = await createTestApp(db);
    auth = await authHeaders(t, 'admin');
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  /** The partner's doctors now: numbers 0-39 practising, then each step's inserts and removals. */
  let next = 40;

  /**
   * Crawls `path` `limit` rows a page; before its 2nd and 4th pages an import inserts 6
   * doctors and removes up to 4 of the partner's practising ones (chosen by `rng`). Returns the rows read and the
   * numbers that were listed throughout.
   */
  async function crawlDuringImports(
    path: string,
    limit: number,
    rng: () => number,
    mode: 'cursor' | 'offset',
  ) {
    const sep = path.includes('?') ? '&' : '?';
    const all = async () => {
      const rows: string[] = [];
      for (let o = 0, total = 1; o < total; o += 100) {
        const r = await get(`${path}${sep}limit=100&offset=${o}`);
        total = r.body.total;
        rows.push(...r.body.doctors.map((d: Json) => d.cpsoNumber));
      }
      return rows;
    };
    let throughout = new Set(await all());
    const partner = new Set([...throughout].filter((c) => c.startsWith('7')));
    const seen: string[] = [];
    let r = await get(`${path}${sep}limit=${limit}`);
    for (let page = 1; ; page++) {
      expect(r.status).toBe(200);
      seen.push(...r.body.doctors.map((d: Json) => d.cpsoNumber));
      const more = mode === 'cursor' ? r.body.nextCursor !== null : r.body.doctors.length === limit;
      if (!more) break;
      if (page === 1 || page === 3) {
        const removed = [...partner].filter(() => rng() < 0.2).slice(0, 4);
        const inserted = Array.from({ length: 6 }, () => next++);
        await importDoctors([
          ...inserted.map((n) => doctor(n)),
          ...removed.map((c) => doctor(Number(c) - 700000, true)),
        ]);
        for (const c of removed) partner.delete(c);
        for (const n of inserted) partner.add(String(700000 + n));
        // What stays listed throughout: what was there and was not removed.
        throughout = new Set([...throughout].filter((c) => !removed.includes(c)));
      }
      r = await get(
        mode === 'cursor'
          ? `${path}${sep}limit=${limit}&cursor=${encodeURIComponent(r.body.nextCursor)}`
          : `${path}${sep}limit=${limit}&offset=${seen.length}`,
      );
    }
    return { seen, throughout };
  }

  it.each([
    ['/doctors', 6, 1],
    ['/doctors?lat=43.66&lng=-79.38', 7, 2],
    ['/doctors?specialties=Family%20Medicine', 6, 3],
    ['/doctors/search?q=ra', 5, 4],
  ])(
    '%s, %i a page: every row listed throughout is seen exactly once',
    async (path, limit, seed) => {
      await importDoctors(Array.from({ length: 40 }, (_, n) => doctor(n)));
      const { seen, throughout } = await crawlDuringImports(path, limit, seeded(seed), 'cursor');
      expect(new Set(seen).size).toBe(seen.length); // no row twice
      expect([...throughout].filter((c) => !seen.includes(c))).toEqual([]); // none missed
      expect(throughout.size).toBeGreaterThan(limit * 4);
    },
  );

  it('the same imports make an offset crawl drift (the case cursors are for)', async () => {
    const { seen, throughout } = await crawlDuringImports('/doctors', 6, seeded(1), 'offset');
    const twice = seen.length - new Set(seen).size;
    const missed = [...throughout].filter((c) => !seen.includes(c)).length;
    expect(twice + missed).toBeGreaterThan(0);
  });
});
