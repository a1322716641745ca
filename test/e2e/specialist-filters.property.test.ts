import fc from 'fast-check';
import { authHeaders } from '../support/auth';
import {
  askedSpecialties,
  ClinicFilters,
  ClinicRow,
  cmp,
  distancesFrom,
  doctorPasses,
  filtersArb,
  hasDoctorFilter,
  locationArb,
  OfferingRow,
  POINTS,
  Query,
  readClinics,
  readOfferings,
  sharedFilterValues,
} from '../support/clinic-definition';
import { createDemoDatabase } from '../support/demo-database';
import { FixedClock } from '../support/fixed-clock';
import { call } from '../support/http';
import { TestApp } from '../support/test-app';
import { BothWays, createBothWays, eachWay, expectAnsweredAsNamed } from '../support/both-ways';
import { TestDatabase } from '../support/test-database';

/**
 * Random combinations of every documented /specialists filter (issue 32, item 5) answer exactly
 * what a definition computed from every row of the base tables says (test/support/
 * clinic-definition.ts): the offerings (clinic, specialty) of the specialties asked
 * (`specialties`, sent beside the required `specialty`, wins over it) whose clinic passes its
 * own filters (flags, status, open at the moment) and, with a doctor filter, has a practising
 * doctor of the offering's specialty who satisfies every doctor filter; in order of wait (wait,
 * clinic name key, clinic, specialty) or nearest first (distance, clinic, specialty) within the
 * radius. Checked: total, members and order, each item's wait, languages (its doctors' of that
 * specialty), status and openNow, and the page after nextCursor.
 */

const NOW = new Date('2026-11-27T17:00:00Z');
const SEED = Number(process.env.SPECIALIST_FILTERS_PROPERTY_SEED ?? 3303);

interface SpecialistItem {
  id: string;
  specialty: string;
  languages: string[];
  wait_weeks: number;
  acceptingStatus: string;
  openNow: boolean | null;
}

interface Pair {
  readonly o: OfferingRow;
  readonly c: ClinicRow;
}

