import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  KeyAdminRepository,
  KeyCount,
  KeySearch,
  ListedKey,
} from '../../../application/keys/key-admin.repository';
import { ApiKey } from '../../../domain/keys/api-key';
import { Tier } from '../../../domain/keys/tier';
import { chainRows } from './api-key-chain.sql';
import { API_KEY_COLUMNS, ApiKeyRow, toApiKey } from './api-key.row';

const COLUMNS = `${API_KEY_COLUMNS}, order_id`;
const withOrder = (r: ApiKeyRow & { order_id: string | null }): ApiKey => ({
  ...toApiKey(r),
  orderId: r.order_id,
});

type ListedRow = ApiKeyRow & {
  order_id: string | null;
  replaces_prefix: string | null;
  replaced_by_prefix: string | null;
  chain_length: number;
  current_prefix: string;
};

/** Each listed key's neighbours in its chain, on the primary key and api_keys_chain_idx. */
const LISTED = `SELECT ${COLUMNS.split(', ')
  .map((c) => `k.${c}`)
  .join(', ')},
       (SELECT p.key_prefix FROM api_keys p WHERE p.chain_id = k.chain_id AND p.replaced_by = k.id)
         AS replaces_prefix,
       (SELECT r.key_prefix FROM api_keys r WHERE r.id = k.replaced_by) AS replaced_by_prefix,
       (SELECT count(*)::int FROM api_keys c WHERE c.chain_id = k.chain_id) AS chain_length,
       (SELECT c.key_prefix FROM api_keys c WHERE c.chain_id = k.chain_id
         ORDER BY (c.replaced_by IS NULL) DESC, c.created_at DESC, c.id DESC LIMIT 1)
         AS current_prefix
  FROM api_keys k`;

/** The dashboard's reads and revocations of api_keys (prefix search runs on api_keys_prefix_idx). */
@Injectable()
export class TypeOrmKeyAdminRepository extends KeyAdminRepository {
  constructor(private readonly ds: DataSource) {
    super();
  }

  async search(c: KeySearch): Promise<{ keys: ListedKey[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (c.tier) where.push(`tier = $${params.push(c.tier)}`);
    if (c.chain) where.push(`chain_id = $${params.push(c.chain)}`);
    if (c.active !== undefined)
      where.push(c.active ? 'revoked_at IS NULL' : 'revoked_at IS NOT NULL');
    if (c.prefix) {
      // A prefix search: LIKE wildcards in the input are escaped.
      where.push(`key_prefix LIKE $${params.push(c.prefix.replace(/[\\%_]/g, '\\$&') + '%')}`);
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [rows, [count]] = await Promise.all([
      this.ds.query<ListedRow[]>(
        `${LISTED} ${clause}
          ORDER BY k.created_at DESC, k.id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, c.limit, c.offset],
      ),
      this.ds.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM api_keys ${clause}`, params),
    ]);
    return {
      keys: rows.map((r) => ({
        ...withOrder(r),
        replacesPrefix: r.replaces_prefix,
        replacedByPrefix: r.replaced_by_prefix,
        chainLength: r.chain_length,
        currentPrefix: r.current_prefix,
      })),
      total: count.n,
    };
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

  async chain(chainId: string): Promise<ApiKey[]> {
    return (await chainRows(this.ds.manager, chainId)).map(toApiKey);
  }
}
