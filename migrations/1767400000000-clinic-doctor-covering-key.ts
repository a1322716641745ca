import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A clinic page's walk asks, clinic by clinic, whether one of its practising doctors has the
 * asked gender or practice start year. Migration 1767200000000 answered that index-only from a
 * second index on (clinic_id, gender, practice_start_year). PostgreSQL 18 (the embedded server
 * `npm start` runs) plans `minYears` alone by skipping over that index's gender and costs it
 * above the primary key, which it then reads and fetches every probed doctor's row for its year
 * (found by the plan tests on a fresh machine; 15, the machine's server, kept the probe index).
 *
 * The primary key now carries the two columns itself (`INCLUDE`): every version reads a clinic's
 * doctors once on it, index-only, for any mix of gender and years, and the second index (one
 * more build of 1.1 million rows at a million doctors) goes. REFRESH ... CONCURRENTLY accepts a
 * unique index with included columns (it compares the key columns).
 */
export class ClinicDoctorCoveringKey1767400000000 implements MigrationInterface {
  name = 'ClinicDoctorCoveringKey1767400000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX clinic_doctor_search_probe_idx`);
    await q.query(`DROP INDEX clinic_doctor_search_pk`);
    await q.query(
      `CREATE UNIQUE INDEX clinic_doctor_search_pk ON clinic_doctor_search (clinic_id, doctor_id)
         INCLUDE (gender, practice_start_year)`,
    );
    await q.query(`ANALYZE clinic_doctor_search`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX clinic_doctor_search_pk`);
    await q.query(
      `CREATE UNIQUE INDEX clinic_doctor_search_pk ON clinic_doctor_search (clinic_id, doctor_id)`,
    );
    await q.query(
      `CREATE INDEX clinic_doctor_search_probe_idx ON clinic_doctor_search (clinic_id, gender, practice_start_year)`,
    );
    await q.query(`ANALYZE clinic_doctor_search`);
  }
}
