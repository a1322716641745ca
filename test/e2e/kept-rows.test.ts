import { DoctorMemoryIndex } from '../../src/infrastructure/persistence/directory/memory/doctor-memory-index';
import { SeededRandom } from '../../src/infrastructure/seed/seeded-random';
import { authHeaders } from '../support/auth';
import { BothWays, createBothWays } from '../support/both-ways';
import { createDemoDatabase } from '../support/demo-database';
import { FixedClock } from '../support/fixed-clock';
import { call } from '../support/http';
import { TestDatabase } from '../support/test-database';

/**
 * Pages answered from the rows the columns keep (kept-rows.ts; docs/list-reads.md, "Rows kept")
 * are the pages SQL gives: for seeded random doctor lists, name searches, clinic and specialist lists (filters, points,
 * radii, pages, and the next page by cursor), the memory app's second answer (from kept rows)
 * equals its first (read by SQL) and the SQL app's, openNow and cursors included.
 */
const NOW = new Date('2026-11-27T17:00:00Z');
const SEED = Number(process.env.KEPT_ROWS_SEED ?? 20261127);
const LANGUAGES = ['English', 'French', 'Punjabi', 'Mandarin', 'Tamil', 'Spanish'];
const SPECIALTIES = ['Family Medicine', 'Cardiology', 'Dermatology', 'Pediatrics'];

function drawUrl(r: SeededRandom, names: readonly string[]): string {
  const q: string[] = [];
  const kind = r.next();
  if (kind < 0.25) return `/clinics?${clinicQuery(r, q).join('&')}`;
  if (kind < 0.45) {
    q.push(`specialty=${encodeURIComponent(r.pick(SPECIALTIES.slice(1)))}`);
    return `/specialists?${clinicQuery(r, q)
      // What /specialists does not take (an unknown parameter is refused, issue 51).
      .filter((kv) => !/^(include|specialties|hasWebsite)=/.test(kv))
      .join('&')}`;
  }
  const search = kind < 0.65;
  if (search) {
    const name = names[r.int(0, names.length - 1)].toLowerCase().replace(/[^a-z]/g, '');
    const from = r.int(0, Math.max(0, name.length - 3));
    q.push(`q=${encodeURIComponent(name.slice(from, from + r.int(2, 3)))}`);
  }
  if (r.chance(0.4))
    q.push(`languages=${encodeURIComponent(LANGUAGES[r.int(0, LANGUAGES.length - 1)])}`);
  if (r.chance(0.3))
    q.push(`specialties=${encodeURIComponent(SPECIALTIES[r.int(0, SPECIALTIES.length - 1)])}`);
  if (r.chance(0.3)) q.push(`accepting=${r.chance(0.5)}`);
  if (r.chance(0.2)) q.push(`gender=${r.chance(0.5) ? 'female' : 'male'}`);
  if (r.chance(0.5)) {
    q.push(`lat=${r.float(43.55, 43.85).toFixed(4)}`, `lng=${r.float(-79.6, -79.2).toFixed(4)}`);
    if (r.chance(0.5)) q.push(`radiusKm=${r.int(2, 30)}`);
  }
  q.push(`limit=${[5, 10, 25][r.int(0, 2)]}`);
  if (r.chance(0.3)) q.push(`offset=${r.int(0, 20)}`);
  return `${search ? '/doctors/search' : '/doctors'}?${q.join('&')}`;
}

function clinicQuery(r: SeededRandom, q: string[]): string[] {
  if (r.chance(0.3)) q.push(`languages=${encodeURIComponent(r.pick(LANGUAGES))}`);
  if (r.chance(0.3)) q.push(`specialties=${encodeURIComponent(r.pick(SPECIALTIES))}`);
  if (r.chance(0.3)) q.push(`accepting=${r.chance(0.5)}`);
  if (r.chance(0.2)) q.push(`hasWebsite=${r.chance(0.5)}`);
  if (r.chance(0.4)) q.push(`include=${r.pick(['notes', 'links', 'notes,links'])}`);
  if (r.chance(0.5)) {
    q.push(`lat=${r.float(43.55, 43.85).toFixed(4)}`, `lng=${r.float(-79.6, -79.2).toFixed(4)}`);
    if (r.chance(0.5)) q.push(`radiusKm=${r.int(2, 30)}`);
  }
  q.push(`limit=${r.pick([5, 10, 25])}`);
  if (r.chance(0.3)) q.push(`offset=${r.int(0, 20)}`);
  return q;
}

describe('pages from kept rows (e2e)', () => {
  let db: TestDatabase;
  let apps: BothWays;
  let auth: { memory: Record<string, string>; sql: Record<string, string> };

  beforeAll(async () => {
    db = await createDemoDatabase(
      'kept-rows',
      { doctors: 300, seed: 42, now: NOW },
      'doctor_search',
    );
    apps = await createBothWays(db, new FixedClock(NOW));
    auth = {
      memory: await authHeaders(apps.memory, 'admin'),
      sql: await authHeaders(apps.sql, 'admin'),
    };
  }, 120_000);

  afterAll(async () => {
    await apps?.memory.close();
    await apps?.sql.close();
    await db?.drop();
  });

  it('answers a repeated page from kept rows exactly as SQL does', async () => {
    const names = (await db.dataSource.query<{ name: string }[]>(`SELECT name FROM doctors`)).map(
      (r) => r.name,
    );
    const columns = apps.memory.app.get(DoctorMemoryIndex).current()!;
    expect(columns).toBeDefined();
    const r = new SeededRandom(SEED);
    const keptOf = () =>
      columns.kept.pages + columns.d.clinics.kept.pages + columns.d.clinics.keptSpecialists.pages;
    const keptBefore = keptOf();
    let compared = 0;
    let cursors = 0;
    for (let n = 0; n < 120; n++) {
      let url: string | undefined = drawUrl(r, names);
      // The page, then (when there is one) the next page by its cursor.
      for (let depth = 0; url && depth < 2; depth++) {
        const first: { status: number; body: unknown } = await call(
          apps.memory.app,
          'GET',
          url,
          auth.memory,
        );
        const again = await call(apps.memory.app, 'GET', url, auth.memory);
        const sql = await call(apps.sql.app, 'GET', url, auth.sql);
        expect({
          url,
          status: first.status,
          body: first.status === 200 ? null : first.body,
        }).toEqual({ url, status: 200, body: null });
        expect({ url, body: again.body }).toEqual({ url, body: first.body });
        expect({ url, body: sql.body }).toEqual({ url, body: first.body });
        compared++;
        const next: string | null | undefined = (first.body as { nextCursor?: string | null })
          .nextCursor;
        // The next page: the same parameters, the cursor instead of an offset.
        const [path, query]: string[] = url.split('?');
        const same: string[] = query
          .split('&')
          .filter((kv: string) => !/^(offset|cursor)=/.test(kv));
        url = next
          ? `${path}?${[...same, `cursor=${encodeURIComponent(next)}`].join('&')}`
          : undefined;
        if (url) cursors++;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(120);
    expect(cursors).toBeGreaterThan(5);
    // The repeated requests were answered from kept rows (the rest of the answers from SQL).
    const keptPages = keptOf() - keptBefore;
    expect(keptPages).toBeGreaterThan(compared / 2);
    expect(columns.d.clinics.kept.pages).toBeGreaterThan(10);
    expect(columns.d.clinics.keptSpecialists.pages).toBeGreaterThan(10);
  }, 120_000);
});
