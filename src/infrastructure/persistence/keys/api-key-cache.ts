import { Injectable } from '@nestjs/common';
import { KeyLookupCache } from '../../../application/keys/key-lookup-cache';
import { ApiKey } from '../../../domain/keys/api-key';
import { PgNotificationListener } from '../../database/pg-notification-listener';

/** Sent by a trigger on api_keys, in the transaction of any revocation, rotation or tier change. */
export const API_KEYS_CHANGED_CHANNEL = 'api_keys_changed';
/** Bounds memory whatever keys are presented: the oldest entry goes first. */
export const MAX_CACHED_KEYS = 10_000;
/** Even while every change is heard, an entry is looked up again after this long. */
export const KEY_CACHE_TTL_MS = 5 * 60_000;

interface Entry {
  readonly key: ApiKey;
  readonly expires: number;
}

/**
 * Known keys (active or revoked) by keyed hash, in this instance's memory. PostgreSQL notifies
 * `api_keys_changed` when a key is revoked, rotated, retiered or deleted, in the same transaction,
 * and every instance drops its whole cache (such changes are rare). While the listening connection
 * is down the cache is not used at all, and a lookup that was in flight when a change was heard is
 * not stored, so a revoked key is refused on the first request after the change reaches this
 * instance. Unknown hashes are never cached (a key issued elsewhere works at once).
 */
@Injectable()
export class ApiKeyCache extends KeyLookupCache {
  private readonly entries = new Map<string, Entry>();
  private version = 0;

  constructor(private readonly listener: PgNotificationListener) {
    super();
    const drop = () => this.invalidate();
    listener.subscribe(API_KEYS_CHANGED_CHANNEL, {
      onNotify: drop,
      onLost: drop,
      onListening: drop,
    });
  }

  async find(keyHash: Buffer, load: () => Promise<ApiKey | null>): Promise<ApiKey | null> {
    if (!this.listener.listening) return load();
    const id = keyHash.toString('base64');
    const now = Date.now();
    const hit = this.entries.get(id);
    if (hit && hit.expires > now) return hit.key;
    const version = this.version;
    const key = await load();
    // A change heard while the lookup ran may concern this very key: do not keep what was read.
    if (key && version === this.version && this.listener.listening) {
      this.entries.delete(id);
      this.entries.set(id, { key, expires: now + KEY_CACHE_TTL_MS });
      if (this.entries.size > MAX_CACHED_KEYS)
        this.entries.delete(this.entries.keys().next().value!);
    }
    return key;
  }

  /** Number of entries (for tests and diagnostics). */
  get size(): number {
    return this.entries.size;
  }

  /**
   * Forget everything now. The repository calls this after it commits a revocation or rotation,
   * so the instance that made the change refuses the key on its very next request, without
   * waiting for its own notification; other instances drop theirs when the notification arrives.
   */
  invalidate(): void {
    this.version++;
    this.entries.clear();
  }
}
