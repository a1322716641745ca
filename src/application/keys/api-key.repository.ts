import { ApiKey } from '../../domain/keys/api-key';
import { Tier } from '../../domain/keys/tier';

/** What is stored for a new key: its keyed hash, never the key. */
export interface NewApiKey {
  readonly keyHash: Buffer;
  readonly keyPrefix: string;
  readonly tier: Tier;
  readonly label: string | null;
  readonly createdAt: Date;
}

/** Outcome of revoking by prefix. */
export type RevokeOutcome =
  | { readonly kind: 'revoked'; readonly key: ApiKey }
  | { readonly kind: 'already_revoked'; readonly key: ApiKey }
  | { readonly kind: 'not_found' }
  | { readonly kind: 'ambiguous'; readonly count: number };

/**
 * Port: the api_keys store. Lookups are by keyed hash (the key itself is never stored).
 */
export abstract class ApiKeyRepository {
  /** The key whose hash this is, revoked or not; null when unknown. */
  abstract findByHash(keyHash: Buffer): Promise<ApiKey | null>;

  abstract insert(key: NewApiKey): Promise<ApiKey>;

  /**
   * Replaces the active key `id` by `replacement` in one transaction holding a row lock on the
   * old key: the new key is inserted, the old one revoked and linked to it. Null when `id` is
   * unknown or already revoked (a concurrent rotation won), so exactly one of two concurrent
   * rotations of the same key succeeds.
   */
  abstract rotate(id: string, replacement: NewApiKey): Promise<ApiKey | null>;

  /** Revokes the single active key with this display prefix. */
  abstract revokeByPrefix(keyPrefix: string, at: Date): Promise<RevokeOutcome>;

  /** Revokes the key with this hash (a full key given to the command line). */
  abstract revokeByHash(keyHash: Buffer, at: Date): Promise<RevokeOutcome>;

  /** Every key, oldest first. */
  abstract list(): Promise<ApiKey[]>;

  /**
   * Records use: sets last_used_at to `at` unless it was set less than `minIntervalMs` before,
   * so that a busy key does not write on every request.
   */
  abstract touchLastUsed(id: string, at: Date, minIntervalMs: number): Promise<void>;

  /**
   * Makes the published sandbox key exist (insert if its hash is absent, never a duplicate) and
   * revokes any other sandbox key, so one published key is active. Returns the stored key.
   */
  abstract ensureSandbox(key: NewApiKey): Promise<ApiKey>;
}
