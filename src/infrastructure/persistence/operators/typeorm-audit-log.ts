import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuditLog, AuditRecord } from '../../../application/operators/audit-log';
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

  async page(limit: number, offset: number): Promise<{ entries: AuditRecord[]; total: number }> {
    const [rows, [count]] = await Promise.all([
      this.ds.query<AuditRow[]>(
        `SELECT id::text, at, operator_id, operator_email, action, target, ip, detail
           FROM audit_log ORDER BY at DESC, id DESC LIMIT $1 OFFSET $2`,
        [limit, offset],
      ),
      this.ds.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM audit_log`),
    ]);
    return {
      total: count.n,
      entries: rows.map((r) => ({
        id: r.id,
        at: r.at,
        operatorId: r.operator_id,
        operatorEmail: r.operator_email,
        action: r.action as AuditAction,
        target: r.target,
        ip: r.ip,
        detail: r.detail,
      })),
    };
  }

  async recentFailures(by: 'target' | 'ip', value: string, since: Date): Promise<Date[]> {
    const column = by === 'target' ? 'target' : 'ip';
    const rows = await this.ds.query<{ at: Date }[]>(
      `SELECT at FROM audit_log
        WHERE action = 'sign_in_failed' AND ${column} = $1 AND at >= $2
        ORDER BY at DESC LIMIT 100`,
      [value, since],
    );
    return rows.map((r) => r.at);
  }
}
