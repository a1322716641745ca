import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  AdminSession,
  AdminSessionRepository,
} from '../../../application/operators/admin-session.repository';

interface SessionRow {
  id_hash: Buffer;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  ip: string;
  operator_id: string;
  email: string;
  op_created_at: Date;
  password_changed_at: Date;
  disabled_at: Date | null;
}

/** operator_sessions: only the SHA-256 of each session id is stored. */
@Injectable()
export class TypeOrmAdminSessionRepository extends AdminSessionRepository {
  constructor(private readonly ds: DataSource) {
    super();
  }

  async create(s: {
    idHash: Buffer;
    operatorId: string;
    createdAt: Date;
    expiresAt: Date;
    ip: string;
    userAgent: string | null;
  }): Promise<void> {
    await this.ds.query(
      `INSERT INTO operator_sessions (id_hash, operator_id, created_at, last_seen_at, expires_at, ip, user_agent)
       VALUES ($1, $2, $3, $3, $4, $5, $6)`,
      [s.idHash, s.operatorId, s.createdAt, s.expiresAt, s.ip, s.userAgent],
    );
  }

  async find(idHash: Buffer): Promise<AdminSession | null> {
    const rows = await this.ds.query<SessionRow[]>(
      `SELECT s.id_hash, s.created_at, s.last_seen_at, s.expires_at, s.ip, s.operator_id,
              o.email, o.created_at AS op_created_at, o.password_changed_at, o.disabled_at
         FROM operator_sessions s JOIN operators o ON o.id = s.operator_id
        WHERE s.id_hash = $1`,
      [idHash],
    );
    const r = rows[0];
    if (!r) return null;
    return {
      idHash: r.id_hash,
      createdAt: r.created_at,
      lastSeenAt: r.last_seen_at,
      expiresAt: r.expires_at,
      ip: r.ip,
      operator: {
        id: r.operator_id,
        email: r.email,
        createdAt: r.op_created_at,
        passwordChangedAt: r.password_changed_at,
        disabledAt: r.disabled_at,
      },
    };
  }

  async touch(idHash: Buffer, at: Date): Promise<void> {
    await this.ds.query(`UPDATE operator_sessions SET last_seen_at = $2 WHERE id_hash = $1`, [
      idHash,
      at,
    ]);
  }

  async delete(idHash: Buffer): Promise<void> {
    await this.ds.query(`DELETE FROM operator_sessions WHERE id_hash = $1`, [idHash]);
  }

  async deleteFor(operatorId: string, keep: Buffer | null): Promise<number> {
    const result = await this.ds.query<[unknown[], number]>(
      `DELETE FROM operator_sessions WHERE operator_id = $1 AND ($2::bytea IS NULL OR id_hash <> $2)
       RETURNING 1`,
      [operatorId, keep],
    );
    return result[1];
  }

  async countFor(operatorId: string): Promise<number> {
    const [r] = await this.ds.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM operator_sessions WHERE operator_id = $1`,
      [operatorId],
    );
    return r.n;
  }
}
