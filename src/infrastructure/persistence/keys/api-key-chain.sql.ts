import { EntityManager } from 'typeorm';
import { RevocationActor } from '../../../application/keys/api-key.repository';
import { API_KEY_COLUMNS, ApiKeyRow } from './api-key.row';

/** At most this many rounds: each needs a rotation of the chain to commit during the previous. */
const MAX_ROUNDS = 50;

/**
 * Revokes every active key of a rotation chain, inside the caller's transaction, and returns the
 * rows it revoked (oldest first). The lock order is explicit and the same for every revoker (the
 * dashboard, the command line, a refund): the chain's rows in id order. Then the revocation is
 * repeated until no active key of the chain is left: each statement reads a fresh snapshot under
 * READ COMMITTED, so a rotation that committed while the lock was awaited (its new key unseen by
 * the first statement) is caught by the next round; a rotation that starts later waits on the
 * locked row and then finds it revoked. A rotation takes its order's lock before its key's (see
 * the rotation), as a refund does, so a refund racing a rotation waits instead of deadlocking.
 */
export async function revokeChainIn(
  m: EntityManager,
  chainId: string,
  at: Date,
  by: RevocationActor,
): Promise<ApiKeyRow[]> {
  const revoked: ApiKeyRow[] = [];
  for (let round = 0; round < MAX_ROUNDS; round++) {
    await m.query(`SELECT id FROM api_keys WHERE chain_id = $1 ORDER BY id FOR UPDATE`, [chainId]);
    const rows = rowsOf(
      await m.query<ApiKeyRow[] | [ApiKeyRow[], number]>(
        `UPDATE api_keys SET revoked_at = $2 WHERE chain_id = $1 AND revoked_at IS NULL
         RETURNING ${API_KEY_COLUMNS}`,
        [chainId, at],
      ),
    );
    if (rows.length === 0) return revoked.sort(byCreation);
    revoked.push(...rows);
    // Every revocation is audited, in the transaction that makes it.
    await m.query(
      `INSERT INTO audit_log (at, operator_id, operator_email, action, target, ip, detail)
       SELECT $1, $2, $3, 'key_revoked', r.prefix, $4, r.tier || '; ' || $5
         FROM unnest($6::text[], $7::text[]) AS r (prefix, tier)`,
      [
        at,
        by.operatorId,
        by.operatorEmail,
        by.ip,
        by.reason,
        rows.map((r) => r.key_prefix),
        rows.map((r) => r.tier),
      ],
    );
  }
  throw new Error(`the rotation chain ${chainId} kept changing while it was being revoked`);
}

/**
 * Every key of a chain in rotation order: from its first key along replaced_by, so the last is the
 * current key (creation times may tie). Keys of the chain off that path (none, unless written by
 * hand) come after it.
 */
export function chainRows(m: EntityManager, chainId: string): Promise<ApiKeyRow[]> {
  return m.query<ApiKeyRow[]>(
    `WITH RECURSIVE walk (id, n) AS (
       SELECT id, 0 FROM api_keys WHERE id = $1
       UNION ALL
       SELECT k.replaced_by, w.n + 1 FROM walk w JOIN api_keys k ON k.id = w.id
        WHERE k.replaced_by IS NOT NULL AND w.n < 10000)
     SELECT ${API_KEY_COLUMNS.split(', ')
       .map((c) => `k.${c}`)
       .join(', ')} FROM api_keys k LEFT JOIN walk w ON w.id = k.id
      WHERE k.chain_id = $1
      ORDER BY w.n NULLS LAST, k.created_at, k.id`,
    [chainId],
  );
}

const byCreation = (a: ApiKeyRow, b: ApiKeyRow) =>
  a.created_at.getTime() - b.created_at.getTime() || a.id.localeCompare(b.id);

/** TypeORM returns `[rows, count]` for UPDATE … RETURNING on PostgreSQL, plain rows for INSERT. */
export function rowsOf<T>(result: T[] | [T[], number]): T[] {
  return Array.isArray(result[0]) ? result[0] : (result as T[]);
}
