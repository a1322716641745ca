import { Injectable, Optional } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RevokeOutcome } from '../../../application/keys/api-key.repository';
import {
  KeyAdminRepository,
  KeyCount,
  KeySearch,
} from '../../../application/keys/key-admin.repository';
import { ApiKey } from '../../../domain/keys/api-key';
import { Tier } from '../../../domain/keys/tier';
import { ApiKeyCache } from './api-key-cache';
import { API_KEY_COLUMNS, ApiKeyRow, toApiKey } from './api-key.row';

const COLUMNS = `${API_KEY_COLUMNS}, order_id`;
const withOrder = (r: ApiKeyRow & { order_id: string | null }): ApiKey => ({
  ...toApiKey(r),
  orderId: r.order_id,
});

/** The dashboard's reads and revocations of api_keys (prefix search runs on api_keys_prefix_idx). */
@Injectable()
export class TypeOrmKeyAdminRepository extends KeyAdminRepository {
  constructor(
    private readonly ds: DataSource,
    @Optional() private readonly cache?: ApiKeyCache,
  ) {
    super();
  }

  async search(c: KeySearch): Promise<{ keys: ApiKey[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (c.tier) where.push(`tier = $${params.push(c.tier)}`);
    if (c.active !== undefined)
      where.push(c.active ? 'revoked_at IS NULL' : 'revoked_at IS NOT NULL');
    if (c.prefix) {
      // A prefix search: LIKE wildcards in the input are escaped.
      where.push(`key_prefix LIKE $${params.push(c.prefix.replace(/[\\%_]/g, '\\$&') + '%')}`);
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [rows, [count]] = await Promise.all([
      this.ds.query<(ApiKeyRow & { order_id: string | null })[]>(
        `SELECT ${COLUMNS} FROM api_keys ${clause}
          ORDER BY created_at DESC, id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, c.limit, c.offset],
      ),
      this.ds.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM api_keys ${clause}`, params),
    ]);
    return { keys: rows.map(withOrder), total: count.n };
  }

  async findById(id: string): Promise<ApiKey | null> {
    const rows = await this.ds.query<(ApiKeyRow & { order_id: string | null })[]>(
      `SELECT ${COLUMNS} FROM api_keys WHERE id = $1`,
      [id],
    );
    return rows.length ? withOrder(rows[0]) : null;
  }

  async counts(): Promise<KeyCount[]> {
    const rows = await this.ds.query<{ tier: Tier; active: boolean; n: number }[]>(
      `SELECT tier, revoked_at IS NULL AS active, count(*)::int AS n
         FROM api_keys GROUP BY 1, 2 ORDER BY 1, 2 DESC`,
    );
    return rows.map((r) => ({ tier: r.tier, active: r.active, count: r.n }));
  }

  async revokeById(id: string, at: Date): Promise<RevokeOutcome> {
    try {
      const result = await this.ds.query<[(ApiKeyRow & { order_id: string | null })[], number]>(
        `UPDATE api_keys SET revoked_at = COALESCE(revoked_at, $2) WHERE id = $1
         RETURNING ${COLUMNS}, (revoked_at = $2) AS changed`,
        [id, at],
      );
      const row = result[0][0] as
        (ApiKeyRow & { order_id: string | null; changed: boolean }) | undefined;
      if (!row) return { kind: 'not_found' };
      return { kind: row.changed ? 'revoked' : 'already_revoked', key: withOrder(row) };
    } finally {
      this.cache?.invalidate();
    }
  }
}
