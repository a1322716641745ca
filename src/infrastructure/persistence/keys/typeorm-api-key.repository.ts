import { Injectable, Optional } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { ApiKey } from '../../../domain/keys/api-key';
import {
  ApiKeyRepository,
  ChainRevocation,
  NewApiKey,
  RevocationActor,
} from '../../../application/keys/api-key.repository';
import { ApiKeyCache } from './api-key-cache';
import { chainRows, revokeChainIn, rowsOf } from './api-key-chain.sql';
import { API_KEY_COLUMNS, ApiKeyRow, toApiKey } from './api-key.row';

/**
 * api_keys through TypeORM's DataSource with plain SQL, so the same adapter serves the Nest app
 * and the command line (whose DataSource registers no entities). key_hash is only ever a
 * parameter; it is never selected. In the app, the key cache of this instance is told of every
 * revocation or rotation it commits (the command line has no cache to tell).
 */
@Injectable()
export class TypeOrmApiKeyRepository extends ApiKeyRepository {
  constructor(
    private readonly ds: DataSource,
    @Optional() private readonly cache?: ApiKeyCache,
  ) {
    super();
  }

  async findByHash(keyHash: Buffer): Promise<ApiKey | null> {
    const rows = await this.ds.query<ApiKeyRow[]>(
      `SELECT ${API_KEY_COLUMNS} FROM api_keys WHERE key_hash = $1`,
      [keyHash],
    );
    return rows.length ? toApiKey(rows[0]) : null;
  }

  async isRevoked(id: string): Promise<boolean> {
    const rows = await this.ds.query<{ revoked: boolean }[]>(
      `SELECT revoked_at IS NOT NULL AS revoked FROM api_keys WHERE id = $1`,
      [id],
    );
    return rows.length === 0 || rows[0].revoked;
  }

  async insert(key: NewApiKey): Promise<ApiKey> {
    return insertKey(this.ds.manager, key);
  }

  async rotate(id: string, replacement: NewApiKey): Promise<ApiKey | null> {
    try {
      return await this.rotateIn(id, replacement);
    } finally {
      this.cache?.forget([id]);
    }
  }

  private rotateIn(id: string, replacement: NewApiKey): Promise<ApiKey | null> {
    return this.ds.transaction('READ COMMITTED', async (m) => {
      // Lock order: the key's order first, then the key, as a refund does (it locks the order,
      // then revokes the chain). Without it, a refund waiting for this key's lock while this
      // waits to reference the refund's locked order is a deadlock.
      const order = await m.query<{ order_id: string | null }[]>(
        `SELECT order_id FROM api_keys WHERE id = $1`,
        [id],
      );
      if (order[0]?.order_id)
        await m.query(`SELECT 1 FROM orders WHERE id = $1 FOR KEY SHARE`, [order[0].order_id]);
      // The row lock serialises concurrent rotations and revocations of one key: the second
      // waits here, then reads the committed revoked_at and gives up.
      const old = await m.query<{ label: string | null; chain_id: string }[]>(
        `SELECT label, chain_id FROM api_keys
          WHERE id = $1 AND tier = $2 AND revoked_at IS NULL FOR UPDATE`,
        [id, replacement.tier],
      );
      if (old.length === 0) return null;
      const created = await insertKey(
        m,
        { ...replacement, label: replacement.label ?? old[0].label },
        old[0].chain_id,
      );
      await m.query(
        `UPDATE api_keys SET order_id = (SELECT order_id FROM api_keys WHERE id = $1) WHERE id = $2`,
        [id, created.id],
      );
      await m.query(`UPDATE api_keys SET revoked_at = $2, replaced_by = $3 WHERE id = $1`, [
        id,
        replacement.createdAt,
        created.id,
      ]);
      return created;
    });
  }

  async findByPrefix(keyPrefix: string): Promise<ApiKey[]> {
    const rows = await this.ds.query<ApiKeyRow[]>(
      `SELECT ${API_KEY_COLUMNS} FROM api_keys WHERE key_prefix = $1 ORDER BY created_at, id`,
      [keyPrefix],
    );
    return rows.map(toApiKey);
  }

  async chain(chainId: string): Promise<ApiKey[]> {
    return (await chainRows(this.ds.manager, chainId)).map(toApiKey);
  }

  async revokeChain(chainId: string, at: Date, by: RevocationActor): Promise<ChainRevocation> {
    let revoked: ApiKeyRow[] = [];
    try {
      return await this.ds.transaction('READ COMMITTED', async (m) => {
        revoked = await revokeChainIn(m, chainId, at, by);
        return {
          revoked: revoked.map(toApiKey),
          chain: (await chainRows(m, chainId)).map(toApiKey),
        };
      });
    } finally {
      this.cache?.forget(revoked.map((r) => r.id));
    }
  }

  async list(): Promise<ApiKey[]> {
    const rows = await this.ds.query<ApiKeyRow[]>(
      `SELECT ${API_KEY_COLUMNS} FROM api_keys ORDER BY created_at, id`,
    );
    return rows.map(toApiKey);
  }

  async touchLastUsed(id: string, at: Date, minIntervalMs: number): Promise<void> {
    await this.ds.query(
      `UPDATE api_keys SET last_used_at = $2
        WHERE id = $1 AND (last_used_at IS NULL OR last_used_at <= $2::timestamptz - make_interval(secs => $3))`,
      [id, at, minIntervalMs / 1000],
    );
  }

  async ensureSandbox(key: NewApiKey): Promise<ApiKey> {
    try {
      return await this.ensureSandboxIn(key);
    } finally {
      // Other sandbox keys may have been revoked (rare: a new SANDBOX_KEY).
      this.cache?.invalidate();
    }
  }

  private async ensureSandboxIn(key: NewApiKey): Promise<ApiKey> {
    return this.ds.transaction(async (m) => {
      await m.query(
        `INSERT INTO api_keys (id, key_hash, key_prefix, tier, label, created_at)
         VALUES (gen_random_uuid(), $1, $2, 'sandbox', $3, $4)
         ON CONFLICT (key_hash) DO NOTHING`,
        [key.keyHash, key.keyPrefix, key.label, key.createdAt],
      );
      await m.query(
        `UPDATE api_keys SET revoked_at = $2 WHERE tier = 'sandbox' AND key_hash <> $1 AND revoked_at IS NULL`,
        [key.keyHash, key.createdAt],
      );
      const rows = await m.query<ApiKeyRow[]>(
        `SELECT ${API_KEY_COLUMNS} FROM api_keys WHERE key_hash = $1`,
        [key.keyHash],
      );
      return toApiKey(rows[0]);
    });
  }
}

/** Inserts a key; it starts a chain of its own unless `chainId` names the one it continues. */
export async function insertKey(
  m: EntityManager,
  key: NewApiKey,
  chainId: string | null = null,
): Promise<ApiKey> {
  const rows = await m.query<ApiKeyRow[]>(
    `INSERT INTO api_keys (id, key_hash, key_prefix, tier, label, created_at, chain_id)
     VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6)
     RETURNING ${API_KEY_COLUMNS}`,
    [key.keyHash, key.keyPrefix, key.tier, key.label, key.createdAt, chainId],
  );
  return toApiKey(rowsOf(rows)[0]);
}
