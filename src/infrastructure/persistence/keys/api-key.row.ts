import { ApiKey } from '../../../domain/keys/api-key';
import { Tier } from '../../../domain/keys/tier';

/** A row of api_keys as node-postgres returns it (without key_hash, which never leaves SQL). */
export interface ApiKeyRow {
  id: string;
  key_prefix: string;
  tier: string;
  label: string | null;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
  replaced_by: string | null;
  chain_id: string;
}

export const API_KEY_COLUMNS =
  'id, key_prefix, tier, label, created_at, last_used_at, revoked_at, replaced_by, chain_id';

export function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    keyPrefix: row.key_prefix,
    tier: row.tier as Tier,
    label: row.label,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
    replacedBy: row.replaced_by,
    chainId: row.chain_id,
  };
}
