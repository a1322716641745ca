import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Real data in and out (issue 13): clinics and reviews are keyed by their source's own id
 * (`source`, `source_id`), so that a re-import updates them in place and clinics keep their UUID;
 * the existing rows take their own id as source id. The facet read models get unique indexes so
 * that an import can refresh every read model CONCURRENTLY (readers are never blocked).
 */
export class DirectoryProvenance1765200000000 implements MigrationInterface {
  name = 'DirectoryProvenance1765200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE clinics ADD COLUMN source_id text`);
    await q.query(`UPDATE clinics SET source_id = id::text`);
    // Rows written by other means than an import (fixtures, plain SQL) get an id of their own.
    await q.query(
      `ALTER TABLE clinics ALTER COLUMN source_id SET NOT NULL, ALTER COLUMN source_id SET DEFAULT gen_random_uuid()::text`,
    );
    await q.query(`CREATE UNIQUE INDEX clinics_source_key ON clinics (source, source_id)`);

    await q.query(`ALTER TABLE reviews ADD COLUMN source text, ADD COLUMN source_id text`);
    await q.query(`
      UPDATE reviews r
         SET source = COALESCE(d.source, c.source), source_id = r.id::text
        FROM reviews x
        LEFT JOIN doctors d ON d.id = x.doctor_id
        LEFT JOIN clinics c ON c.id = x.clinic_id
       WHERE x.id = r.id`);
    await q.query(
      `ALTER TABLE reviews ALTER COLUMN source SET NOT NULL, ALTER COLUMN source SET DEFAULT 'unspecified'`,
    );
    await q.query(
      `ALTER TABLE reviews ALTER COLUMN source_id SET NOT NULL, ALTER COLUMN source_id SET DEFAULT gen_random_uuid()::text`,
    );
    await q.query(`CREATE UNIQUE INDEX reviews_source_key ON reviews (source, source_id)`);
    await q.query(`CREATE INDEX doctors_source_idx ON doctors (source) WHERE expired_at IS NULL`);

    const flags = 'accepting, evening, weekend, wheelchair, virtual_visits, near_ttc';
    await q.query(
      `CREATE UNIQUE INDEX doctor_facets_uq ON doctor_facets (${flags}, gender, practice_start_year)`,
    );
    for (const view of ['doctor_specialty_facets', 'doctor_language_facets']) {
      await q.query(
        `CREATE UNIQUE INDEX ${view}_uq ON ${view} (ref_id, ${flags}, gender, practice_start_year)`,
      );
    }
    await q.query(`CREATE UNIQUE INDEX clinic_facets_uq ON clinic_facets (${flags}, has_website)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const i of [
      'clinic_facets_uq',
      'doctor_language_facets_uq',
      'doctor_specialty_facets_uq',
      'doctor_facets_uq',
      'doctors_source_idx',
      'reviews_source_key',
      'clinics_source_key',
    ])
      await q.query(`DROP INDEX IF EXISTS ${i}`);
    await q.query(
      `ALTER TABLE reviews DROP COLUMN IF EXISTS source_id, DROP COLUMN IF EXISTS source`,
    );
    await q.query(`ALTER TABLE clinics DROP COLUMN IF EXISTS source_id`);
  }
}
