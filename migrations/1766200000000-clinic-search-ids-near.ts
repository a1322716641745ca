import { MigrationInterface, QueryRunner } from 'typeorm';
import { earthIdsIndex } from './1766000000000-doctor-geo-ids-near';

/**
 * Clinics near a point with a specialty or a language (issue 14, item 3), as doctors
 * (DoctorGeoIdsNear): clinic_search's point is indexed with its specialty and language ids
 * (intarray's GiST operator class, installed by that migration in its own schema), so a
 * nearest-first walk skips, inside the index, the clinics the filter drops. Clinics where
 * Punjabi is spoken near a point at 100,000 doctors: 330 buffers and 0.4 ms warm, 56 and 0.22 ms
 * with the ids beside the point.
 *
 * It replaces clinic_search_earth_idx: the same index serves walks without an array filter and
 * the radius's counts (the point is its first column), as fast in a test of both.
 */
export class ClinicSearchIdsNear1766200000000 implements MigrationInterface {
  name = 'ClinicSearchIdsNear1766200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(earthIdsIndex('clinic_search_earth_ids_idx', 'clinic_search'));
    await q.query(`DROP INDEX IF EXISTS clinic_search_earth_idx`);
    await q.query(`ANALYZE clinic_search`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX clinic_search_earth_idx ON clinic_search USING gist (earth)`);
    await q.query(`DROP INDEX IF EXISTS clinic_search_earth_ids_idx`);
  }
}
