import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PoolClient, QueryConfig, QueryResult } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/**
 * One column of a COPY: its name, and how to read its value from a row as the column's input
 * function reads text (`{1,2}` for an array, JSON text for jsonb, an ISO string for a time).
 */
export interface CopyColumn<R> {
  readonly name: string;
  readonly value: (row: R) => string | number | boolean | null;
}

export const copyColumn = <R>(name: string, value: CopyColumn<R>['value']): CopyColumn<R> => ({
  name,
  value,
});

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

/** A value as a field of COPY's text format: `\N` for null; backslash, newline, return and tab escaped. */
export function copyField(value: string | number | boolean | null): string {
  if (value === null) return '\\N';
  const text = String(value);
  return COPY_SPECIAL.test(text) ? text.replace(COPY_SPECIALS, (c) => COPY_ESCAPES[c]) : text;
}
const COPY_SPECIAL = /[\\\n\r\t]/;
const COPY_SPECIALS = /[\\\n\r\t]/g;
const COPY_ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};
/** Rows per chunk written to the COPY stream: big enough that a chunk is one socket write. */
const COPY_CHUNK_ROWS = 500;

/**
 * Writes rows with `COPY table (columns) FROM STDIN` (text format) through pg-copy-streams: the
 * server parses each field with its column's own input function, with no array parameter to
 * build and unnest (7.5 million reviews of a million-doctor seed). Rows are read once, as the
 * stream asks for them, so a generator is never held whole; the server's errors (a constraint,
 * a bad value) reject the promise and the COPY writes nothing. Returns rows written.
 */
export async function copyRows<R>(
  client: PoolClient,
  table: string,
  columns: readonly CopyColumn<R>[],
  rows: Iterable<R>,
): Promise<number> {
  const names = columns.map((c) => c.name).join(', ');
  const copy = client.query(copyFrom(`COPY ${table} (${names}) FROM STDIN`));
  // Each chunk then a turn of the event loop: while the server takes chunks as fast as they are
  // made, the stream would otherwise go on in microtasks and starve every other socket of this
  // process (a seed's other connection sat "idle in transaction" past its 30 s limit, killed).
  async function* chunks(): AsyncGenerator<string> {
    let lines: string[] = [];
    for (const row of rows) {
      lines.push(columns.map((c) => copyField(c.value(row))).join('\t'));
      if (lines.length === COPY_CHUNK_ROWS) {
        yield lines.join('\n') + '\n';
        lines = [];
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    }
    if (lines.length > 0) yield lines.join('\n') + '\n';
  }
  await pipeline(Readable.from(chunks(), { objectMode: false }), copy);
  return copy.rowCount;
}
