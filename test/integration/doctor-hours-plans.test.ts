import { ListMomentsResolver } from '../../src/application/shared/list-moments';
import { NoReadCache } from '../../src/application/shared/read-cache';
import { DoctorCriteria } from '../../src/domain/directory/criteria';
import { directoryCriteria } from '../../src/application/shared/directory-criteria';
import { DateHolidaysOntarioCalendar } from '../../src/infrastructure/holidays/date-holidays-ontario.calendar';
import { TypeOrmDoctorReadRepository } from '../../src/infrastructure/persistence/doctors/typeorm-doctor-read.repository';
import { createDemoDatabase } from '../support/demo-database';
import { doctorReadRepository } from '../support/read-repositories';
import { planNodesOf, recordQueries, SentQuery } from '../support/recorded-queries';
import { TestDatabase } from '../support/test-database';

const NOW = new Date('2026-11-27T17:00:00.000Z'); // a Friday noon in Toronto

/**
 * The plan of a statement with the planner held to walks, as the walks' generic plans are
 * (prepared-reads.ts): no sequential or bitmap scan, no hash or merge join (a demo directory is
 * small enough for any of them). The plan then shows the walk the statement lets indexes serve.
 */
function walkPlanOf(
  ds: TestDatabase['dataSource'],
  sql: string,
  params: unknown[],
): Promise<Record<string, unknown>[]> {
  return ds.transaction(async (m) => {
    for (const s of ['seqscan', 'bitmapscan', 'hashjoin', 'mergejoin'])
      await m.query(`SET LOCAL enable_${s} = off`);
    const [row] = await m.query<{ 'QUERY PLAN': { Plan: Record<string, unknown> }[] }[]>(
      `EXPLAIN (FORMAT JSON) ${sql}`,
      params,
    );
    return planNodesOf(row['QUERY PLAN'][0].Plan);
  });
}
const FINCH = { lat: 43.7807, lng: -79.4157 };

/**
 * Issue 33: the openNow / openAt and acceptingStatus filters keep a doctor list on its walks. A
 * page walks a name-ordered index of doctor_search alone (index only), or doctor_geo nearest
 * first, and checks each walked row's clinic by key (clinics' primary key, the exception's
 * primary key): no sort of the matches. A total reads the open facets, or with a filter of the
 * doctor's own counts doctor_search, by index either way. Checked on the statements the
 * repository sends, with the planner held to walks (the demo directory is small).
 */
