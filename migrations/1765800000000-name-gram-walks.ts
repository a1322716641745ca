import { MigrationInterface, QueryRunner } from 'typeorm';
import { NAME_GRAM_COUNTS_VIEW } from './1765300000000-name-gram-counts';

/**
 * Each name's distinct pieces of two and three letters ('c', `rest` when the piece is not the
 * name's own start) and its prefixes ('p'), beside a row `s` with a `name_key`.
 */
export const NAME_PIECES = `        CROSS JOIN LATERAL (
          SELECT DISTINCT 'c'::text AS kind, substr(s.name_key, i, w) AS gram,
                 left(s.name_key, w) <> substr(s.name_key, i, w) AS rest
            FROM (VALUES (2), (3)) AS ws(w), generate_series(1, length(s.name_key) - w + 1) AS i
          UNION ALL
          SELECT 'p', left(s.name_key, w), false FROM (VALUES (2), (3)) AS ws(w) WHERE length(s.name_key) >= w
        ) g`;

/** Writes doctor_name_grams from `view` (a CREATE MATERIALIZED VIEW) in place of the one there. */
export async function replaceNameGrams(q: QueryRunner, view: string): Promise<void> {
  await q.query(`DROP MATERIALIZED VIEW IF EXISTS doctor_name_grams`);
  await q.query(view);
  await q.query(`CREATE UNIQUE INDEX doctor_name_grams_pk ON doctor_name_grams (kind, gram)`);
}

/** The view as this migration writes it (NameGramsByName1767300000000 goes back to it). */
export const NAME_GRAM_WALKS_VIEW = `
      CREATE MATERIALIZED VIEW doctor_name_grams AS
      SELECT g.kind, g.gram, count(*)::int AS n,
             CASE WHEN g.kind = 'c' THEN ARRAY[
               count(*) FILTER (WHERE g.rest AND s.r <= 1024),
               count(*) FILTER (WHERE g.rest AND s.r <= 4096),
               count(*) FILTER (WHERE g.rest AND s.r <= 16384),
               count(*) FILTER (WHERE g.rest AND s.r <= 65536),
               count(*) FILTER (WHERE g.rest AND s.r <= 262144)]::int[] END AS early
        FROM (SELECT name_key, row_number() OVER (ORDER BY name_key, cpso_number) AS r
                FROM doctor_search) s
${NAME_PIECES}
       GROUP BY g.kind, g.gram
      UNION ALL
      SELECT 'n', '', count(*)::int, NULL::int[] FROM doctor_search`;

/**
 * Where in name order the names containing a piece (but not starting with it) lie. A search's
 * third rank walks the name order until a page's worth of them pass, or collects them all and
 * sorts them; which costs less depends on how early they come, and matches cluster by name: at
 * a million doctors the 7,472 of 'pha' ("stephanie", "raphael") hold 6 of the first 29,913 names,
 * where an even spread would have put 25 in the first 3,346, so the walk read 29,913 rows for
 * nothing and the page was collected after it (11 ms where collecting alone took 4). `early`
 * counts, per piece ('c'), those names among the first 1,024, 4,096, 16,384, 65,536 and 262,144
 * names in name order (name_key, cpso_number): the walk's length, read off before it starts.
 * (NAME_ORDER_CHECKPOINTS in name-gram-counts.ts holds the same numbers.) About 3 s more of
 * refresh at a million doctors (13.6 s before).
 */
export class NameGramWalks1765800000000 implements MigrationInterface {
  name = 'NameGramWalks1765800000000';

  async up(q: QueryRunner): Promise<void> {
    await replaceNameGrams(q, NAME_GRAM_WALKS_VIEW);
  }

  async down(q: QueryRunner): Promise<void> {
    await replaceNameGrams(q, NAME_GRAM_COUNTS_VIEW);
  }
}
