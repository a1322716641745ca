import { DataSource } from 'typeorm';
import { KeepingReadCache, NoReadCache, ReadCache } from '../../src/application/shared/read-cache';
import {
  ClinicCriteria,
  DoctorCriteria,
  SpecialistCriteria,
} from '../../src/domain/directory/criteria';
import { Page } from '../../src/domain/shared/page';
import { dataSourceOptions } from '../../src/infrastructure/database/data-source-options';
import {
  closePreparedReads,
  executeSql,
  isWalk,
  preparedReads,
  walk,
} from '../../src/infrastructure/database/prepared-reads';
import { TypeOrmClinicReadRepository } from '../../src/infrastructure/persistence/clinics/typeorm-clinic-read.repository';
import { ListTotals } from '../../src/infrastructure/persistence/directory/list-totals';
import { ReferenceIds } from '../../src/infrastructure/persistence/directory/reference-ids';
import { SearchTuning } from '../../src/infrastructure/persistence/doctors/search-tuning';
import { TypeOrmDoctorReadRepository } from '../../src/infrastructure/persistence/doctors/typeorm-doctor-read.repository';
import { createDemoDatabase } from '../support/demo-database';
import { doctorFilterKinds } from '../support/list-filters';
import { planNodesOf, recordQueries, SentQuery } from '../support/recorded-queries';
import { TEST_DB_SETTINGS, TestDatabase } from '../support/test-database';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const DOWNTOWN = { lat: 43.6532, lng: -79.3832 };

/**
 * Issue 14: PostgreSQL spends about as long planning a list page as reading it. A page in name
 * order whose walk is known to be short (its total and the number of doctors are counted) runs
 * on its generic plan, on connections where plans are generic and made of index scans only; any
 * other page is planned for its values. The answer is the same either way.
 */
