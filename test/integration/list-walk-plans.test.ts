import { NoReadCache } from '../../src/application/shared/read-cache';
import { TypeOrmDoctorReadRepository } from '../../src/infrastructure/persistence/doctors/typeorm-doctor-read.repository';
import { doctorFilterKinds } from '../support/list-filters';
import { createDemoDatabase } from '../support/demo-database';
import { doctorReadRepository } from '../support/read-repositories';
import { recordQueries, SentQuery, walkPlanOf } from '../support/recorded-queries';
import { TestDatabase } from '../support/test-database';

const NOW = new Date('2026-03-01T12:00:00.000Z');

/**
 * Issue 14: a doctor list walks a name-ordered index of doctor_search (all doctors, one
 * `accepting` value, or one gender) and filters the walked rows. Each of those indexes carries
 * every filtered column (migration 1765500000000), so whatever the filters, the walk reads the
 * index alone: no heap fetch per walked row. Checked on the statements the repository sends,
 * with the planner held to walks (no sequential or bitmap scan: the demo directory is small).
 */
describe('doctor list walks are index-only (real PostgreSQL)', () => {
  let db: TestDatabase;
  let repo: TypeOrmDoctorReadRepository;
  const sent: SentQuery[] = [];

  beforeAll(async () => {
    // Index-only scans need the visibility map (the seed vacuums; make sure).
    db = await createDemoDatabase(
      'list_walk_plans',
      { doctors: 1500, seed: 9, now: NOW },
      'doctor_search',
    );
    const ds = recordQueries(db.dataSource, (q) => sent.push(q));
    repo = doctorReadRepository(ds, new NoReadCache());
  });
  afterAll(async () => db?.drop());

  it('walks an index alone for every kind of filter, arrays included', async () => {
    const { cases } = await doctorFilterKinds(db.dataSource);
    const walked = new Set<string>();
    for (const criteria of cases) {
      sent.length = 0;
      const page = await repo.list(criteria, { offset: 25, limit: 25 }, NOW);
      expect(page.total).toBeGreaterThanOrEqual(0);
      const pageSql = sent.find((x) => /ORDER BY s\.name_key, s\.cpso_number LIMIT/.test(x.sql));
      expect(pageSql).toBeDefined();
      const scans = (await walkPlanOf(db.dataSource, pageSql!.sql, pageSql!.params)).filter(
        (n) => n['Relation Name'] === 'doctor_search',
      );
      expect(scans.length).toBe(1);
      // An "Index Scan" here would fetch every walked row from the heap.
      expect([criteria, scans[0]['Node Type']]).toEqual([criteria, 'Index Only Scan']);
      walked.add(String(scans[0]['Index Name']));
    }
    // The three walks (all doctors, by `accepting`, by gender) were all exercised.
    expect([...walked].sort()).toEqual([
      'doctor_search_accepting_idx',
      'doctor_search_gender_idx',
      'doctor_search_name_idx',
    ]);
  });
});
