import { Injectable, Logger } from '@nestjs/common';
import { parseApiKey } from '../../domain/keys/api-key-format';
import { InvalidKeyError, RevokedKeyError } from '../../domain/keys/key.errors';
import { Tier } from '../../domain/keys/tier';
import { Clock } from '../shared/clock';
import { ApiKeyRepository } from './api-key.repository';
import { KeyHasher } from './key-hasher';
import { KeyLookupCache } from './key-lookup-cache';
import { PublishedSandboxKey } from './published-sandbox-key.setting';

/** The caller's key once authenticated. */
export interface AuthenticatedKey {
  readonly id: string;
  /** The key's rotation chain: what its rate limit counts against (a rotation keeps the count). */
  readonly chainId: string;
  readonly tier: Tier;
  readonly keyPrefix: string;
}

/** last_used_at is written at most this often per key (and per instance). */
export const LAST_USED_INTERVAL_MS = 60_000;
const MAX_TRACKED_KEYS = 10_000;
/** A key refused for its rate is confirmed active in the store at most this often. */
const CONFIRM_INTERVAL_MS = 1000;

/**
 * Resolves a presented key: format and check first (a malformed key never reaches the database),
 * then the stored keyed hash, through the lookup cache: an adapter answers from memory only while
 * it hears every revocation at once, so a revocation (rotation, `keys revoke`, a refund) is seen by
 * every instance on its next request.
 */
@Injectable()
export class AuthenticateKeyUseCase {
  private readonly logger = new Logger('Keys');
  /** When this instance last wrote last_used_at of each key (epoch ms). */
  private readonly lastTouched = new Map<string, number>();
  /** When this instance last confirmed each rate-limited key active in the store (epoch ms). */
  private readonly lastConfirmed = new Map<string, number>();

  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly hasher: KeyHasher,
    private readonly clock: Clock,
    private readonly sandbox: PublishedSandboxKey,
    private readonly cache: KeyLookupCache,
  ) {}

  /** @throws InvalidKeyError when the key is malformed, unknown or revoked. */
  async execute(presented: string): Promise<AuthenticatedKey> {
    const parsed = parseApiKey(presented);
    if (!parsed) throw new InvalidKeyError('The API key is malformed.');
    const keyHash = this.hasher.hash(parsed.value);
    let key = await this.cache.find(keyHash, () => this.keys.findByHash(keyHash));
    if (!key && parsed.value === this.sandbox.key.value) {
      // The published sandbox key is created on first use when start-up could not (the schema
      // did not exist yet); upserted by hash, so never twice.
      key = await this.keys.ensureSandbox({
        keyHash,
        keyPrefix: parsed.keyPrefix,
        tier: 'sandbox',
        label: 'published sandbox key',
        createdAt: this.clock.now(),
      });
    }
    if (!key) throw new InvalidKeyError('The API key is not recognised.');
    if (key.revokedAt) throw new RevokedKeyError('The API key has been revoked.');
    this.recordUse(key.id);
    return { id: key.id, chainId: key.chainId, tier: key.tier, keyPrefix: key.keyPrefix };
  }

  /**
   * Asks the store itself (not the cache) whether the key `id` was revoked: what a refusal that
   * would otherwise tell a client to retry later (its rate limit) checks first, so that a key
   * revoked a moment ago, before this instance heard of it, is told it is revoked (401). At most
   * one lookup a second per key, so a client hammering past its limit costs the store little.
   * @throws RevokedKeyError when it was.
   */
  async confirmActive(id: string): Promise<void> {
    const now = this.clock.now().getTime();
    const last = this.lastConfirmed.get(id);
    if (last !== undefined && now - last < CONFIRM_INTERVAL_MS) return;
    if (this.lastConfirmed.size >= MAX_TRACKED_KEYS) this.lastConfirmed.clear();
    if (await this.keys.isRevoked(id)) throw new RevokedKeyError('The API key has been revoked.');
    this.lastConfirmed.set(id, now);
  }

  /** Whether the presented key has the format and check characters of a key (no lookup). */
  isWellFormed(presented: string): boolean {
    return parseApiKey(presented) !== null;
  }

  /** Fire-and-forget, at most once a minute per key: never slows or fails the request. */
  private recordUse(id: string): void {
    const now = this.clock.now();
    const last = this.lastTouched.get(id);
    if (last !== undefined && now.getTime() - last < LAST_USED_INTERVAL_MS) return;
    if (this.lastTouched.size >= MAX_TRACKED_KEYS) this.lastTouched.clear();
    this.lastTouched.set(id, now.getTime());
    this.keys.touchLastUsed(id, now, LAST_USED_INTERVAL_MS).catch((e: unknown) => {
      this.logger.warn(`could not record the last use of a key (ignored): ${String(e)}`);
    });
  }
}
