import { MigrationInterface, QueryRunner } from 'typeorm';

/** doctor_name_grams as this migration defines it (NameGramWalks1765800000000 restores it on the way down). */
export const NAME_GRAM_COUNTS_VIEW = `
      CREATE MATERIALIZED VIEW doctor_name_grams AS
      SELECT g.kind, g.gram, count(*)::int AS n
        FROM doctor_search s
        CROSS JOIN LATERAL (
          SELECT DISTINCT 'c'::text AS kind, substr(s.name_key, i, w) AS gram
            FROM (VALUES (2), (3)) AS ws(w), generate_series(1, length(s.name_key) - w + 1) AS i
          UNION ALL
          SELECT 'p', left(s.name_key, w) FROM (VALUES (2), (3)) AS ws(w) WHERE length(s.name_key) >= w
        ) g
       GROUP BY g.kind, g.gram
      UNION ALL
      SELECT 'n', '', count(*)::int FROM doctor_search`;

/**
 * Name search at a million doctors (issue 14, item 3): how many practising doctors' names
 * contain each two- and three-letter piece ('c') and start with each two- and three-letter
 * prefix ('p'), plus the number of doctors ('n', ''). A few thousand rows, read whole and kept in
 * memory until the directory changes. With them a search for two or three letters gets its
 * total without counting its matches, and the search picks the plan that reads the fewest rows:
 * a common piece walks the name (or distance) order and stops at the page, a rare one collects
 * its matches from the name indexes and sorts them. Refreshed with the other read models.
 */
export class NameGramCounts1765300000000 implements MigrationInterface {
  name = 'NameGramCounts1765300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(NAME_GRAM_COUNTS_VIEW);
    await q.query(`CREATE UNIQUE INDEX doctor_name_grams_pk ON doctor_name_grams (kind, gram)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP MATERIALIZED VIEW IF EXISTS doctor_name_grams`);
  }
}
