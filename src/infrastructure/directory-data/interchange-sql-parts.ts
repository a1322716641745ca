/** The parts the record queries share (interchange-record-sql.ts, clinic-record-sql.ts). */

/** The record types a copy of the directory holds. */
export type SyncedType = 'clinic' | 'doctor' | 'offering' | 'review';

export interface InterchangeQuery<Row, Rec> {
  readonly type: SyncedType;
  /** The rows where `where`, after the key bound to `$after..` when given, in key order. */
  sql(where: string, after: number | null, limit: number | 'ALL'): string;
  /** The row's key, as the `after` values of the next page. */
  keyOf(row: Row): string[];
  toRecord(row: Row): Rec;
  /** The condition for the rows the lists serve (the bulk snapshot and the change feed). */
  readonly served: string;
}

export const iso = (d: Date | null) => (d ? d.toISOString() : null);
/**
 * A timestamptz to the microsecond, in SQL: the import stamps now() (microseconds), which a JS
 * Date would cut to milliseconds, so a re-import would change it. `micros` writes it as
 * toISOString does when the microseconds are whole milliseconds (the usual case).
 */
export const utcMicros = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
export const micros = (text: string) => (text.endsWith('000Z') ? `${text.slice(0, -4)}Z` : text);

/** `AND (cols) > ($n, $n+1, ..)` for a page after a key, or nothing for the first page. */
export function afterKey(cols: readonly string[], after: number | null): string {
  if (after === null) return '';
  return `AND (${cols.join(', ')}) > (${cols.map((_, i) => `$${after + i}`).join(', ')})`;
}
