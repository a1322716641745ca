import fc from 'fast-check';
import { authHeaders } from '../support/auth';
import {
  ClinicFilters,
  ClinicRow,
  cmp,
  distancesFrom,
  doctorPasses,
  filtersArb,
  hasDoctorFilter,
  locationArb,
  POINTS,
  Query,
  readClinics,
  sharedFilterValues,
} from '../support/clinic-definition';
import { createDemoDatabase } from '../support/demo-database';
import { FixedClock } from '../support/fixed-clock';
import { call } from '../support/http';
import { TestApp } from '../support/test-app';
import { BothWays, createBothWays, eachWay, expectAnsweredAsNamed } from '../support/both-ways';
import { TestDatabase } from '../support/test-database';

/**
 * Random combinations of every documented /clinics filter (issue 32, item 5) answer exactly
 * what a definition computed from every row of the base tables says (test/support/
 * clinic-definition.ts: a clinic passes the doctor filters when one of its practising doctors
 * satisfies them all together, its own flags, website, status and openness at the moment are
 * its own): the same total, the same clinics, in name order (name key, id) or nearest first
 * (distance, id) within the radius; and the page after nextCursor is the next slice.
 */

// A Friday noon in Toronto (openAt covers weekdays, a weekend, evenings, the holidays).
const NOW = new Date('2026-11-27T17:00:00Z');
const SEED = Number(process.env.CLINIC_FILTERS_PROPERTY_SEED ?? 3302);

interface ClinicItem {
  id: string;
  acceptingStatus: string;
  openNow: boolean | null;
}

describe('/clinics: random filter combinations equal the definition from every row (property)', () => {
  let db: TestDatabase;
  let t: TestApp;
  let both: BothWays;
  let auth: Record<string, string>;
  let clinics: ClinicRow[];
  let byId: Map<string, ClinicRow>;
  let filters: ClinicFilters;
  let specs: string[];
  let langs: string[];
  const distances = new Map<string, Map<string, { k: number; m: number }>>();

  beforeAll(async () => {
    db = await createDemoDatabase(
      'clinic-filters-property',
      { doctors: 1200, seed: 32, now: NOW },
      'clinic_search, clinic_doctor_search',
    );
    both = await createBothWays(db, new FixedClock(NOW));
    t = both.memory;
    auth = await authHeaders(t, 'admin');
    const ds = db.dataSource;
    clinics = await readClinics(ds);
    byId = new Map(clinics.map((c) => [c.id, c]));
    filters = new ClinicFilters(clinics, NOW);
    specs = (await ds.query<{ name: string }[]>(`SELECT name FROM specialties ORDER BY name`)).map(
      (r) => r.name,
    );
    langs = (await ds.query<{ name: string }[]>(`SELECT name FROM languages ORDER BY name`)).map(
      (r) => r.name,
    );
    for (const p of POINTS) distances.set(JSON.stringify(p), await distancesFrom(ds, p));
  }, 180_000);

  afterAll(async () => {
    await t?.close();
    await both?.sql.close();
    await db?.drop();
  });

  const queryArb = (): fc.Arbitrary<Query> =>
    fc
      .tuple(
        filtersArb(
          {
            specialty: fc.constantFrom(...specs),
            specialties: fc.subarray(specs, { minLength: 1, maxLength: 2 }).map((a) => a.join(',')),
            ...sharedFilterValues(langs),
            hasWebsite: fc.boolean().map(String),
          },
          1,
          4,
        ),
        locationArb,
      )
      .map(([f, at]) => ({ ...f, ...at }));

  /** The definition: every clinic that passes, in the list's order. */
  function expected(q: Query): ClinicRow[] {
    const year = NOW.getUTCFullYear();
    const doctorFilter = hasDoctorFilter(q, true);
    const point = q.near ? { near: q.near } : q.lat ? { lat: q.lat, lng: q.lng } : undefined;
    const d = point ? distances.get(JSON.stringify(point))! : undefined;
    const radius = q.radiusKm === undefined ? undefined : Number(q.radiusKm) * 1000;
    const hits = clinics.filter(
      (c) =>
        filters.passes(c, q) &&
        (!doctorFilter || c.doctors.some((x) => doctorPasses(x, q, year, { specialties: true }))) &&
        (radius === undefined || d!.get(c.id)!.m <= radius),
    );
    return d
      ? hits.sort((a, b) => d.get(a.id)!.k - d.get(b.id)!.k || cmp(a.id, b.id))
      : hits.sort((a, b) => cmp(a.nameKey, b.nameKey) || cmp(a.id, b.id));
  }

  it.each(eachWay(() => both))(
    'every combination, %s: total, members and order as defined, and the next page by cursor (seeded)',
    async (_how, app) => {
      console.log(
        `clinic filters property: seed ${SEED} (CLINIC_FILTERS_PROPERTY_SEED to replay), ` +
          `${clinics.length} clinics`,
      );
      const seen = { empty: 0, some: 0, near: 0, cursors: 0 };
      await fc.assert(
        fc.asyncProperty(
          queryArb(),
          fc.constantFrom(0, 0, 7, 40),
          fc.constantFrom(10, 25, 100),
          async (q, offset, limit) => {
            const want = expected(q);
            const qs = new URLSearchParams({
              ...q,
              limit: String(limit),
              offset: String(offset),
            }).toString();
            const res = await call(app().app, 'GET', `/clinics?${qs}`, auth);
            expect({ qs, status: res.status, body: res.status === 200 ? '' : res.text }).toEqual({
              qs,
              status: 200,
              body: '',
            });
            const body = res.body as { total: number; clinics: ClinicItem[]; nextCursor: string };
            expect({ qs, total: body.total }).toEqual({ qs, total: want.length });
            expect({ qs, page: body.clinics.map((c) => c.id) }).toEqual({
              qs,
              page: want.slice(offset, offset + limit).map((c) => c.id),
            });
            for (const c of body.clinics) {
              const row = byId.get(c.id)!;
              expect({ id: c.id, status: c.acceptingStatus }).toEqual({
                id: c.id,
                status: row.status,
              });
              expect({ id: c.id, openNow: c.openNow }).toEqual({
                id: c.id,
                openNow: filters.openAt(row, NOW.getTime()),
              });
            }
            if (body.nextCursor) {
              const next = new URLSearchParams({
                ...q,
                limit: String(limit),
                cursor: body.nextCursor,
              }).toString();
              const r2 = await call(app().app, 'GET', `/clinics?${next}`, auth);
              expect({ next, status: r2.status }).toEqual({ next, status: 200 });
              const page2 = (r2.body as { clinics: ClinicItem[] }).clinics.map((c) => c.id);
              expect({ next, page2 }).toEqual({
                next,
                page2: want.slice(offset + limit, offset + 2 * limit).map((c) => c.id),
              });
              seen.cursors++;
            }
            if (q.lat ?? q.near) seen.near++;
            if (want.length === 0) seen.empty++;
            else seen.some++;
          },
        ),
        { seed: SEED, numRuns: Number(process.env.PROPERTY_RUNS ?? 150) },
      );
      console.log(`clinic filters property: ${JSON.stringify(seen)}`);
      // The draws must exercise real answers, points and cursors, not only empty lists.
      expect(seen.some).toBeGreaterThan(seen.empty);
      expect(seen.near).toBeGreaterThan(20);
      expect(seen.cursors).toBeGreaterThan(10);
      // Each app answered the way it is named for.
      expectAnsweredAsNamed(both, app(), seen.some + 1);
    },
    300_000,
  );
});
