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

/** Who revokes a chain and why: every key revoked is written to the audit log with it. */
export interface RevocationActor {
  /** The operator (dashboard); null for the command line and for the checkout's refunds. */
  readonly operatorId: string | null;
  /** As the audit log shows the actor: the operator's address, `cli`, or null (the checkout). */
  readonly operatorEmail: string | null;
  readonly ip: string | null;
  /** Why, in words (the audit entry's detail after the tier). */
  readonly reason: string;
}

/** What revoking a rotation chain did. */
export interface ChainRevocation {
  /** The keys this call revoked, oldest first: none when the chain was already revoked. */
  readonly revoked: readonly ApiKey[];
  /** Every key of the chain after the call, oldest first; the last is the chain's current key. */
  readonly chain: readonly ApiKey[];
}

/**
 * Port: the api_keys store. Lookups are by keyed hash (the key itself is never stored).
 */
export abstract class ApiKeyRepository {
  /** The key whose hash this is, revoked or not; null when unknown. */
  abstract findByHash(keyHash: Buffer): Promise<ApiKey | null>;

  abstract insert(key: NewApiKey): Promise<ApiKey>;

  /** Whether the key `id` is revoked now (true when unknown), read from the store itself. */
  abstract isRevoked(id: string): Promise<boolean>;

  /**
   * Replaces the active key `id` by `replacement` in one transaction holding a row lock on the
   * old key: the new key is inserted, the old one revoked and linked to it. Null when `id` is
   * unknown or already revoked (a concurrent rotation won), so exactly one of two concurrent
   * rotations of the same key succeeds.
   */
  abstract rotate(id: string, replacement: NewApiKey): Promise<ApiKey | null>;

  /** The keys whose display prefix is exactly this one (active or not), oldest first. */
  abstract findByPrefix(keyPrefix: string): Promise<ApiKey[]>;

  /** Every key of the chain `chainId`, oldest first. */
  abstract chain(chainId: string): Promise<ApiKey[]>;

  /**
   * Revokes every active key of the chain `chainId` (in practice its current key) and tells this
   * instance's key cache. The chain's rows are locked in id order and the revocation repeated
   * until no active key of the chain is left, so a rotation that commits while this waits is
   * caught, and one that starts later finds its key revoked and fails. Each key revoked is
   * audited (`key_revoked`) in the same transaction. Idempotent.
   */
  abstract revokeChain(chainId: string, at: Date, by: RevocationActor): Promise<ChainRevocation>;

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
