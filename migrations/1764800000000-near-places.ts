import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * "Near me" (issue 12): a postal code or its forward sortation area resolves to the centroid of
 * the directory's clinics in that area, found on this expression index instead of a scan.
 * Doctors by distance read a new read model, doctor_geo (a GiST index on each doctor's primary
 * clinic point); clinics use clinic_search's, and specialists within a radius a new one.
 */
export class NearPlaces1764800000000 implements MigrationInterface {
  name = 'NearPlaces1764800000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX clinics_fsa_idx ON clinics (upper(left(postal_code, 3)))`);
    // Doctors by distance: each practising doctor's primary clinic point, on a GiST index, with
    // every column the filters read, so a nearest-neighbour scan yields doctors nearest first and
    // a radius is the index's bounding cube, with no join. Refreshed with the other read models.
    await q.query(`
      CREATE MATERIALIZED VIEW doctor_geo AS
      SELECT s.doctor_id, s.clinic_id, s.name_key, s.cpso_number, cs.earth,
             s.gender, s.practice_start_year, s.specialty_ids, s.language_ids, s.accepting,
             s.evening, s.weekend, s.wheelchair, s.virtual_visits, s.near_ttc
        FROM doctor_search s
        JOIN clinic_search cs ON cs.clinic_id = s.clinic_id`);
    await q.query(`CREATE UNIQUE INDEX doctor_geo_pk ON doctor_geo (doctor_id)`);
    await q.query(`CREATE INDEX doctor_geo_earth_idx ON doctor_geo USING gist (earth)`);
    // Search near a point reads doctor_geo alone: the same name indexes as doctor_search.
    await q.query(`CREATE INDEX doctor_geo_cpso_idx ON doctor_geo (cpso_number)`);
    await q.query(
      `CREATE INDEX doctor_geo_name_trgm_idx ON doctor_geo USING gin (name_key gin_trgm_ops)`,
    );
    await q.query(
      `CREATE INDEX doctor_geo_name_bigrams_idx ON doctor_geo USING gin (name_bigrams(name_key))`,
    );
    // Specialists within a radius: the bounding cube on an index of its own.
    await q.query(
      `CREATE INDEX specialist_search_earth_idx ON specialist_search USING gist (earth)`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS specialist_search_earth_idx`);
    await q.query(`DROP MATERIALIZED VIEW IF EXISTS doctor_geo`);
    await q.query(`DROP INDEX IF EXISTS clinics_fsa_idx`);
  }
}
