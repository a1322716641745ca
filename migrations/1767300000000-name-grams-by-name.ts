import { MigrationInterface, QueryRunner } from 'typeorm';
import {
  NAME_GRAM_WALKS_VIEW,
  NAME_PIECES,
  replaceNameGrams,
} from './1765800000000-name-gram-walks';

/**
 * doctor_name_grams counted the pieces of every doctor's name: at a million doctors about 28
 * million pieces went through a DISTINCT per name and one grouping (41.1 s of the seed's refresh
 * on 2026-11-27's machine). Doctors share names (55,757 distinct among 990,083 at a million), so
 * the pieces are now taken once per distinct name and weighted by how many doctors bear it: 4.8 s
 * in the next seed on the same machine. The early counts still need each doctor's rank in name order
 * (name_key, cpso_number); the doctors of one name hold consecutive ranks, `hi - n + 1` to `hi`
 * with `hi` the running total of doctors up to that name, so the doctors of a name among the
 * first `b` are `greatest(0, least(hi, b) - (hi - n))`. The rows are the same as before.
 */
export const NAME_GRAMS_BY_NAME_VIEW = `
      CREATE MATERIALIZED VIEW doctor_name_grams AS
      WITH names AS (
        SELECT name_key, n, (sum(n) OVER (ORDER BY name_key))::int AS hi
          FROM (SELECT name_key, count(*)::int AS n FROM doctor_search GROUP BY name_key) k
      )
      SELECT g.kind, g.gram, sum(s.n)::int AS n,
             CASE WHEN g.kind = 'c' THEN ARRAY[
               sum(CASE WHEN g.rest THEN greatest(0, least(s.hi, 1024) - (s.hi - s.n)) ELSE 0 END),
               sum(CASE WHEN g.rest THEN greatest(0, least(s.hi, 4096) - (s.hi - s.n)) ELSE 0 END),
               sum(CASE WHEN g.rest THEN greatest(0, least(s.hi, 16384) - (s.hi - s.n)) ELSE 0 END),
               sum(CASE WHEN g.rest THEN greatest(0, least(s.hi, 65536) - (s.hi - s.n)) ELSE 0 END),
               sum(CASE WHEN g.rest THEN greatest(0, least(s.hi, 262144) - (s.hi - s.n)) ELSE 0 END)
             ]::int[] END AS early
        FROM names s
${NAME_PIECES}
       GROUP BY g.kind, g.gram
      UNION ALL
      SELECT 'n', '', count(*)::int, NULL::int[] FROM doctor_search`;

export class NameGramsByName1767300000000 implements MigrationInterface {
  name = 'NameGramsByName1767300000000';

  async up(q: QueryRunner): Promise<void> {
    await replaceNameGrams(q, NAME_GRAMS_BY_NAME_VIEW);
  }

  async down(q: QueryRunner): Promise<void> {
    await replaceNameGrams(q, NAME_GRAM_WALKS_VIEW);
  }
}
