import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  AuditLog,
  AuditPage,
  AuditPageFrom,
  AuditRecord,
} from '../../../application/operators/audit-log';
import { AuditAction, AuditEntry } from '../../../domain/operators/operator';

interface AuditRow {
  id: string;
  at: Date;
  operator_id: string | null;
  operator_email: string | null;
  action: string;
  target: string | null;
  ip: string | null;
  detail: string | null;
}

const COLUMNS =
  'a.id::text AS id, a.at, a.operator_id, a.operator_email, a.action, a.target, a.ip, a.detail';

/**
 * The page statements walk audit_log_at_idx (at DESC, id DESC) from an entry: the row comparison
 * with the entry's own (at, id), found by its primary key, is the index scan's start, so no
 * statement reads the entries it skips (OFFSET read and dropped every one of them). The order
 * names the table's columns (a.id): a bare `id` would be the text the SELECT list makes of it,
 * and sort 10 before 9.
 */
export const AUDIT_PAGE_SQL = {
  newest: `SELECT ${COLUMNS} FROM audit_log a ORDER BY a.at DESC, a.id DESC LIMIT $1`,
  olderThan: `SELECT ${COLUMNS} FROM audit_log a
     WHERE (a.at, a.id) < (SELECT at, id FROM audit_log WHERE id = $2)
     ORDER BY a.at DESC, a.id DESC LIMIT $1`,
  newerThan: `SELECT ${COLUMNS} FROM audit_log a
     WHERE (a.at, a.id) > (SELECT at, id FROM audit_log WHERE id = $2)
     ORDER BY a.at, a.id LIMIT $1`,
  /** Counts up to a cap: reads at most cap + 1 entries whatever the log's size. */
  count: `SELECT count(*)::int AS n FROM (SELECT 1 FROM audit_log LIMIT $1) capped`,
} as const;

const toRecord = (r: AuditRow): AuditRecord => ({
  id: r.id,
  at: r.at,
  operatorId: r.operator_id,
  operatorEmail: r.operator_email,
  action: r.action as AuditAction,
  target: r.target,
  ip: r.ip,
  detail: r.detail,
});

/** audit_log: INSERT only (a trigger refuses any UPDATE, DELETE or TRUNCATE). */
@Injectable()
export class TypeOrmAuditLog extends AuditLog {
  constructor(private readonly ds: DataSource) {
    super();
  }

  async record(e: AuditEntry): Promise<void> {
    await this.ds.query(
      `INSERT INTO audit_log (at, operator_id, operator_email, action, target, ip, detail)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [e.at, e.operatorId, e.operatorEmail, e.action, e.target, e.ip, e.detail],
    );
  }

  async page(limit: number, from: AuditPageFrom, countCap: number): Promise<AuditPage> {
    const [rows, [count]] = await Promise.all([
      'olderThan' in from
        ? this.ds.query<AuditRow[]>(AUDIT_PAGE_SQL.olderThan, [limit + 1, from.olderThan])
        : 'newerThan' in from
          ? this.ds.query<AuditRow[]>(AUDIT_PAGE_SQL.newerThan, [limit + 1, from.newerThan])
          : this.ds.query<AuditRow[]>(AUDIT_PAGE_SQL.newest, [limit + 1]),
      this.ds.query<{ n: number }[]>(AUDIT_PAGE_SQL.count, [countCap + 1]),
    ]);
    // One row more than the page says whether the walk's direction goes on.
    const more = rows.length > limit;
    const page = rows.slice(0, limit).map(toRecord);
    const newer = 'newerThan' in from;
    return {
      entries: newer ? page.reverse() : page,
      hasOlder: newer ? true : more,
      hasNewer: newer ? more : 'olderThan' in from,
      total: { count: Math.min(count.n, countCap), atLeast: count.n > countCap },
    };
  }
}
