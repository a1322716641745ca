/** Runs one statement of the loading transaction. */
export type Run = (sql: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

interface Definition {
  readonly name: string;
  readonly def: string;
}

/**
 * Loads `table` with its indexes and its primary key, unique and foreign key constraints
 * dropped, then builds them again from their definitions as PostgreSQL prints them, in the same
 * transaction (a rollback restores them). Building an index once from every row sorts them; a
 * load into its indexes inserts each row at a random place (uuids) of indexes that outgrow
 * memory: 7.5 million reviews took 195 s that way. A foreign key added afterwards is checked by
 * one join instead of a lookup per row.
 *
 * Dropping takes the table's ACCESS EXCLUSIVE lock until the commit: for an empty directory only
 * (the caller checks), which readers have nothing to read in. A table that other tables' foreign
 * keys reference keeps its constraints (they could not be dropped alone).
 */
export async function loadWithoutIndexes<T>(
  run: Run,
  table: string,
  load: () => Promise<T>,
): Promise<T> {
  const referenced = await run(
    `SELECT 1 FROM pg_constraint WHERE confrelid = $1::regclass AND contype = 'f'`,
    [table],
  );
  const constraints = (await run(
    `SELECT conname AS name, pg_get_constraintdef(oid) AS def, contype AS kind FROM pg_constraint
      WHERE conrelid = $1::regclass AND contype IN ('p', 'u', 'f')
        AND ($2 OR contype = 'f')
      ORDER BY contype DESC, conname`,
    [table, referenced.rows.length === 0],
  )) as { rows: (Definition & { kind: 'p' | 'u' | 'f' })[] };
  const indexes = (await run(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def
       FROM pg_index i
      WHERE i.indrelid = $1::regclass
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid AND c.conrelid = i.indrelid)
      ORDER BY 1`,
    [table],
  )) as { rows: Definition[] };
  const keys = constraints.rows.filter((c) => c.kind !== 'f');
  const foreign = constraints.rows.filter((c) => c.kind === 'f');
  const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
  for (const c of [...foreign, ...keys])
    await run(`ALTER TABLE ${table} DROP CONSTRAINT ${ident(c.name)}`);
  for (const i of indexes.rows) await run(`DROP INDEX ${i.name}`);
  const out = await load();
  for (const c of keys) await run(`ALTER TABLE ${table} ADD CONSTRAINT ${ident(c.name)} ${c.def}`);
  for (const i of indexes.rows) await run(i.def);
  for (const c of foreign)
    await run(`ALTER TABLE ${table} ADD CONSTRAINT ${ident(c.name)} ${c.def}`);
  return out;
}
