import { MigrationInterface, QueryRunner } from 'typeorm';
import { NAME_GRAMS_BY_NAME_VIEW } from './1767300000000-name-grams-by-name';

/** The indexes only the SQL name search read (its planner's walks and collections, issue 14). */
const NAME_SEARCH_INDEXES: readonly [string, string][] = [
  ['doctor_search_name_trgm_idx', 'ON doctor_search USING gin (name_key gin_trgm_ops)'],
  ['doctor_search_name_bigrams_idx', 'ON doctor_search USING gin (name_bigrams(name_key))'],
  ['doctor_geo_name_trgm_idx', 'ON doctor_geo USING gin (name_key gin_trgm_ops)'],
  ['doctor_geo_name_bigrams_idx', 'ON doctor_geo USING gin (name_bigrams(name_key))'],
  ['doctor_geo_earth_name_idx', "ON doctor_geo USING gist (earth, (name_key || '') gist_trgm_ops)"],
  [
    'doctor_geo_name_idx',
    'ON doctor_geo (name_key) INCLUDE (cpso_number, earth, doctor_id, clinic_id)',
  ],
];

/**
 * Issue 50: every name search (REST `q`, MCP, FHIR `name`, `family`, `given`) is answered from
 * the name index of the columns in memory; the SQL name search is gone. Nothing else reads what
 * only it used, so it goes too: the read models doctor_name_grams (the pieces' counts) and
 * doctor_name_order (the names in name order, for collected fragments), the trigram and
 * two-letter indexes of doctor_search and doctor_geo's names, doctor_geo's index of the point
 * with the name's trigrams and its name-ordered index, and name_bigrams. A seed and an import
 * refresh two materialized views fewer (doctor_name_order took 19 s of a seed at 1,000,000
 * doctors) and build six big indexes fewer. doctor_search_name_idx, the lists' name order,
 * stays.
 */
export class RetireSqlNameSearch1768000000000 implements MigrationInterface {
  name = 'RetireSqlNameSearch1768000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP MATERIALIZED VIEW IF EXISTS doctor_name_grams`);
    await q.query(`DROP MATERIALIZED VIEW IF EXISTS doctor_name_order`);
    for (const [name] of NAME_SEARCH_INDEXES) await q.query(`DROP INDEX IF EXISTS ${name}`);
    await q.query(`DROP FUNCTION IF EXISTS name_bigrams(text)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE FUNCTION name_bigrams(t text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
         AS $$ SELECT ARRAY(SELECT substr(t, i, 2) FROM generate_series(1, length(t) - 1) AS i) $$`,
    );
    for (const [name, def] of NAME_SEARCH_INDEXES) await q.query(`CREATE INDEX ${name} ${def}`);
    await q.query(
      `CREATE MATERIALIZED VIEW doctor_name_order AS
         SELECT doctor_id, clinic_id, name_key, cpso_number FROM doctor_search
          ORDER BY name_key, cpso_number`,
    );
    await q.query(`CREATE UNIQUE INDEX doctor_name_order_pk ON doctor_name_order (doctor_id)`);
    await q.query(
      `CREATE INDEX doctor_name_order_tail_trgm_idx ON doctor_name_order USING gin (substr(name_key, 2) gin_trgm_ops)`,
    );
    await q.query(
      `CREATE INDEX doctor_name_order_tail_bigrams_idx ON doctor_name_order USING gin (name_bigrams(substr(name_key, 2)))`,
    );
    await q.query(NAME_GRAMS_BY_NAME_VIEW);
    await q.query(`CREATE UNIQUE INDEX doctor_name_grams_pk ON doctor_name_grams (kind, gram)`);
  }
}
