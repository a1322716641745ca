import { NoReadCache } from '../../src/application/shared/read-cache';
import { ClinicCriteria } from '../../src/domain/directory/criteria';
import { TypeOrmClinicReadRepository } from '../../src/infrastructure/persistence/clinics/typeorm-clinic-read.repository';
import { createDemoDatabase } from '../support/demo-database';
import { clinicReadRepository } from '../support/read-repositories';
import { recordQueries, SentQuery, walkPlanOf } from '../support/recorded-queries';
import { TestDatabase } from '../support/test-database';

const NOW = new Date('2026-11-27T15:00:00Z');
const UNION = { lat: 43.6453, lng: -79.3806 };
const FILTER_INDEXES = /^clinic_doctor_search_(gender_idx|year_idx|pk)$/;

/**
 * The clinic lists' doctor filters (gender, minYears, maxYears) read clinic_doctor_search on its
 * indexes by gender, years and clinic (migration 1767200000000): a count reads that gender's or
 * those years' entries, a page probes each walked clinic's doctors on the primary key, which
 * carries gender and year (migration 1767400000000), index-only, never the table row by row
 * (before them: a Seq Scan of all 1,138,987 rows at 1,000,000 doctors, or a fetch of every probed
 * doctor's row, which PostgreSQL 18 still chose over the earlier probe index for `minYears`).
 * Planned as the other plan tests plan (sequential and bitmap scans off: the demo directory is
 * small), on whichever server the tests run: 15 in CI, the embedded 18 on a fresh machine.
 */
describe('clinic lists with doctor filters read clinic_doctor_search on its filter indexes', () => {
  let db: TestDatabase;
  let repo: TypeOrmClinicReadRepository;
  const sent: SentQuery[] = [];

  beforeAll(async () => {
    db = await createDemoDatabase(
      'clinic_doctor_filter_plans',
      { doctors: 1500, seed: 32, now: NOW },
      'clinic_search, clinic_doctor_search, clinics',
    );
    repo = clinicReadRepository(
      recordQueries(db.dataSource, (q) => sent.push(q)),
      new NoReadCache(),
    );
  });
  afterAll(async () => db?.drop());

  const CASES: Partial<ClinicCriteria>[] = [
    { gender: 'non-binary' },
    { gender: 'female', evening: true },
    { minYears: 30 },
    { maxYears: 5, hasWebsite: false },
    { gender: 'male', minYears: 10, maxYears: 25 },
  ];

  it.each(CASES.flatMap((c) => [c, { ...c, near: UNION }]))('/clinics %j', async (f) => {
    sent.length = 0;
    await repo.list(f, new Set(), { offset: 0, limit: 25 }, NOW);
    const reading = sent.filter((q) => /clinic_doctor_search cd/.test(q.sql));
    // The total and the page both check the clinic's doctors.
    expect(reading.length).toBeGreaterThanOrEqual(2);
    for (const q of reading) {
      const nodes = await walkPlanOf(db.dataSource, q.sql, q.params);
      const cd = nodes.filter((n) => n['Relation Name'] === 'clinic_doctor_search');
      expect(cd.length).toBeGreaterThan(0);
      for (const n of cd) {
        expect({ sql: q.sql.slice(0, 80), node: n['Node Type'], index: n['Index Name'] }).toEqual({
          sql: q.sql.slice(0, 80),
          node: 'Index Only Scan',
          index: expect.stringMatching(FILTER_INDEXES),
        });
      }
    }
  });
});
