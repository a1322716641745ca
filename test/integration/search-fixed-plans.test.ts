import { DataSource } from 'typeorm';
import { NoReadCache, ReadCache } from '../../src/application/shared/read-cache';
import { DoctorCriteria } from '../../src/domain/directory/criteria';
import { dataSourceOptions } from '../../src/infrastructure/database/data-source-options';
import {
  closePreparedReads,
  executeSql,
  fixedPlan,
  isFixedPlan,
  preparedReads,
  preparedStatementName,
} from '../../src/infrastructure/database/prepared-reads';
import { doctorReadRepository } from '../support/read-repositories';
import { createDemoDatabase } from '../support/demo-database';
import { planNodesOf, recordQueries, SentQuery } from '../support/recorded-queries';
import { TEST_DB_SETTINGS, TestDatabase } from '../support/test-database';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const NEAR = { lat: 43.7, lng: -79.4 };

/**
 * Issue 14: a search of two or three letters whose matches are counted writes how each of its
 * branches reads into its text (walk or collect; the prefix as a range of the name index), so
 * it runs on its generic plan, planned once per connection (planning cost more than running it).
 * Any other search is planned for its values. The answers are the same either way.
 */
describe('counted searches run on fixed generic plans (real PostgreSQL)', () => {
  let db: TestDatabase;
  let single: DataSource;
  let prepared: DataSource;
  const sent: SentQuery[] = [];

  const repository = (ds: DataSource, cache: ReadCache = new NoReadCache()) =>
    doctorReadRepository(ds, cache);
  /** Planned for its values (the test database's DataSource has no generic sessions). */
  const plain = () => repository(db.dataSource);
  const onSessions = () => repository(recordQueries(prepared, (q) => sent.push(q)));
  const pageStatements = () => sent.filter((q) => /\bJOIN clinics c\b/.test(q.sql));
  /** The generic plan a session of fixed plans runs for the page statement `search` sent. */
  const fixedPlanNodes = async (): Promise<Record<string, unknown>[]> => {
    const [{ sql, params }] = pageStatements();
    const [row] = await prepared.query<{ 'QUERY PLAN': { Plan: Record<string, unknown> }[] }[]>(
      fixedPlan(`EXPLAIN (FORMAT JSON) ${executeSql(sql, params)}`),
      [],
    );
    return planNodesOf(row['QUERY PLAN'][0].Plan);
  };

  /** Common and rare two- and three-letter pieces of the names, a prefix, and an absent piece. */
  let pieces: string[];

  beforeAll(async () => {
    db = await createDemoDatabase(
      'search_fixed_plans',
      { doctors: 3000, seed: 11, now: NOW },
      'doctor_search, doctor_geo',
    );
    // Two connections: each side pool then has one, so every fixed plan runs on one session.
    single = new DataSource(dataSourceOptions(db.url, { ...TEST_DB_SETTINGS, poolSize: 2 }));
    await single.initialize();
    prepared = preparedReads(single);
    const grams = await db.dataSource.query<{ gram: string }[]>(
      `SELECT gram FROM doctor_name_grams WHERE kind = 'c' AND gram !~ ' '
        ORDER BY n DESC, gram`,
    );
    const [first] = await db.dataSource.query<{ name_key: string }[]>(
      'SELECT name_key FROM doctor_search ORDER BY name_key LIMIT 1',
    );
    const two = grams.filter((g) => [...g.gram].length === 2).map((g) => g.gram);
    const three = grams.filter((g) => [...g.gram].length === 3).map((g) => g.gram);
    pieces = [
      two[0],
      two[Math.floor(two.length / 2)],
      two[two.length - 1],
      three[0],
      three[Math.floor(three.length / 3)],
      three[three.length - 1],
      first.name_key.slice(0, 3).toUpperCase(),
      'zzq',
    ];
  });
  afterAll(async () => {
    if (prepared) await closePreparedReads(prepared);
    await single?.destroy();
    await db?.drop();
  });

  it('sends a fixed plan to sessions of generic plans with the planner’s usual choices', async () => {
    const settings = `SELECT current_setting('plan_cache_mode') AS mode,
                             current_setting('enable_bitmapscan') AS bitmap,
                             current_setting('enable_sort') AS sort,
                             current_setting('jit') AS jit`;
    expect(await prepared.query(fixedPlan(settings), [])).toEqual([
      { mode: 'force_generic_plan', bitmap: 'on', sort: 'on', jit: 'off' },
    ]);
    expect(await prepared.query(settings, [])).toEqual([
      { mode: 'auto', bitmap: 'on', sort: 'on', jit: expect.any(String) },
    ]);
  });

  it('answers a counted search on its generic plan as the planned one does; other searches are planned', async () => {
    const fixed = onSessions();
    for (const q of pieces) {
      for (const near of [undefined, NEAR]) {
        for (const page of [
          { offset: 0, limit: 25 },
          { offset: 25, limit: 25 },
          { offset: 3, limit: 7 },
        ]) {
          const criteria: DoctorCriteria = near ? { near } : {};
          sent.length = 0;
          const answer = await fixed.search(q, criteria, page, NOW);
          expect([q, near, page, answer]).toEqual([
            q,
            near,
            page,
            await plain().search(q, criteria, page, NOW),
          ]);
          expect([q, near, pageStatements().map((s) => isFixedPlan(s.sql))]).toEqual([
            q,
            near,
            [true],
          ]);
        }
      }
    }
    // With a filter, a radius or a longer q, the planner sees the values.
    for (const [q, criteria] of [
      [pieces[3], { gender: 'female' }],
      [pieces[3], { near: NEAR, radiusKm: 3 }],
      [`${pieces[3]}a`, {}],
    ] as [string, DoctorCriteria][]) {
      sent.length = 0;
      const page = { offset: 0, limit: 25 };
      expect(await fixed.search(q, criteria, page, NOW)).toEqual(
        await plain().search(q, criteria, page, NOW),
      );
      expect([q, criteria, pageStatements().map((s) => isFixedPlan(s.sql))]).toEqual([
        q,
        criteria,
        [false],
      ]);
    }
    // Each fixed statement was planned once, generically, on its session.
    const stats = await prepared.query<
      { statement: string; generic_plans: number; custom_plans: number }[]
    >(
      fixedPlan(
        `SELECT statement, generic_plans::int, custom_plans::int FROM pg_prepared_statements
          WHERE statement LIKE '/* fixed plan%'`,
      ),
      [],
    );
    expect(stats.length).toBeGreaterThan(3);
    for (const s of stats) {
      expect([s.statement, s.generic_plans > 0, s.custom_plans]).toEqual([s.statement, true, 0]);
    }
  });

  it('reads every branch of a fixed plan through an index, never a scan of every row', async () => {
    // A generic plan cannot see how many names a piece matches, and a small relation may look
    // cheaper to read whole (doctor_name_order at 100,000 doctors was, for two letters: 32 ms).
    const fixed = onSessions();
    const seen = new Set<string>();
    for (const q of pieces) {
      for (const near of [undefined, NEAR]) {
        for (const page of [
          { offset: 0, limit: 25 },
          { offset: 60, limit: 10 },
        ]) {
          sent.length = 0;
          await fixed.search(q, near ? { near } : {}, page, NOW);
          const [{ sql }] = pageStatements();
          if (seen.has(sql)) continue;
          seen.add(sql);
          const whole = (await fixedPlanNodes()).filter((n) => n['Node Type'] === 'Seq Scan');
          expect([q, near, whole.map((n) => n['Relation Name'])]).toEqual([q, near, []]);
        }
      }
    }
    expect(seen.size).toBeGreaterThan(3);
  });

  it('reads the names starting with q as a range of the name index on the generic plan', async () => {
    for (const q of [pieces[0], pieces[3]]) {
      sent.length = 0;
      await onSessions().search(q, {}, { offset: 0, limit: 25 }, NOW);
      const nodes = await fixedPlanNodes();
      const ranges = nodes.filter(
        (n) =>
          n['Index Name'] === 'doctor_search_name_idx' &&
          /name_key >= \$\d+\) AND \(name_key < \$\d+/.test(String(n['Index Cond'])),
      );
      expect([q, ranges.length]).toEqual([q, 1]);
      // Read in order and stopped at the page (no bitmap of every such name, then a sort), and
      // never through the trigram index (the range is exact: the statement has no LIKE for it).
      expect([q, ranges[0]['Node Type']]).toEqual([
        q,
        expect.stringMatching(/^Index (Only )?Scan$/),
      ]);
      expect([q, nodes.filter((n) => n['Index Name'] === 'doctor_search_name_trgm_idx')]).toEqual([
        q,
        [],
      ]);
      expect([q, nodes.filter((n) => n['Node Type'] === 'Seq Scan')]).toEqual([q, []]);
    }
  });

  it('near a point, reads collected names starting with q as a range of doctor_geo_name_idx, index-only', async () => {
    // The trigram index would also return every name with a word starting with q, each fetched
    // and rechecked ('san' at 100,000 doctors: 1,466 rows for 735 names).
    for (const q of [pieces[0], pieces[3]]) {
      sent.length = 0;
      await onSessions().search(q, { near: NEAR }, { offset: 0, limit: 25 }, NOW);
      const nodes = await fixedPlanNodes();
      const ranges = nodes.filter(
        (n) =>
          n['Index Name'] === 'doctor_geo_name_idx' &&
          /name_key >= \$\d+\) AND \(name_key < \$\d+/.test(String(n['Index Cond'])),
      );
      expect([q, ranges.map((n) => n['Node Type'])]).toEqual([q, ['Index Only Scan']]);
      expect([q, nodes.filter((n) => n['Index Name'] === 'doctor_geo_name_trgm_idx')]).toEqual([
        q,
        [],
      ]);
    }
  });

  it('offers the names starting with q no index but the name index, whatever the generic plan weighs', async () => {
    // At a million doctors a generic plan read a prefix that fills the page through a bitmap of
    // the trigram index and the range, then sorted every such name ('geo': 11.9 ms). At this
    // size it happens not to, so the ordered scans are ruled out here and the plan is left to
    // show which indexes the statement lets the prefix use: only the range's.
    const q = pieces[3];
    sent.length = 0;
    await onSessions().search(q, {}, { offset: 0, limit: 25 }, NOW);
    const [{ sql, params }] = pageStatements();
    expect(sql).not.toMatch(/NOT LIKE/); // the prefix fills the page: no third rank
    const nodes = await db.dataSource.transaction(async (m) => {
      await m.query('SET LOCAL plan_cache_mode = force_generic_plan');
      await m.query('SET LOCAL enable_indexscan = off');
      await m.query('SET LOCAL enable_indexonlyscan = off');
      await m.query('SET LOCAL enable_seqscan = off');
      await m.query(`PREPARE "${preparedStatementName(sql)}" AS ${sql}`);
      const [row] = await m.query<{ 'QUERY PLAN': { Plan: Record<string, unknown> }[] }[]>(
        `EXPLAIN (FORMAT JSON) ${executeSql(sql, params)}`,
      );
      await m.query(`DEALLOCATE "${preparedStatementName(sql)}"`);
      return planNodesOf(row['QUERY PLAN'][0].Plan);
    });
    // doctor_search's indexes, but the CPSO number's (the first rank's).
    const names = nodes
      .map((n) => (typeof n['Index Name'] === 'string' ? n['Index Name'] : ''))
      .filter((i) => i.startsWith('doctor_search_') && i !== 'doctor_search_cpso_idx');
    expect(names.length).toBeGreaterThan(0);
    expect([q, [...new Set(names)]]).toEqual([q, ['doctor_search_name_idx']]);
  });
});
