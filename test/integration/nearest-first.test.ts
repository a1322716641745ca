import { NoReadCache } from '../../src/application/shared/read-cache';
import { ClinicCriteria, GeoPoint, SpecialistCriteria } from '../../src/domain/directory/criteria';
import { TypeOrmClinicReadRepository } from '../../src/infrastructure/persistence/clinics/typeorm-clinic-read.repository';
import { ListTotals } from '../../src/infrastructure/persistence/directory/list-totals';
import { ReferenceIds } from '../../src/infrastructure/persistence/directory/reference-ids';
import { generateDemoDataset } from '../../src/infrastructure/seed/demo-dataset.generator';
import { replaceDirectoryData } from '../../src/infrastructure/seed/demo-data.seeder';
import { refreshReadModels } from '../../src/infrastructure/persistence/directory/read-models';
import { pointOf, nearRadius } from '../../src/infrastructure/persistence/directory/criteria-sql';
import { SqlParams } from '../../src/infrastructure/persistence/directory/sql-params';
import { recordQueries } from '../support/recorded-queries';
import { createTestDatabase, TestDatabase } from '../support/test-database';

const NOW = new Date('2026-03-01T12:00:00.000Z');

/** Code-point order (uuids compare as their lower-case text). */
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Issue 14, item 3: clinics and specialists nearest first read the spatial index in distance
 * order (a nearest-neighbour scan finds the page's last distance, then only the rows within it
 * are sorted). The answer must still be the contract's: by distance, ties by clinic id (then
 * specialty), the radius applied, every page of the one order. Checked against that definition
 * computed from every row.
 */