describe('/specialists: random filter combinations equal the definition from every row (property)', () => {
  let db: TestDatabase;
  let t: TestApp;
  let both: BothWays;
  let auth: Record<string, string>;
  let clinics: Map<string, ClinicRow>;
  let offerings: OfferingRow[];
  let filters: ClinicFilters;
  let specs: string[];
  let offered: string[];
  let langs: string[];
  const distances = new Map<string, Map<string, { k: number; m: number }>>();

  beforeAll(async () => {
    db = await createDemoDatabase(
      'specialist-filters-property',
      { doctors: 1200, seed: 34, now: NOW },
      'clinic_search, clinic_doctor_search, specialist_search',
    );
    both = await createBothWays(db, new FixedClock(NOW));
    t = both.memory;
    auth = await authHeaders(t, 'admin');
    const ds = db.dataSource;
    const rows = await readClinics(ds);
    clinics = new Map(rows.map((c) => [c.id, c]));
    filters = new ClinicFilters(rows, NOW);
    offerings = await readOfferings(ds);
    specs = (await ds.query<{ name: string }[]>(`SELECT name FROM specialties ORDER BY name`)).map(
      (r) => r.name,
    );
    offered = specs.filter((s) => offerings.some((o) => o.specialty === s.toLowerCase()));
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

  /**
   * The specialties: one (mostly one that is offered), or several in `specialties`, which needs
   * `specialty` beside it (required: 400 missing_param without it) and wins over it.
   */
  const specialtyArb = (): fc.Arbitrary<Query> =>
    fc.oneof(
      { weight: 5, arbitrary: fc.constantFrom(...offered).map((s) => ({ specialty: s })) },
      { weight: 1, arbitrary: fc.constantFrom(...specs).map((s) => ({ specialty: s })) },
      {
        weight: 3,
        arbitrary: fc
          .tuple(fc.constantFrom(...specs), fc.subarray(offered, { minLength: 1, maxLength: 3 }))
          .map(([one, many]) => ({ specialty: one, specialties: many.join(',') })),
      },
    );

  const queryArb = (): fc.Arbitrary<Query> =>
    fc
      .tuple(specialtyArb(), filtersArb(sharedFilterValues(langs), 0, 3), locationArb)
      .map(([s, f, at]) => ({ ...s, ...f, ...at }));

  const pointOf = (q: Query) =>
    q.near ? { near: q.near } : q.lat ? { lat: q.lat, lng: q.lng } : undefined;

  /** The definition: every pair that passes, in the list's order. */
  function expected(q: Query): Pair[] {
    const year = NOW.getUTCFullYear();
    const asked = askedSpecialties(q)!;
    const doctorFilter = hasDoctorFilter(q, false);
    const point = pointOf(q);
    const d = point ? distances.get(JSON.stringify(point))! : undefined;
    const radius = q.radiusKm === undefined ? undefined : Number(q.radiusKm) * 1000;
    const hits = offerings
      .filter((o) => asked.includes(o.specialty))
      .map((o) => ({ o, c: clinics.get(o.clinicId)! }))
      .filter(
        ({ o, c }) =>
          filters.passes(c, q) &&
          (!doctorFilter ||
            c.doctors.some((x) =>
              doctorPasses(x, q, year, { specialties: false, pairSpecialty: o.specialty }),
            )) &&
          (radius === undefined || d!.get(c.id)!.m <= radius),
      );
    const tail = (a: Pair, b: Pair) => cmp(a.c.id, b.c.id) || a.o.specialtyId - b.o.specialtyId;
    return d
      ? hits.sort((a, b) => d.get(a.c.id)!.k - d.get(b.c.id)!.k || tail(a, b))
      : hits.sort(
          (a, b) => a.o.waitWeeks - b.o.waitWeeks || cmp(a.c.nameKey, b.c.nameKey) || tail(a, b),
        );
  }

  /** Languages of the clinic's doctors who practise the pair's specialty (lower-cased, sorted). */
  const languagesOf = (p: Pair) =>
    [
      ...new Set(
        p.c.doctors
          .filter((x) => x.specialties.includes(p.o.specialty))
          .flatMap((x) => x.languages),
      ),
    ].sort();

  const keyOf = (p: Pair) => `${p.c.id}/${p.o.specialty}`;
  const itemKey = (s: SpecialistItem) => `${s.id}/${s.specialty.toLowerCase()}`;

  it.each(eachWay(() => both))(
    'every combination, %s: total, members and order as defined, and the next page by cursor (seeded)',
    async (_how, app) => {
      console.log(
        `specialist filters property: seed ${SEED} (SPECIALIST_FILTERS_PROPERTY_SEED to replay), ` +
          `${offerings.length} offerings of ${offered.length} specialties`,
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
            const res = await call(app().app, 'GET', `/specialists?${qs}`, auth);
            expect({ qs, status: res.status, body: res.status === 200 ? '' : res.text }).toEqual({
              qs,
              status: 200,
              body: '',
            });
            const body = res.body as {
              total: number;
              clinics: SpecialistItem[];
              nextCursor: string | null;
            };
            expect({ qs, total: body.total }).toEqual({ qs, total: want.length });
            const slice = want.slice(offset, offset + limit);
            expect({ qs, page: body.clinics.map(itemKey) }).toEqual({ qs, page: slice.map(keyOf) });
            body.clinics.forEach((s, i) => {
              const p = slice[i];
              expect({
                qs,
                item: itemKey(s),
                fields: [s.wait_weeks, s.acceptingStatus, s.openNow],
              }).toEqual({
                qs,
                item: itemKey(s),
                fields: [p.o.waitWeeks, p.c.status, filters.openAt(p.c, NOW.getTime())],
              });
              expect({
                item: itemKey(s),
                languages: s.languages.map((l) => l.toLowerCase()).sort(),
              }).toEqual({
                item: itemKey(s),
                languages: languagesOf(p),
              });
            });
            if (body.nextCursor) {
              const next = new URLSearchParams({
                ...q,
                limit: String(limit),
                cursor: body.nextCursor,
              }).toString();
              const r2 = await call(app().app, 'GET', `/specialists?${next}`, auth);
              expect({ next, status: r2.status }).toEqual({ next, status: 200 });
              const page2 = (r2.body as { clinics: SpecialistItem[] }).clinics.map(itemKey);
              expect({ next, page2 }).toEqual({
                next,
                page2: want.slice(offset + limit, offset + 2 * limit).map(keyOf),
              });
              seen.cursors++;
            }
            if (pointOf(q)) seen.near++;
            if (want.length === 0) seen.empty++;
            else seen.some++;
          },
        ),
        { seed: SEED, numRuns: Number(process.env.PROPERTY_RUNS ?? 150) },
      );
      console.log(`specialist filters property: ${JSON.stringify(seen)}`);
      expect(seen.some).toBeGreaterThan(seen.empty);
      expect(seen.near).toBeGreaterThan(20);
      expect(seen.cursors).toBeGreaterThan(5);
      // Each app answered the way it is named for.
      expectAnsweredAsNamed(both, app(), seen.some + 1);
    },
    300_000,
  );
});
