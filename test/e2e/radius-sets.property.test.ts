import fc from 'fast-check';
import { DoctorMemoryIndex } from '../../src/infrastructure/persistence/directory/memory/doctor-memory-index';
import { authHeaders } from '../support/auth';
import { BothWays, createBothWays } from '../support/both-ways';
import { createDemoDatabase } from '../support/demo-database';
import { FixedClock } from '../support/fixed-clock';
import { call } from '../support/http';
import { TestApp } from '../support/test-app';
import { TestDatabase } from '../support/test-database';

/**
 * A radius asked again (docs/list-reads.md, "Lists in memory"): the second list of a point and a
 * radius builds the radius's set from the grid's cells (radius-set.ts, up from the cells within or
 * down from every row with a point, whichever touches fewer rows) and keeps it for the next ones.
 * Each drawn point and radius, from half a kilometre to the whole directory, is asked three times
 * with different filters; every answer of the columns in memory (warmed up after their load)
 * equals PostgreSQL's, read with LISTS_FROM_SQL=true: the total and the page nearest first.
 */
const NOW = new Date('2026-11-27T17:00:00Z');
const FILTERS = ['', '&gender=female', '&accepting=true', '&languages=English', '&weekend=false'];

describe('radius sets in memory against SQL (e2e, property)', () => {
  let db: TestDatabase;
  let apps: BothWays;
  let auth: Record<string, string>;
  let clinics: { lat: number; lng: number }[];

  beforeAll(async () => {
    db = await createDemoDatabase(
      'radius-sets',
      { doctors: 1500, seed: 42, now: NOW },
      'doctor_search',
    );
    apps = await createBothWays(db, new FixedClock(NOW));
    auth = await authHeaders(apps.memory, 'admin');
    clinics = await db.dataSource.query<{ lat: number; lng: number }[]>(
      `SELECT lat, lng FROM clinics ORDER BY id LIMIT 60`,
    );
  }, 180_000);

  afterAll(async () => {
    await apps?.memory.close();
    await apps?.sql.close();
    await db?.drop();
  });

  type Body = { total: number; doctors: { cpsoNumber: string }[] };
  const list = async (app: TestApp, path: string): Promise<Body> => {
    const res = await call(app.app, 'GET', path, auth);
    expect({ path, status: res.status }).toEqual({ path, status: 200 });
    return res.body as Body;
  };

  it('answers every list of a radius asked again as SQL does', async () => {
    const answered = apps.memory.app.get(DoctorMemoryIndex).answered;
    const point = fc.oneof(
      fc.nat({ max: 59 }).map((i) => clinics[i]),
      fc.record({
        lat: fc.double({ min: 43.55, max: 43.9, noNaN: true }),
        lng: fc.double({ min: -79.7, max: -79.1, noNaN: true }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        point,
        fc.constantFrom(0.5, 2, 5, 10, 25, 40, 50, 100),
        fc.shuffledSubarray(FILTERS, { minLength: 3, maxLength: 3 }),
        fc.constantFrom(0, 30),
        async (at, km, filters, offset) => {
          const where = `lat=${at.lat.toFixed(4)}&lng=${at.lng.toFixed(4)}&radiusKm=${km}`;
          for (const filter of filters) {
            const path = `/doctors?${where}${filter}&limit=50&offset=${offset}`;
            const [memory, sql] = [await list(apps.memory, path), await list(apps.sql, path)];
            expect({ path, total: memory.total }).toEqual({ path, total: sql.total });
            expect({ path, page: memory.doctors.map((d) => d.cpsoNumber) }).toEqual({
              path,
              page: sql.doctors.map((d) => d.cpsoNumber),
            });
          }
        },
      ),
      { seed: 3504, numRuns: 60 },
    );
    // Every list was answered from the columns (none fell back to SQL).
    expect(apps.memory.app.get(DoctorMemoryIndex).answered - answered).toBeGreaterThanOrEqual(180);
  }, 300_000);
});
