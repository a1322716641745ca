import { Injectable } from '@nestjs/common';
import { KeyLookupCache } from '../../../application/keys/key-lookup-cache';
import { ApiKey } from '../../../domain/keys/api-key';
import { PgNotificationListener } from '../../database/pg-notification-listener';
import { approxBytes, ENTRY_OVERHEAD_BYTES } from '../directory/approx-bytes';

/** Sent by a trigger on api_keys, in the transaction of any revocation, rotation or tier change. */
export const API_KEYS_CHANGED_CHANNEL = 'api_keys_changed';
/** Bounds memory whatever keys are presented: the oldest entry goes first. */
export const MAX_CACHED_KEYS = 10_000;
/** And bytes (each entry's hash, key and reverse index, as approxBytes estimates them). */
export const MAX_CACHED_KEY_BYTES = 16 * 1024 * 1024;
/** Even while every change is heard, an entry is looked up again after this long. */
export const KEY_CACHE_TTL_MS = 5 * 60_000;
/** Expired entries are swept out at most this often (on a lookup). */
export const KEY_SWEEP_INTERVAL_MS = 60_000;

interface Entry {
  readonly key: ApiKey;
  readonly expires: number;
  readonly bytes: number;
}

/**
 * Known keys (active or revoked) by keyed hash, in this instance's memory. PostgreSQL notifies
 * `api_keys_changed` with the key's id when a key is revoked, rotated, retiered or deleted, in the
 * same transaction, and every instance drops that key's entry alone: a customer rotating in a loop
 * costs the other customers nothing (their keys stay cached). A notification without an id, a lost
 * listening connection or a new one drops everything. While the connection is down the cache is
 * not used at all, and a lookup that was in flight when any change was heard is not stored, so a
 * revoked key is refused on the first request after the change reaches this instance. Unknown
 * hashes are never cached (a key issued elsewhere works at once). Bounded by entries and by bytes
 * (`maxBytes`), the oldest out first; expired entries are swept out on a lookup every
 * KEY_SWEEP_INTERVAL_MS.
 */
@Injectable()
export class ApiKeyCache extends KeyLookupCache {
  private readonly entries = new Map<string, Entry>();
  /** Cache entry ids (base64 hashes) of each cached key id. */
  private readonly hashesById = new Map<string, string>();
  private version = 0;
  /** The bound in bytes (MAX_CACHED_KEY_BYTES; tests set a smaller one). */
  maxBytes = MAX_CACHED_KEY_BYTES;
  private heldBytes = 0;
  private nextSweep = 0;
  /** Lookups answered from memory, and lookups that went to the database (for the metrics). */
  hits = 0;
  misses = 0;

  constructor(private readonly listener: PgNotificationListener) {
    super();
    const drop = () => this.invalidate();
    listener.subscribe(API_KEYS_CHANGED_CHANNEL, {
      onNotify: (payload) => (payload ? this.forget([payload]) : drop()),
      onLost: drop,
      onListening: drop,
    });
  }

  async find(keyHash: Buffer, load: () => Promise<ApiKey | null>): Promise<ApiKey | null> {
    if (!this.listener.listening) {
      this.misses++;
      return load();
    }
    const id = keyHash.toString('base64');
    const now = Date.now();
    if (now >= this.nextSweep) this.sweep(now);
    const hit = this.entries.get(id);
    if (hit && hit.expires > now) {
      this.hits++;
      return hit.key;
    }
    this.misses++;
    const version = this.version;
    const key = await load();
    // A change heard while the lookup ran may concern this very key: do not keep what was read.
    if (key && version === this.version && this.listener.listening) {
      this.remove(id);
      const bytes =
        2 * ENTRY_OVERHEAD_BYTES + 2 * approxBytes(id) + approxBytes(key) + approxBytes(key.id);
      if (bytes <= this.maxBytes) {
        this.entries.set(id, { key, expires: now + KEY_CACHE_TTL_MS, bytes });
        this.hashesById.set(key.id, id);
        this.heldBytes += bytes;
        while (this.entries.size > MAX_CACHED_KEYS || this.heldBytes > this.maxBytes)
          this.remove(this.entries.keys().next().value!);
      }
    }
    return key;
  }

  /**
   * What this instance knows of a key without asking anyone: the cached key, or undefined when it
   * is not cached (or the cache cannot be trusted now). Never loads.
   */
  peek(keyHash: Buffer): ApiKey | undefined {
    if (!this.listener.listening) return undefined;
    const hit = this.entries.get(keyHash.toString('base64'));
    return hit && hit.expires > Date.now() ? hit.key : undefined;
  }

  /** Number of entries (for tests and diagnostics). */
  get size(): number {
    return this.entries.size;
  }

  /** The bytes the entries hold, as estimated (for the metrics and tests). */
  get bytes(): number {
    return this.heldBytes;
  }

  /** Drops every expired entry now (also done on a lookup every KEY_SWEEP_INTERVAL_MS). */
  sweep(now = Date.now()): void {
    this.nextSweep = now + KEY_SWEEP_INTERVAL_MS;
    for (const [hashId, entry] of this.entries) if (entry.expires <= now) this.remove(hashId);
  }

  /**
   * Forget these keys now. The repositories call this after they commit a revocation or rotation,
   * so the instance that made the change refuses the key on its very next request, without
   * waiting for its own notification; other instances drop theirs when the notification arrives.
   */
  forget(keyIds: Iterable<string>): void {
    this.version++;
    for (const keyId of keyIds) {
      const hashId = this.hashesById.get(keyId);
      if (hashId !== undefined) this.remove(hashId);
    }
  }

  /** Forget everything now (a change whose keys are unknown, or notifications may be missed). */
  invalidate(): void {
    this.version++;
    this.entries.clear();
    this.hashesById.clear();
    this.heldBytes = 0;
  }

  private remove(hashId: string): void {
    const entry = this.entries.get(hashId);
    if (!entry) return;
    this.entries.delete(hashId);
    this.heldBytes -= entry.bytes;
    if (this.hashesById.get(entry.key.id) === hashId) this.hashesById.delete(entry.key.id);
  }
}