describe('doctor lists with hours and status filters stay on their walks (real PostgreSQL)', () => {
  let db: TestDatabase;
  let repo: TypeOrmDoctorReadRepository;
  const sent: SentQuery[] = [];
  const resolver = new ListMomentsResolver(new DateHolidaysOntarioCalendar());

  beforeAll(async () => {
    db = await createDemoDatabase(
      'doctor_hours_plans',
      { doctors: 1500, seed: 9, now: NOW },
      'doctor_search, doctor_geo, clinics, clinic_hours_exceptions',
    );
    const ds = recordQueries(db.dataSource, (q) => sent.push(q));
    repo = doctorReadRepository(ds, new NoReadCache());
  });
  afterAll(async () => db?.drop());

  const FILTERS: [string, Record<string, unknown>][] = [
    ['openNow', { openNow: true }],
    ['openAt Saturday', { openAt: '2026-11-28T10:00' }],
    ['openAt Boxing Day', { openAt: '2026-12-26T10:00' }],
    ['openAt + language', { openAt: '2026-11-30T18:30', languages: ['French'] }],
    ['acceptingStatus', { acceptingStatus: 'existing-patients-family' }],
    ['acceptingStatus + accepting', { acceptingStatus: 'accepting,existing-patients-only' }],
    ['openAt + acceptingStatus', { openAt: '2026-12-26T10:00', acceptingStatus: 'unknown' }],
  ];
  const criteriaOf = (q: Record<string, unknown>): DoctorCriteria => directoryCriteria(q);

  const relationScans = (plan: Record<string, unknown>[], relation: string) =>
    plan.filter((n) => n['Relation Name'] === relation);
  type PlanNode = Record<string, unknown>;
  const children = (n: PlanNode) => (n.Plans as PlanNode[] | undefined) ?? [];
  /** Whether `relation` is scanned under `n` without a Limit in between. */
  const reaches = (n: PlanNode, relation: string): boolean =>
    n['Node Type'] !== 'Limit' &&
    (n['Relation Name'] === relation || children(n).some((c) => reaches(c, relation)));
  /** Sorts that take the walk's rows before its Limit (a sort of every match). */
  const sortsBelowLimit = (plan: PlanNode[], relation: string) =>
    plan
      .filter((n) => n['Node Type'] === 'Sort' || n['Node Type'] === 'Incremental Sort')
      .filter((n) => children(n).some((c) => reaches(c, relation)))
      .map((n) => n['Sort Key']);
  /**
   * Each row's clinic (and its exception) is read by key, an index condition on its id; or, for
   * a status, the clinics of that status are read once from their index (then hashed).
   */
  const expectKeyProbes = (plan: PlanNode[]) => {
    for (const n of [
      ...relationScans(plan, 'clinics'),
      ...relationScans(plan, 'clinic_hours_exceptions'),
    ])
      expect([n['Alias'], n['Index Cond']]).toEqual([
        n['Alias'],
        expect.stringMatching(/\b(clinic_id|id) = |^\(accepting_status = ANY /),
      ]);
  };

  it.each(FILTERS)(
    '%s: the name-order page walks an index alone, probing clinics by key',
    async (_n, q) => {
      const criteria = criteriaOf(q);
      for (const page of [
        { offset: 0, limit: 25 },
        { offset: 25, limit: 25 },
      ]) {
        sent.length = 0;
        const r = await repo.list(criteria, page, NOW, resolver.resolve(criteria, NOW));
        expect(r.total).toBeGreaterThanOrEqual(0);
        const pageSql = sent.find((x) => /ORDER BY s\.name_key, s\.cpso_number LIMIT/.test(x.sql));
        if (pageSql === undefined) {
          // A page past the counted total is not read at all.
          expect(r.total).toBeLessThanOrEqual(page.offset);
        } else if (/ANY\(ARRAY\(SELECT o\.clinic_id/.test(pageSql.sql)) {
          // Few open clinics' rows (beyond the walk budget): collected by clinic, then sorted.
          expect((page.offset + page.limit) * 1500).toBeGreaterThan(r.total * 5000);
          const plan = await walkPlanOf(db.dataSource, pageSql.sql, pageSql.params);
          expect(relationScans(plan, 'doctor_search').map((n) => n['Index Name'])).toEqual([
            'doctor_search_clinic_idx',
          ]);
        } else {
          const plan = await walkPlanOf(db.dataSource, pageSql.sql, pageSql.params);
          const walk = relationScans(plan, 'doctor_search');
          expect(walk.map((n) => n['Node Type'])).toEqual(['Index Only Scan']);
          expect(String(walk[0]['Index Name'])).toMatch(
            /^doctor_search_(name|accepting|gender)_idx$/,
          );
          expectKeyProbes(plan);
          // The only sorts are of the page's rows (above the walk's Limit), never of the matches.
          expect(sortsBelowLimit(plan, 'doctor_search')).toEqual([]);
        }
        // The total: with a moment, statuses and clinic flags alone, the open facets (a few
        // facet rows and the day's exceptions); with a filter of the doctor's own, a count of
        // doctor_search. Either reads by index, never every clinic.
        const facetOnly = !('languages' in q);
        const totals = sent.filter((x) =>
          facetOnly
            ? /FROM doctor_open_facets f/.test(x.sql)
            : /count\(\*\)::int AS n FROM doctor_search/.test(x.sql),
        );
        expect(totals.length).toBe(1);
        if (facetOnly)
          expect(
            sent.filter((x) => /count\(\*\)::int AS n FROM doctor_search/.test(x.sql)),
          ).toEqual([]);
        const totalPlan = await walkPlanOf(db.dataSource, totals[0].sql, totals[0].params);
        if (!facetOnly) expect(relationScans(totalPlan, 'doctor_search').length).toBeGreaterThan(0);
        for (const rel of [
          'clinics',
          'doctor_search',
          'clinic_hours_exceptions',
          'clinic_open_ranges',
          'doctor_open_facets',
        ])
          expect(
            relationScans(totalPlan, rel).filter(
              (n) => !/Index|Bitmap Heap/.test(String(n['Node Type'])),
            ),
          ).toEqual([]);
        for (const f of sent.filter((x) => /FROM doctor_facets/.test(x.sql)))
          expect(f.sql).toMatch(
            /^SELECT coalesce\(sum\(n\), 0\)::int AS n FROM doctor_facets s( WHERE s\.(accepting|gender) = \$1)?$/,
          );
      }
    },
  );

  it.each(FILTERS)(
    '%s: nearest first walks doctor_geo by distance, radius or not',
    async (_n, q) => {
      for (const loc of [{ near: FINCH }, { near: FINCH, radiusKm: 5 }]) {
        const criteria = { ...criteriaOf(q), ...loc };
        sent.length = 0;
        await repo.list(criteria, { offset: 0, limit: 25 }, NOW, resolver.resolve(criteria, NOW));
        const pageSql = sent.find((x) => /ORDER BY g\.earth <->/.test(x.sql));
        expect(pageSql).toBeDefined();
        const plan = await walkPlanOf(db.dataSource, pageSql!.sql, pageSql!.params);
        const walk = relationScans(plan, 'doctor_geo');
        expect(walk.length).toBe(1);
        expect(walk[0]['Node Type']).toBe('Index Scan');
        expect(walk[0]['Order By']).toBeDefined(); // a nearest-neighbour scan
        expectKeyProbes(plan);
        expect(sortsBelowLimit(plan, 'doctor_geo')).toEqual([]);
      }
    },
  );
});
