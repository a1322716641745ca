import { KnownNames } from './check-rules';
import { countOf, ImportSql } from './import-sql';

/**
 * Specialty and language names: known ones (any case) map to ids. A name declared by a
 * catalogue record of the file (`specialty`, `language`) is added, so an export imports into
 * an empty directory as it is; other unknown names are refused (unknownNameRules), or added
 * with --add-names.
 */

/** Every name the file uses or declares, with its first line (new names get ids in that order). */
const USED = `
      SELECT 'specialties' AS tbl, n.name, min(s.line) AS first, false AS declared
        FROM s_doctors s, jsonb_array_elements_text(s.specialties) AS n(name) GROUP BY 1, 2
      UNION ALL
      SELECT 'specialties', s.specialty, min(s.line), false FROM s_offerings s GROUP BY 1, 2
      UNION ALL
      SELECT 'languages', n.name, min(s.line), false
        FROM s_doctors s, jsonb_array_elements_text(s.languages) AS n(name) GROUP BY 1, 2
      UNION ALL
      SELECT kind, name, min(line), true FROM s_names GROUP BY 1, 2`;

/** Catalogue names the file declares that the directory does not know yet (counted inserted). */
export function countNewNames(sql: ImportSql): Promise<number> {
  return countOf(
    sql,
    `SELECT count(*) AS n FROM s_names s
             WHERE NOT EXISTS (SELECT 1 FROM specialties t WHERE s.kind = 'specialties' AND t.name_key = lower(s.name))
               AND NOT EXISTS (SELECT 1 FROM languages t WHERE s.kind = 'languages' AND t.name_key = lower(s.name))`,
  );
}

/** Adds the declared names the directory lacks, and with --add-names every used name too. */
export async function addNames(sql: ImportSql, everyUsedName: boolean): Promise<void> {
  for (const table of ['specialties', 'languages']) {
    await sql(
      `INSERT INTO ${table} (id, name, name_key)
         SELECT (SELECT COALESCE(max(id), 0) FROM ${table}) + row_number() OVER (ORDER BY first, name),
                name, lower(name)
           FROM (SELECT DISTINCT ON (lower(u.name)) u.name, u.first FROM (${USED}) u
                  WHERE u.tbl = $1 AND ($2 OR u.declared)
                    AND NOT EXISTS (SELECT 1 FROM ${table} t WHERE t.name_key = lower(u.name))
                  ORDER BY lower(u.name), u.first) x`,
      [table, everyUsedName],
    );
  }
}

/** What the directory knows, in words when it knows nothing (an empty directory). */
export async function knownNames(sql: ImportSql): Promise<KnownNames> {
  const known = async (table: string, what: string) => {
    const names = (
      (await sql(`SELECT name FROM ${table} ORDER BY name_key`)).rows as { name: string }[]
    ).map((r) => r.name);
    return names.length ? `known: ${names.join(', ')}` : `the directory knows no ${what} yet`;
  };
  const specialties = await known('specialties', 'specialties');
  const languages = await known('languages', 'languages');
  return { specialties, languages };
}

/** Names become ids, in the record's order (after the unknown ones were refused). */
export async function resolveNameIds(sql: ImportSql): Promise<void> {
  await sql(`
      UPDATE s_doctors s SET
        specialty_ids = ARRAY(SELECT t.id FROM jsonb_array_elements_text(s.specialties) WITH ORDINALITY n(name, o)
                              JOIN specialties t ON t.name_key = lower(n.name) ORDER BY n.o),
        language_ids = ARRAY(SELECT t.id FROM jsonb_array_elements_text(s.languages) WITH ORDINALITY n(name, o)
                             JOIN languages t ON t.name_key = lower(n.name) ORDER BY n.o)`);
}

/**
 * Sets the aliases of every catalogue name a record of the file declares with `aliases` (the last
 * such record of a name wins), new names and known ones alike (issue 51, item 2).
 */
export async function setDeclaredAliases(sql: ImportSql): Promise<void> {
  for (const table of ['specialties', 'languages']) {
    await sql(
      `UPDATE ${table} t
          SET aliases = ARRAY(SELECT jsonb_array_elements_text(d.aliases))
         FROM (SELECT DISTINCT ON (lower(name)) lower(name) AS name_key, aliases FROM s_names
                WHERE kind = $1 AND aliases IS NOT NULL ORDER BY lower(name), line DESC) d
        WHERE t.name_key = d.name_key AND t.aliases IS DISTINCT FROM ARRAY(SELECT jsonb_array_elements_text(d.aliases))`,
      [table],
    );
  }
}
