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
 * Values that are arrays or JSON travel as text and are cast on the server. `rows` is read once,
 * a batch at a time (a generator's rows are never all held): the next batch is read (generated)
 * while PostgreSQL writes the one before, so the two cores work at once. Returns rows written.
 */
export async function bulkInsert<R>(
  client: PoolClient,
  timeoutMs: number,
  table: string,
  columns: readonly BulkColumn<R>[],
  rows: Iterable<R>,
  batchSize: number,
): Promise<number> {
  const names = columns.map((c) => c.name).join(', ');
  const aliases = columns.map((_, i) => `c${i}`);
  const select = columns.map((c, i) => (c.cast ? `c${i}::${c.cast}` : `c${i}`)).join(', ');
  const params = columns.map((c, i) => `$${i + 1}::${c.type}[]`).join(', ');
  const sql = `INSERT INTO ${table} (${names}) SELECT ${select} FROM unnest(${params}) AS t(${aliases.join(', ')})`;
  let written = 0;
  let batch: R[] = [];
  let inFlight: Promise<QueryResult> | undefined;
  const settle = async () => {
    if (inFlight) written += (await inFlight).rowCount ?? 0;
    inFlight = undefined;
  };
  const flush = async () => {
    const values = columns.map((c) => batch.map(c.value));
    batch = [];
    await settle();
    inFlight = runQuery(client, timeoutMs, sql, values);
    // Awaited at the next flush; a failure meanwhile is not unhandled.
    inFlight.catch(() => undefined);
  };
  // Rows may be generated as they are read: one batch is held while the one before is written.
  for (const row of rows) {
    batch.push(row);
    if (batch.length >= batchSize) await flush();
  }
  if (batch.length > 0) await flush();
  await settle();
  return written;
}
