import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The names that contain q but do not start with it are collected through the indexes of the
 * name's tail (NameTailPieces), then sorted by name for the page. On doctor_search each match
 * was a heap row of its own (at a million doctors 'pha' found 7,472 matches in 6,223 blocks,
 * 10 ms), since its rows lie in no useful order. doctor_name_order holds the four columns a
 * collected match needs (the page's ids and sort keys), written in name order, so the matches
 * of a piece, which cluster by name ("stephanie", "raphael"), share blocks: at 100,000 doctors
 * 714 matches of 'pha' lay in 39 blocks (0.35 ms) where doctor_search spread them over 600.
 * The tail's indexes move to it. (An import refreshes it concurrently, which keeps unchanged rows
 * where they are and writes changed ones at the end: the order holds for most rows until the
 * next full load; the answers never depend on it.)
 */
export class DoctorNameOrder1765700000000 implements MigrationInterface {
  name = 'DoctorNameOrder1765700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE MATERIALIZED VIEW doctor_name_order AS
         SELECT doctor_id, clinic_id, name_key, cpso_number FROM doctor_search
          ORDER BY name_key, cpso_number`,
    );
    // A unique index, for REFRESH ... CONCURRENTLY (imports).
    await q.query(`CREATE UNIQUE INDEX doctor_name_order_pk ON doctor_name_order (doctor_id)`);
    await q.query(
      `CREATE INDEX doctor_name_order_tail_trgm_idx ON doctor_name_order USING gin (substr(name_key, 2) gin_trgm_ops)`,
    );
    await q.query(
      `CREATE INDEX doctor_name_order_tail_bigrams_idx ON doctor_name_order USING gin (name_bigrams(substr(name_key, 2)))`,
    );
    await q.query(`DROP INDEX IF EXISTS doctor_search_name_tail_bigrams_idx`);
    await q.query(`DROP INDEX IF EXISTS doctor_search_name_tail_trgm_idx`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX doctor_search_name_tail_trgm_idx ON doctor_search USING gin (substr(name_key, 2) gin_trgm_ops)`,
    );
    await q.query(
      `CREATE INDEX doctor_search_name_tail_bigrams_idx ON doctor_search USING gin (name_bigrams(substr(name_key, 2)))`,
    );
    await q.query(`DROP MATERIALIZED VIEW IF EXISTS doctor_name_order`);
  }
}
