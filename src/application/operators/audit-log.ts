import { AuditEntry } from '../../domain/operators/operator';

export interface AuditRecord extends AuditEntry {
  readonly id: string;
}

/** Where a page of the log starts: older than an entry, newer than one, or the newest. */
export type AuditPageFrom =
  { readonly olderThan: string } | { readonly newerThan: string } | { readonly newest: true };

export interface AuditPage {
  /** Newest first. */
  readonly entries: AuditRecord[];
  readonly hasOlder: boolean;
  readonly hasNewer: boolean;
  /** Entries in the log, counted up to `countCap`; `atLeast` when there are more. */
  readonly total: { readonly count: number; readonly atLeast: boolean };
}

/** Port: the append-only audit log. */
export abstract class AuditLog {
  abstract record(entry: AuditEntry): Promise<void>;
  /**
   * A page of the log, newest first, read from an entry onwards (keyset: as fast on the last page
   * of millions of entries as on the first), and the number of entries up to `countCap`.
   */
  abstract page(limit: number, from: AuditPageFrom, countCap: number): Promise<AuditPage>;
}
