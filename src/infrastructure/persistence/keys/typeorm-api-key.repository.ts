import { Injectable, Optional } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { ApiKey } from '../../../domain/keys/api-key';
import {
  ApiKeyRepository,
  NewApiKey,
  RevokeOutcome,
} from '../../../application/keys/api-key.repository';
import { ApiKeyCache } from './api-key-cache';
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

  async insert(key: NewApiKey): Promise<ApiKey> {
    return insertKey(this.ds.manager, key);
  }

  async rotate(id: string, replacement: NewApiKey): Promise<ApiKey | null> {
    return this.changing(() => this.rotateIn(id, replacement));
  }

  private rotateIn(id: string, replacement: NewApiKey): Promise<ApiKey | null> {
    return this.ds.transaction('READ COMMITTED', async (m) => {
      // The row lock serialises concurrent rotations of one key: the second waits here, then
      // reads the committed revoked_at and gives up.
      const old = await m.query<{ label: string | null }[]>(
        `SELECT label FROM api_keys WHERE id = $1 AND tier = $2 AND revoked_at IS NULL FOR UPDATE`,
        [id, replacement.tier],
      );
      if (old.length === 0) return null;
      const created = await insertKey(m, {
        ...replacement,
        label: replacement.label ?? old[0].label,
      });
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

  async revokeByPrefix(keyPrefix: string, at: Date): Promise<RevokeOutcome> {
    return this.revokeWhere('key_prefix = $1', keyPrefix, at);
  }

  async revokeByHash(keyHash: Buffer, at: Date): Promise<RevokeOutcome> {
    return this.revokeWhere('key_hash = $1', keyHash, at);
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
    return this.changing(() => this.ensureSandboxIn(key));
  }

  private ensureSandboxIn(key: NewApiKey): Promise<ApiKey> {
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

  private revokeWhere(where: string, value: unknown, at: Date): Promise<RevokeOutcome> {
    return this.changing(() => this.revokeWhereIn(where, value, at));
  }

  /** Runs a write that may revoke keys, then drops this instance's key cache (even on failure). */
  private async changing<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } finally {
      this.cache?.invalidate();
    }
  }

  private async revokeWhereIn(where: string, value: unknown, at: Date): Promise<RevokeOutcome> {
    return this.ds.transaction(async (m) => {
      const rows = await m.query<ApiKeyRow[]>(
        `SELECT ${API_KEY_COLUMNS} FROM api_keys WHERE ${where} ORDER BY created_at, id FOR UPDATE`,
        [value],
      );
      if (rows.length === 0) return { kind: 'not_found' };
      const active = rows.filter((r) => r.revoked_at === null);
      if (active.length > 1) return { kind: 'ambiguous', count: active.length };
      if (active.length === 0)
        return { kind: 'already_revoked', key: toApiKey(rows[rows.length - 1]) };
      const updated = await m.query<ApiKeyRow[]>(
        `UPDATE api_keys SET revoked_at = $2 WHERE id = $1 RETURNING ${API_KEY_COLUMNS}`,
        [active[0].id, at],
      );
      return { kind: 'revoked', key: toApiKey(rowsOf(updated)[0]) };
    });
  }
}

export async function insertKey(m: EntityManager, key: NewApiKey): Promise<ApiKey> {
  const rows = await m.query<ApiKeyRow[]>(
    `INSERT INTO api_keys (id, key_hash, key_prefix, tier, label, created_at)
     VALUES (gen_random_uuid(), $1, $2, $3, $4, $5)
     RETURNING ${API_KEY_COLUMNS}`,
    [key.keyHash, key.keyPrefix, key.tier, key.label, key.createdAt],
  );
  return toApiKey(rowsOf(rows)[0]);
}

/** TypeORM returns `[rows, count]` for UPDATE … RETURNING on PostgreSQL, plain rows for INSERT. */
function rowsOf(result: ApiKeyRow[] | [ApiKeyRow[], number]): ApiKeyRow[] {
  return Array.isArray(result[0]) ? result[0] : (result as ApiKeyRow[]);
}
