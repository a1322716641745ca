import { MigrationInterface, QueryRunner } from 'typeorm';
import { DEFAULT_CATALOGUE_ALIASES } from '../src/domain/directory/catalogue-aliases';

/**
 * The catalogue carries the other names people type (issue 51, item 2): `aliases` on
 * specialties and languages, filled for the names the directory already knows from the defaults
 * (an import's catalogue records may set their own).
 */
export class CatalogueAliases1767900000000 implements MigrationInterface {
  name = 'CatalogueAliases1767900000000';

  public async up(q: QueryRunner): Promise<void> {
    for (const table of ['specialties', 'languages'] as const) {
      await q.query(`ALTER TABLE ${table} ADD COLUMN aliases text[] NOT NULL DEFAULT '{}'`);
      const entries = Object.entries(DEFAULT_CATALOGUE_ALIASES[table]);
      await q.query(
        `UPDATE ${table} t SET aliases = ARRAY(SELECT jsonb_array_elements_text(d.aliases))
           FROM (SELECT * FROM jsonb_each($1::jsonb)) AS d(name, aliases)
          WHERE t.name_key = lower(d.name)`,
        [JSON.stringify(Object.fromEntries(entries))],
      );
    }
  }

  public async down(q: QueryRunner): Promise<void> {
    for (const table of ['specialties', 'languages'])
      await q.query(`ALTER TABLE ${table} DROP COLUMN aliases`);
  }
}
