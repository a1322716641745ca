import { AuditEntry } from '../../domain/operators/operator';

export interface AuditRecord extends AuditEntry {
  readonly id: string;
}

/** Port: the append-only audit log. */
export abstract class AuditLog {
  abstract record(entry: AuditEntry): Promise<void>;
  /** Newest first. */
  abstract page(limit: number, offset: number): Promise<{ entries: AuditRecord[]; total: number }>;
  /** Times of recent sign-in failures for an address or an IP, newest first. */
  abstract recentFailures(by: 'target' | 'ip', value: string, since: Date): Promise<Date[]>;
}