describe('nearest first on the spatial index (real PostgreSQL)', () => {
  let db: TestDatabase;
  let repo: TypeOrmClinicReadRepository;
  let specialties: string[];
  const statements: string[] = [];

  const points: GeoPoint[] = [
    { lat: 43.6532, lng: -79.3832 },
    { lat: 43.7615, lng: -79.4111 },
    { lat: 43.59, lng: -79.64 },
    { lat: 43.86, lng: -79.26 },
    { lat: 44.2, lng: -80.1 }, // outside the directory: every distance is long
  ];
  const pages = [
    { offset: 0, limit: 25 },
    { offset: 0, limit: 1 },
    { offset: 7, limit: 10 },
    { offset: 40, limit: 25 },
  ];

  /** Offerings with PostgreSQL's distance (the order key) and great-circle metres from `near`. */
  const offerings = async (near: GeoPoint) =>
    db.dataSource.query<{ id: string; specialty: string; k: number; m: number }[]>(
      `SELECT ss.clinic_id AS id, sp.name AS specialty, ss.specialty_id,
              ss.earth <-> ll_to_earth($1::float8, $2::float8) AS k,
              earth_distance(ll_to_earth($1::float8, $2::float8), ss.earth) AS m
         FROM specialist_search ss JOIN specialties sp ON sp.id = ss.specialty_id
        ORDER BY ss.specialty_id`,
      [near.lat, near.lng],
    );

  beforeAll(async () => {
    db = await createTestDatabase('nearest_first');
    await replaceDirectoryData(
      db.dataSource,
      generateDemoDataset({ doctors: 1500, seed: 7, now: NOW }),
    );
    // Clinics in one building tie in distance: the 36 clinics nearest the first point move, six
    // at a time, to six addresses, so that ties straddle the pages' edges.
    await db.dataSource.query(
      `WITH near AS (SELECT id, row_number() OVER (ORDER BY ll_to_earth(lat, lng) <-> ll_to_earth($1::float8, $2::float8), id) AS i
                       FROM clinics ORDER BY 2 LIMIT 36)
       UPDATE clinics c SET lat = $1::float8 + 0.004 * ((near.i - 1) / 6), lng = $2::float8 + 0.003 * ((near.i - 1) / 6)
         FROM near WHERE near.id = c.id`,
      [points[0].lat, points[0].lng],
    );
    await refreshReadModels((sql) => db.dataSource.query(sql));
    const ds = recordQueries(db.dataSource, (q) => statements.push(q.sql));
    const cache = new NoReadCache();
    repo = new TypeOrmClinicReadRepository(
      ds,
      new ReferenceIds(ds, cache),
      new ListTotals(ds, cache),
    );
    specialties = (
      await db.dataSource.query<{ name: string }[]>(
        `SELECT sp.name FROM specialist_search ss JOIN specialties sp ON sp.id = ss.specialty_id
          GROUP BY sp.name ORDER BY count(*) DESC, sp.name LIMIT 3`,
      )
    ).map((r) => r.name);
  });
  afterAll(async () => db?.drop());

  it('specialists: every page of (distance, clinic, specialty), with and without a radius', async () => {
    let compared = 0;
    for (const near of points) {
      const all = await offerings(near);
      for (const wanted of [[specialties[0]], [specialties[1]], [specialties[1], specialties[2]]])
        for (const radiusKm of [undefined, 5, 0.5]) {
          const hits = all
            .filter((o) => wanted.includes(o.specialty))
            .filter((o) => radiusKm === undefined || o.m <= radiusKm * 1000)
            .sort(
              (a, b) => a.k - b.k || cmp(a.id, b.id) || all.indexOf(a) - all.indexOf(b), // specialty id order
            );
          for (const page of pages) {
            const criteria: SpecialistCriteria = { specialties: wanted, near, radiusKm };
            const got = await repo.specialists(criteria, page, NOW);
            expect({ wanted, near, radiusKm, page, total: got.total }).toEqual({
              wanted,
              near,
              radiusKm,
              page,
              total: hits.length,
            });
            expect(got.items.map((i) => `${i.id} ${i.specialty}`)).toEqual(
              hits
                .slice(page.offset, page.offset + page.limit)
                .map((h) => `${h.id} ${h.specialty}`),
            );
            compared++;
          }
        }
    }
    expect(compared).toBe(points.length * 3 * 3 * pages.length);
    // The nearest-neighbour scan read the page and its ties; no statement sorted every offering
    // by distance.
    expect(statements.some((s) => /specialist_search ss[\s\S]*WITH TIES/.test(s))).toBe(true);
  });

  it('clinics: every page of (distance, id), with and without a radius and array filters', async () => {
    const [{ name: language }] = await db.dataSource.query<{ name: string }[]>(
      `SELECT l.name FROM clinic_search cs JOIN languages l ON l.id = ANY(cs.language_ids)
        WHERE l.name <> 'English' GROUP BY l.name ORDER BY count(*), l.name LIMIT 1`,
    );
    const filters: ClinicCriteria[] = [
      {},
      { languages: [language] },
      { specialties: [specialties[2]] },
      { specialties: [specialties[1], specialties[2]], accepting: true },
    ];
    let nonEmpty = 0;
    for (const near of points) {
      const all = await db.dataSource.query<
        { id: string; k: number; m: number; accepting: boolean; langs: string[]; specs: string[] }[]
      >(
        `SELECT clinic_id AS id, earth <-> ll_to_earth($1::float8, $2::float8) AS k,
                earth_distance(ll_to_earth($1::float8, $2::float8), earth) AS m, accepting,
                ARRAY(SELECT l.name FROM languages l WHERE l.id = ANY(language_ids)) AS langs,
                ARRAY(SELECT sp.name FROM specialties sp WHERE sp.id = ANY(specialty_ids)) AS specs
           FROM clinic_search`,
        [near.lat, near.lng],
      );
      for (const filter of filters)
        for (const radiusKm of [undefined, 5]) {
          const hits = all
            .filter((c) => !filter.languages || c.langs.some((l) => filter.languages!.includes(l)))
            .filter(
              (c) => !filter.specialties || c.specs.some((x) => filter.specialties!.includes(x)),
            )
            .filter((c) => filter.accepting === undefined || c.accepting === filter.accepting)
            .filter((c) => radiusKm === undefined || c.m <= radiusKm * 1000)
            .sort((a, b) => a.k - b.k || cmp(a.id, b.id));
          for (const page of pages) {
            const got = await repo.list({ ...filter, near, radiusKm }, new Set(), page, NOW);
            expect({ filter, near, radiusKm, page, total: got.total }).toEqual({
              filter,
              near,
              radiusKm,
              page,
              total: hits.length,
            });
            expect(got.items.map((c) => c.id)).toEqual(
              hits.slice(page.offset, page.offset + page.limit).map((h) => h.id),
            );
            if (got.items.length > 0) nonEmpty++;
          }
        }
    }
    expect(nonEmpty).toBeGreaterThan(points.length * filters.length * 2);
  });
  it('a radius keeps exactly the rows earth_distance keeps, at the edge too', async () => {
    let compared = 0;
    for (const near of points) {
      // Round radii, and radii equal to a clinic's own distance (the edge itself).
      const edges = await db.dataSource.query<{ m: number }[]>(
        `SELECT earth_distance(ll_to_earth($1::float8, $2::float8), earth) AS m
           FROM clinic_search ORDER BY clinic_id LIMIT 40`,
        [near.lat, near.lng],
      );
      for (const m of [300, 1000, 2500, 5000, 37_300, 100_000, ...edges.map((e) => e.m)]) {
        // As the service does: radiusKm in, metres = radiusKm * 1000 in the statement.
        const radiusKm = m / 1000;
        const metres = radiusKm * 1000;
        const p = new SqlParams();
        const pt = pointOf(near, p);
        const radius = nearRadius(pt, radiusKm, p);
        // Both forms: the rows of an index (counts), and the cut of rows whose distance is read.
        const [row] = await db.dataSource.query<
          { ours: string[]; cut: string[]; theirs: string[] }[]
        >(
          `SELECT array(SELECT cs.clinic_id::text FROM clinic_search cs WHERE ${radius.rows('cs.earth').join(' AND ')}
                         ORDER BY 1) AS ours,
                  array(SELECT cs.clinic_id::text
                          FROM (SELECT cs.clinic_id, cs.earth, cs.earth <-> ${pt} AS k FROM clinic_search cs) cs
                         WHERE ${radius.cut('cs.k', 'cs.earth')} ORDER BY 1) AS cut,
                  array(SELECT cs.clinic_id::text FROM clinic_search cs
                         WHERE earth_distance(ll_to_earth($${p.values.length + 1}::float8, $${p.values.length + 2}::float8), cs.earth)
                               <= $${p.values.length + 3}::float8 ORDER BY 1) AS theirs`,
          [...p.values, near.lat, near.lng, metres],
        );
        expect({ near, metres, ids: row.ours }).toEqual({ near, metres, ids: row.theirs });
        expect({ near, metres, ids: row.cut }).toEqual({ near, metres, ids: row.theirs });
        compared += row.theirs.length;
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });
});
