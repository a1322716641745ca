import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes for the FHIR view's searches that v1 does not make (issue 35): `_lastUpdated` on
 * doctors (practising ones) and clinics, `address-city` and `address-postalcode` as prefixes on
 * clinics ("C" collation, so a LIKE 'prefix%' reads a btree range).
 */
export class FhirSearchIndexes1766800000000 implements MigrationInterface {
  name = 'FhirSearchIndexes1766800000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX IF NOT EXISTS doctors_updated_idx ON doctors (updated_at, id) WHERE expired_at IS NULL`,
    );
    await q.query(`CREATE INDEX IF NOT EXISTS clinics_updated_idx ON clinics (updated_at, id)`);
    await q.query(
      `CREATE INDEX IF NOT EXISTS clinics_city_key_idx ON clinics ((lower(city) COLLATE "C"), name_key, id)`,
    );
    await q.query(
      `CREATE INDEX IF NOT EXISTS clinics_postal_key_idx ON clinics ((upper(replace(postal_code, ' ', '')) COLLATE "C"))`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS clinics_postal_key_idx`);
    await q.query(`DROP INDEX IF EXISTS clinics_city_key_idx`);
    await q.query(`DROP INDEX IF EXISTS clinics_updated_idx`);
    await q.query(`DROP INDEX IF EXISTS doctors_updated_idx`);
  }
}
