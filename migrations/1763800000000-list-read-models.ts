import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The body of name_bigrams as this migration defines it, after CREATE or CREATE OR REPLACE
 * (NameBigramsUnsorted1765900000000 restores it on the way down).
 */
export const NAME_BIGRAMS_SORTED = `FUNCTION name_bigrams(t text) RETURNS text[]
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        AS $$ SELECT coalesce(array_agg(DISTINCT substr(t, i, 2)), '{}')
                FROM generate_series(1, length(t) - 1) AS i $$`;

/**
 * Read models measured necessary at 100,000 doctors (npm run bench / npm run plans):
 * - clinic_search: one row per clinic with its flags, its point (`earth`, indexed for
 *   nearest-first scans) and the union of its practising doctors' specialty and language ids
 *   (GIN), so clinic filters and distance ordering run on one table's indexes;
 * - specialist_search: one row per offering with the clinic's sort keys and flags, indexed in
 *   the order of the specialists list;
 * - doctor_facets, doctor_specialty_facets, doctor_language_facets, clinic_facets: row counts
 *   grouped by every scalar filter (and by one specialty or language), so the total of a broad
 *   filter is a sum over a few thousand rows instead of a scan of the list;
 * - a GIN index on the two-letter pieces of doctors' names, for two-letter searches that the
 *   trigram index cannot serve.
 */
export class ListReadModels1763800000000 implements MigrationInterface {
  name = 'ListReadModels1763800000000';

  public async up(q: QueryRunner): Promise<void> {
    // The name-ordered list walks this index and filters on the flags: carrying them (and the
    // ids the page needs) lets the walk stay index-only.
    await q.query(`DROP INDEX doctor_search_name_idx`);
    await q.query(`
      CREATE UNIQUE INDEX doctor_search_name_idx ON doctor_search (name_key, cpso_number)
        INCLUDE (doctor_id, clinic_id, accepting, evening, weekend, wheelchair, virtual_visits,
                 near_ttc, gender, practice_start_year)`);
    await q.query(`CREATE ${NAME_BIGRAMS_SORTED}`);
    await q.query(
      `CREATE INDEX doctor_search_name_bigrams_idx ON doctor_search USING gin (name_bigrams(name_key))`,
    );

    await q.query(`
      CREATE MATERIALIZED VIEW clinic_search AS
      SELECT c.id AS clinic_id, c.name_key, ll_to_earth(c.lat, c.lng) AS earth,
             c.accepting_new_patients AS accepting, c.evening, c.weekend, c.wheelchair,
             c.virtual_visits, c.near_ttc, c.website IS NOT NULL AS has_website,
             ARRAY(SELECT DISTINCT u FROM clinic_doctor_search cd, unnest(cd.specialty_ids) AS u
                    WHERE cd.clinic_id = c.id ORDER BY u) AS specialty_ids,
             ARRAY(SELECT DISTINCT u FROM clinic_doctor_search cd, unnest(cd.language_ids) AS u
                    WHERE cd.clinic_id = c.id ORDER BY u) AS language_ids
        FROM clinics c`);
    await q.query(`CREATE UNIQUE INDEX clinic_search_pk ON clinic_search (clinic_id)`);
    await q.query(`
      CREATE UNIQUE INDEX clinic_search_name_idx ON clinic_search (name_key, clinic_id)
        INCLUDE (accepting, evening, weekend, wheelchair, virtual_visits, near_ttc, has_website)`);
    await q.query(`CREATE INDEX clinic_search_earth_idx ON clinic_search USING gist (earth)`);
    await q.query(
      `CREATE INDEX clinic_search_specialties_idx ON clinic_search USING gin (specialty_ids)`,
    );
    await q.query(
      `CREATE INDEX clinic_search_languages_idx ON clinic_search USING gin (language_ids)`,
    );

    await q.query(`
      CREATE MATERIALIZED VIEW specialist_search AS
      SELECT so.clinic_id, so.specialty_id, so.wait_weeks, cs.name_key, cs.earth, cs.accepting,
             cs.evening, cs.weekend, cs.wheelchair, cs.virtual_visits, cs.near_ttc
        FROM specialist_offerings so
        JOIN clinic_search cs ON cs.clinic_id = so.clinic_id`);
    await q.query(
      `CREATE UNIQUE INDEX specialist_search_pk ON specialist_search (clinic_id, specialty_id)`,
    );
    await q.query(
      `CREATE INDEX specialist_search_order_idx ON specialist_search (specialty_id, wait_weeks, name_key, clinic_id)`,
    );

    await q.query(`
      CREATE MATERIALIZED VIEW doctor_facets AS
      SELECT accepting, evening, weekend, wheelchair, virtual_visits, near_ttc, gender,
             practice_start_year, count(*)::int AS n
        FROM doctor_search
       GROUP BY accepting, evening, weekend, wheelchair, virtual_visits, near_ttc, gender, practice_start_year`);
    // The same counts per specialty and per language, for a total filtered by one of them
    // (family medicine alone is more than half the directory: no index would count it faster).
    for (const [view, column] of [
      ['doctor_specialty_facets', 'specialty_ids'],
      ['doctor_language_facets', 'language_ids'],
    ]) {
      await q.query(`
        CREATE MATERIALIZED VIEW ${view} AS
        SELECT u.id AS ref_id, accepting, evening, weekend, wheelchair, virtual_visits, near_ttc,
               gender, practice_start_year, count(*)::int AS n
          FROM doctor_search, unnest(${column}) AS u(id)
         GROUP BY u.id, accepting, evening, weekend, wheelchair, virtual_visits, near_ttc, gender,
                  practice_start_year`);
      await q.query(`CREATE INDEX ${view}_ref_idx ON ${view} (ref_id)`);
    }
    await q.query(`
      CREATE MATERIALIZED VIEW clinic_facets AS
      SELECT accepting, evening, weekend, wheelchair, virtual_visits, near_ttc, has_website,
             count(*)::int AS n
        FROM clinic_search
       GROUP BY accepting, evening, weekend, wheelchair, virtual_visits, near_ttc, has_website`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP MATERIALIZED VIEW IF EXISTS clinic_facets`);
    await q.query(`DROP MATERIALIZED VIEW IF EXISTS doctor_language_facets`);
    await q.query(`DROP MATERIALIZED VIEW IF EXISTS doctor_specialty_facets`);
    await q.query(`DROP MATERIALIZED VIEW IF EXISTS doctor_facets`);
    await q.query(`DROP MATERIALIZED VIEW IF EXISTS specialist_search`);
    await q.query(`DROP MATERIALIZED VIEW IF EXISTS clinic_search`);
    await q.query(`DROP INDEX IF EXISTS doctor_search_name_bigrams_idx`);
    await q.query(`DROP FUNCTION IF EXISTS name_bigrams(text)`);
    await q.query(`DROP INDEX doctor_search_name_idx`);
    await q.query(
      `CREATE UNIQUE INDEX doctor_search_name_idx ON doctor_search (name_key, cpso_number)`,
    );
  }
}