describe('short list walks run on generic plans (real PostgreSQL)', () => {
  let db: TestDatabase;
  let single: DataSource;
  let prepared: DataSource;
  const sent: SentQuery[] = [];

  const repository = (ds: DataSource, cache: ReadCache, tuning?: Partial<SearchTuning>) =>
    new TypeOrmDoctorReadRepository(
      ds,
      new ReferenceIds(ds, cache),
      new ListTotals(ds, cache),
      tuning && {
        listWalkBudget: 0,
        shortWalkMinRows: 250_000,
        shortWalkMinShare: 0,
        shortWalkPassOverPages: Infinity,
        ...tuning,
      },
    );
  const plain = () => repository(db.dataSource, new NoReadCache());
  const pageStatement = () => {
    const s = sent.filter((q) =>
      /ORDER BY (s\.name_key, s\.cpso_number|g\.k, g\.name_key, g\.cpso_number)\s+LIMIT/.test(
        q.sql,
      ),
    );
    expect(s).toHaveLength(1);
    return s[0];
  };

  beforeAll(async () => {
    db = await createDemoDatabase(
      'list_walk_generic',
      { doctors: 1500, seed: 9, now: NOW },
      'doctor_search',
    );
    // Two connections: the walks' pool then has one, so every walk runs on the same session.
    single = new DataSource(dataSourceOptions(db.url, { ...TEST_DB_SETTINGS, poolSize: 2 }));
    await single.initialize();
    prepared = preparedReads(single);
  });
  afterAll(async () => {
    if (prepared) await closePreparedReads(prepared);
    await single?.destroy();
    await db?.drop();
  });

  it('sends a walk to sessions of generic, index-only plans, and anything else to the usual ones', async () => {
    const settings = `SELECT current_setting('plan_cache_mode') AS mode,
                             current_setting('enable_bitmapscan') AS bitmap,
                             current_setting('enable_seqscan') AS seq,
                             current_setting('enable_sort') AS sort,
                             current_setting('enable_hashjoin') AS hash,
                             current_setting('jit') AS jit`;
    expect(await prepared.query(walk(settings), [])).toEqual([
      {
        mode: 'force_generic_plan',
        bitmap: 'off',
        seq: 'off',
        sort: 'off',
        hash: 'off',
        jit: 'off',
      },
    ]);
    expect(await prepared.query(settings, [])).toEqual([
      { mode: 'auto', bitmap: 'on', seq: 'on', sort: 'on', hash: 'on', jit: expect.any(String) },
    ]);
  });

  it('walks on a generic plan only when the count says the walk is short, with the same answer', async () => {
    const [rare] = await db.dataSource.query<{ name: string; n: number }[]>(
      `SELECT l.name, count(*)::int AS n FROM languages l JOIN doctor_search s ON l.id = ANY(s.language_ids)
        GROUP BY l.name HAVING count(*) > 20 ORDER BY count(*), l.name LIMIT 1`,
    );
    const common: DoctorCriteria = { accepting: true };
    const commonTotal = (await plain().list(common, { offset: 0, limit: 1 }, NOW)).total;
    const [{ doctors }] = await db.dataSource.query<{ doctors: number }[]>(
      'SELECT count(*)::int AS doctors FROM doctor_search',
    );
    // (The rare language has rows on this page: a page past a counted total is not read.)
    const page = { offset: 10, limit: 10 };
    // The walk's expected length, (offset + limit) x doctors / matches, for each filter; the
    // budget sits between the two.
    const reach = (matches: number) => ((page.offset + page.limit) * doctors) / matches;
    expect(reach(rare.n)).toBeGreaterThan(4 * reach(commonTotal));
    const budget = 2 * reach(commonTotal);
    const repo = repository(
      recordQueries(prepared, (q) => sent.push(q)),
      new KeepingReadCache(),
      { listWalkBudget: budget },
    );

    for (const criteria of [common, { languages: [rare.name] }] as DoctorCriteria[]) {
      const expected = await plain().list(criteria, page, NOW);
      sent.length = 0;
      // The first page of a filter is planned for its values: its total is not counted yet.
      expect(await repo.list(criteria, page, NOW)).toEqual(expected);
      expect(isWalk(pageStatement().sql)).toBe(false);
      // Once both counts are in (they load beside the first pages), only the common filter walks.
      const walks: boolean[] = [];
      for (let i = 0; i < 4; i++) {
        sent.length = 0;
        expect(await repo.list(criteria, page, NOW)).toEqual(expected);
        walks.push(isWalk(pageStatement().sql));
      }
      expect([criteria, walks[walks.length - 1], walks.some(Boolean)]).toEqual([
        criteria,
        criteria === common,
        criteria === common,
      ]);
    }
  });

  it('reads every kind of filter, at every offset, as the planner would, on the plan kept for it', async () => {
    const kinds = await doctorFilterKinds(db.dataSource);
    const cases: DoctorCriteria[] = [
      {},
      ...kinds.cases,
      { minYears: 5, maxYears: 25 },
      // Nearest first: the nearest-neighbour scan of doctor_geo's spatial index.
      { near: DOWNTOWN },
      { near: DOWNTOWN, accepting: true, languages: [kinds.lang] },
      { near: DOWNTOWN, radiusKm: 8, gender: 'female' },
      { near: DOWNTOWN, radiusKm: 3, specialties: [kinds.spec], evening: true },
    ];
    const repo = repository(
      recordQueries(prepared, (q) => sent.push(q)),
      new KeepingReadCache(),
      { listWalkBudget: Number.MAX_SAFE_INTEGER },
    );
    const walked: SentQuery[] = [];
    for (const criteria of cases) {
      for (const offset of [0, 7, 25, 60]) {
        const page = { offset, limit: 10 };
        const expected = await plain().list(criteria, page, NOW);
        // The first pages are planned for their values, until the counts are in.
        for (let i = 0; i < 10; i++) {
          sent.length = 0;
          const got = await repo.list(criteria, page, NOW);
          expect([criteria, offset, got]).toEqual([criteria, offset, expected]);
          // A page past a counted total is not read (past-the-end.test.ts).
          if (expected.total <= offset || isWalk(pageStatement().sql)) break;
        }
        if (expected.total > offset) {
          const s = pageStatement();
          expect([criteria, offset, isWalk(s.sql)]).toEqual([criteria, offset, true]);
          walked.push(s);
        }
      }
    }
    // Each statement ran on the one walk connection, on its generic plan, never a custom one,
    // and that plan scans doctor_search or doctor_geo by an index in the page's order.
    const stats = await prepared.query<
      { statement: string; generic_plans: number; custom_plans: number }[]
    >(
      walk(
        `SELECT statement, generic_plans::int, custom_plans::int FROM pg_prepared_statements
          WHERE statement LIKE '/* walk:%'`,
      ),
      [],
    );
    const scanned = new Set<string>();
    for (const { sql, params } of new Map(walked.map((w) => [w.sql, w])).values()) {
      const s = stats.find((x) => x.statement === sql);
      expect([sql, s?.generic_plans && s.generic_plans > 0, s?.custom_plans]).toEqual([
        sql,
        true,
        0,
      ]);
      const [row] = await prepared.query<{ 'QUERY PLAN': { Plan: Record<string, unknown> }[] }[]>(
        walk(`EXPLAIN (FORMAT JSON) ${executeSql(sql, params)}`),
        [],
      );
      const nodes = planNodesOf(row['QUERY PLAN'][0].Plan);
      // A page's few rows are joined by nested loops (a generic plan guesses a tenth of the rows).
      expect([sql, nodes.filter((n) => /Hash|Merge/.test(String(n['Node Type'])))]).toEqual([
        sql,
        [],
      ]);
      const scans = nodes.filter((n) =>
        ['doctor_search', 'doctor_geo'].includes(String(n['Relation Name'])),
      );
      expect(scans).toHaveLength(1);
      const scan = scans[0];
      expect([sql, scan['Node Type']]).toEqual([
        sql,
        expect.stringMatching(/^Index (Only )?Scan$/),
      ]);
      // Nearest first, the spatial index in distance order; else one of the name-ordered walks.
      if (scan['Relation Name'] === 'doctor_geo') expect(scan['Order By']).toBeDefined();
      else
        expect([sql, scan['Index Name']]).toEqual([
          sql,
          expect.stringMatching(/^doctor_search_(name|accepting|gender)_idx$/),
        ]);
      scanned.add(String(scan['Relation Name']));
    }
    expect([...scanned].sort()).toEqual(['doctor_geo', 'doctor_search']);
  });

  it('reads clinic and specialist pages, by name, by wait and nearest first, on generic plans too', async () => {
    const [lang] = await db.dataSource.query<{ name: string }[]>(
      `SELECT l.name FROM languages l WHERE l.name <> 'English' ORDER BY l.name LIMIT 1`,
    );
    const [spec] = await db.dataSource.query<{ name: string }[]>(
      `SELECT sp.name FROM specialties sp JOIN specialist_search ss ON ss.specialty_id = sp.id
        GROUP BY sp.name ORDER BY count(*) DESC, sp.name LIMIT 1`,
    );
    const clinics = (ds: DataSource, cache: ReadCache) =>
      new TypeOrmClinicReadRepository(ds, new ReferenceIds(ds, cache), new ListTotals(ds, cache));
    const plainClinics = clinics(db.dataSource, new NoReadCache());
    const walking = clinics(
      recordQueries(prepared, (q) => sent.push(q)),
      new KeepingReadCache(),
    );
    const clinicCases: ClinicCriteria[] = [
      {},
      { accepting: true },
      { languages: [lang.name] },
      { near: DOWNTOWN },
      { near: DOWNTOWN, radiusKm: 6, evening: true },
      { near: DOWNTOWN, languages: [lang.name] },
    ];
    const specialistCases: SpecialistCriteria[] = [
      { specialties: [spec.name] },
      { specialties: [spec.name], near: DOWNTOWN },
      { specialties: [spec.name], near: DOWNTOWN, radiusKm: 15, wheelchair: true },
    ];
    type Read = [string, unknown, (r: TypeOrmClinicReadRepository) => Promise<Page<unknown>>];
    const reads: Read[] = [
      ...clinicCases.map((c): Read => [
        'clinics',
        c,
        (r) => r.list(c, new Set(), { offset: 2, limit: 5 }, NOW),
      ]),
      ...specialistCases.map((c): Read => [
        'specialists',
        c,
        (r) => r.specialists(c, { offset: 1, limit: 5 }, NOW),
      ]),
    ];
    const walked: SentQuery[] = [];
    for (const [kind, criteria, read] of reads) {
      const expected = await read(plainClinics);
      expect(expected.total).toBeGreaterThan(7);
      let last: SentQuery[] = [];
      for (let i = 0; i < 10; i++) {
        sent.length = 0;
        expect([kind, criteria, await read(walking)]).toEqual([kind, criteria, expected]);
        last = sent.filter((q) => /\bJOIN clinics c\b/.test(q.sql));
        expect(last).toHaveLength(1);
        if (isWalk(last[0].sql)) break;
      }
      expect([kind, criteria, isWalk(last[0].sql)]).toEqual([kind, criteria, true]);
      walked.push(last[0]);
    }
    // A page that checks each clinic's doctors is always planned for its values.
    const perDoctor: ClinicCriteria = { near: DOWNTOWN, languages: [lang.name], minYears: 5 };
    const page = { offset: 2, limit: 5 };
    const expected = await plainClinics.list(perDoctor, new Set(), page, NOW);
    for (let i = 0; i < 4; i++) {
      sent.length = 0;
      expect(await walking.list(perDoctor, new Set(), page, NOW)).toEqual(expected);
      expect(
        sent.filter((q) => /\bJOIN clinics c\b/.test(q.sql)).map((q) => isWalk(q.sql)),
      ).toEqual([false]);
    }
    // Within a radius, the scan nearest first reads rows until the page's reach pass the
    // filters, then cuts at the radius: the filters' matches say how far it goes, not the
    // radius's count. A radius holding no clinic (150 km north of the city) is walked as any.
    const far = { lat: 45.0, lng: -79.4 };
    for (const [kind, criteria, read] of [
      [
        'clinics',
        { near: far, radiusKm: 1, accepting: true },
        (r) => r.list({ near: far, radiusKm: 1, accepting: true }, new Set(), page, NOW),
      ],
      [
        'specialists',
        { specialties: [spec.name], near: far, radiusKm: 1 },
        (r) => r.specialists({ specialties: [spec.name], near: far, radiusKm: 1 }, page, NOW),
      ],
    ] as Read[]) {
      let last: SentQuery[] = [];
      for (let i = 0; i < 4; i++) {
        sent.length = 0;
        expect([kind, await read(walking)]).toEqual([kind, { items: [], total: 0 }]);
        last = sent.filter((q) => /\bJOIN clinics c\b/.test(q.sql));
        if (isWalk(last[0].sql)) break;
      }
      expect([kind, criteria, isWalk(last[0].sql)]).toEqual([kind, criteria, true]);
    }
    for (const { sql, params } of walked) {
      const [row] = await prepared.query<{ 'QUERY PLAN': { Plan: Record<string, unknown> }[] }[]>(
        walk(`EXPLAIN (FORMAT JSON) ${executeSql(sql, params)}`),
        [],
      );
      const nodes = planNodesOf(row['QUERY PLAN'][0].Plan);
      const pageScans = nodes.filter((n) =>
        ['clinic_search', 'specialist_search'].includes(String(n['Relation Name'])),
      );
      expect(pageScans.length).toBeGreaterThan(0);
      for (const scan of pageScans)
        expect([sql, scan['Node Type']]).toEqual([
          sql,
          expect.stringMatching(/^Index (Only )?Scan$/),
        ]);
      expect(
        nodes.filter((n) => /Seq Scan|Bitmap|Hash|Merge/.test(String(n['Node Type']))),
      ).toEqual([]);
      if (/<->/.test(sql)) expect([sql, pageScans.some((n) => n['Order By'])]).toEqual([sql, true]);
    }
  });
});
