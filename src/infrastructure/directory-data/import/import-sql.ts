import { PoolClient, QueryResult } from 'pg';
import { runQuery } from '../../database/copy-rows';

/** Every statement of an import may take this long (a million-doctor file, on a slow disk). */
export const IMPORT_TIMEOUT_MS = 30 * 60_000;
const TRACE = process.env.IMPORT_TRACE === '1';

/** Runs one statement on the import's connection, inside its transaction. */
export type ImportSql = (sql: string, values?: unknown[]) => Promise<QueryResult>;

/** The import's statements, on one client; IMPORT_TRACE=1 names every slow one. */
export function importSql(client: PoolClient): ImportSql {
  return async (sql, values) => {
    const t0 = Date.now();
    const r = await runQuery(client, IMPORT_TIMEOUT_MS, sql, values);
    const ms = Date.now() - t0;
    // IMPORT_TRACE=1 names every statement that takes a while (for tuning imports).
    if (TRACE && ms > 200)
      process.stderr.write(`[import] ${ms} ms  ${sql.replace(/\s+/g, ' ').slice(0, 110)}\n`);
    return r;
  };
}

/** The single count a statement returns in its column `n`. */
export async function countOf(
  sql: ImportSql,
  statement: string,
  values?: unknown[],
): Promise<number> {
  return Number(((await sql(statement, values)).rows[0] as { n: string }).n);
}
