import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  OperatorRepository,
  OperatorWithHash,
} from '../../../application/operators/operator.repository';
import { Operator } from '../../../domain/operators/operator';

interface OperatorRow {
  id: string;
  email: string;
  password_hash: string;
  created_at: Date;
  password_changed_at: Date;
  disabled_at: Date | null;
}

const COLUMNS = 'id, email, password_hash, created_at, password_changed_at, disabled_at';

const toOperator = (r: OperatorRow): Operator => ({
  id: r.id,
  email: r.email,
  createdAt: r.created_at,
  passwordChangedAt: r.password_changed_at,
  disabledAt: r.disabled_at,
});
const withHash = (r: OperatorRow): OperatorWithHash => ({
  operator: toOperator(r),
  passwordHash: r.password_hash,
});

/** operators with plain SQL (the app and the command line share it). */
@Injectable()
export class TypeOrmOperatorRepository extends OperatorRepository {
  constructor(private readonly ds: DataSource) {
    super();
  }

  async findByEmail(email: string): Promise<OperatorWithHash | null> {
    const rows = await this.ds.query<OperatorRow[]>(
      `SELECT ${COLUMNS} FROM operators WHERE email = $1`,
      [email],
    );
    return rows.length ? withHash(rows[0]) : null;
  }

  async findById(id: string): Promise<OperatorWithHash | null> {
    const rows = await this.ds.query<OperatorRow[]>(
      `SELECT ${COLUMNS} FROM operators WHERE id = $1`,
      [id],
    );
    return rows.length ? withHash(rows[0]) : null;
  }

  async insert(op: {
    id: string;
    email: string;
    passwordHash: string;
    createdAt: Date;
  }): Promise<Operator | null> {
    const rows = await this.ds.query<OperatorRow[]>(
      `INSERT INTO operators (id, email, password_hash, created_at, password_changed_at)
       VALUES ($1, $2, $3, $4, $4) ON CONFLICT (email) DO NOTHING RETURNING ${COLUMNS}`,
      [op.id, op.email, op.passwordHash, op.createdAt],
    );
    return rows.length ? toOperator(rows[0]) : null;
  }

  async list(): Promise<Operator[]> {
    const rows = await this.ds.query<OperatorRow[]>(
      `SELECT ${COLUMNS} FROM operators ORDER BY email`,
    );
    return rows.map(toOperator);
  }

  async disable(email: string, at: Date): Promise<Operator | null> {
    return this.ds.transaction(async (m) => {
      const result = await m.query<[OperatorRow[], number]>(
        `UPDATE operators SET disabled_at = COALESCE(disabled_at, $2) WHERE email = $1
         RETURNING ${COLUMNS}`,
        [email, at],
      );
      const rows = result[0];
      if (!rows.length) return null;
      await m.query(`DELETE FROM operator_sessions WHERE operator_id = $1`, [rows[0].id]);
      return toOperator(rows[0]);
    });
  }

  async setPassword(
    id: string,
    passwordHash: string,
    at: Date,
    keep: Buffer | null,
  ): Promise<number> {
    return this.ds.transaction(async (m) => {
      await m.query(
        `UPDATE operators SET password_hash = $2, password_changed_at = $3 WHERE id = $1`,
        [id, passwordHash, at],
      );
      const ended = await m.query<[unknown[], number]>(
        `DELETE FROM operator_sessions WHERE operator_id = $1 AND ($2::bytea IS NULL OR id_hash <> $2)
         RETURNING 1`,
        [id, keep],
      );
      return ended[1];
    });
  }
}
