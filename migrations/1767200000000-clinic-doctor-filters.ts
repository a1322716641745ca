import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes for the clinic lists' doctor filters (issue 32): `gender`, `minYears` / `maxYears` ask
 * whether a clinic has a practising doctor of that gender or practice start year, from
 * clinic_doctor_search (one row per doctor and clinic, 1,138,987 at 1,000,000 doctors), which
 * had indexes on its clinic and doctor ids and arrays only:
 *
 * - a count read every row (`/clinics?gender=non-binary`: a Seq Scan of the 1,138,987 rows for
 *   22,737; `minYears=56`: all of them for none, 60 ms): now the entries of that gender or those
 *   years, index-only (`_gender_idx`, `_year_idx`);
 * - a page's walk probed each clinic's doctors by the primary key, fetching every doctor's row
 *   for its gender and year: now index-only on `_probe_idx`.
 */
export class ClinicDoctorFilters1767200000000 implements MigrationInterface {
  name = 'ClinicDoctorFilters1767200000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX clinic_doctor_search_gender_idx ON clinic_doctor_search (gender, practice_start_year, clinic_id)`,
    );
    await q.query(
      `CREATE INDEX clinic_doctor_search_year_idx ON clinic_doctor_search (practice_start_year, clinic_id)`,
    );
    await q.query(
      `CREATE INDEX clinic_doctor_search_probe_idx ON clinic_doctor_search (clinic_id, gender, practice_start_year)`,
    );
    await q.query(`ANALYZE clinic_doctor_search`);
  }

  public async down(q: QueryRunner): Promise<void> {
    for (const i of ['probe', 'year', 'gender'])
      await q.query(`DROP INDEX IF EXISTS clinic_doctor_search_${i}_idx`);
  }
}
