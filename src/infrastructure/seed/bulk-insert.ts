import { PoolClient, QueryConfig, QueryResult } from 'pg';

/** One column of a bulk insert: its SQL type and how to read its value from a row. */
export interface BulkColumn<R> {
  readonly name: string;
  /** Element type of the array parameter, e.g. `uuid`, `text`, `smallint`, `timestamptz`. */
  readonly type: string;
  /** Cast applied to each unnested value, e.g. `jsonb` or `smallint[]` for values sent as text. */
  readonly cast?: string;
  readonly value: (row: R) => string | number | boolean | null;
}

/** Runs one statement with its own client-side time limit (the pool's is sized for API reads). */
export async function runQuery(
  client: PoolClient,
  timeoutMs: number,
  text: string,
  values?: unknown[],
): Promise<QueryResult> {
  // node-postgres honours a per-query `query_timeout`; its typings do not declare it.
  const query: QueryConfig & { query_timeout: number } = { text, values, query_timeout: timeoutMs };
  return client.query(query);
}

/**
 * Inserts rows in batches, one statement per batch: each column travels as one array parameter
 * and `unnest` turns the arrays back into rows, so 10,000 rows cost one round trip and one plan.
 * Values that are arrays or JSON travel as text and are cast on the server. Returns rows written.
 */
export async function bulkInsert<R>(
  client: PoolClient,
  timeoutMs: number,
  table: string,
  columns: readonly BulkColumn<R>[],
  rows: readonly R[],
  batchSize: number,
): Promise<number> {
  const names = columns.map((c) => c.name).join(', ');
  const aliases = columns.map((_, i) => `c${i}`);
  const select = columns.map((c, i) => (c.cast ? `c${i}::${c.cast}` : `c${i}`)).join(', ');
  const params = columns.map((c, i) => `$${i + 1}::${c.type}[]`).join(', ');
  const sql = `INSERT INTO ${table} (${names}) SELECT ${select} FROM unnest(${params}) AS t(${aliases.join(', ')})`;
  let written = 0;
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize);
    const values = columns.map((c) => batch.map(c.value));
    const result = await runQuery(client, timeoutMs, sql, values);
    written += result.rowCount ?? 0;
  }
  return written;
}
