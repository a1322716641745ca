import { Injectable, Optional } from '@nestjs/common';
import { ReadCache } from '../../../application/shared/read-cache';
import { ReplicaSync } from '../../database/directory-read-source';
import { PgNotificationListener } from '../../database/pg-notification-listener';
import { DIRECTORY_CHANGED_CHANNEL } from '../../seed/demo-data.seeder';
import { approxBytes, ENTRY_OVERHEAD_BYTES } from './approx-bytes';

/** Bounds memory whatever clients ask: the least recently used answer goes first. */
export const MAX_ENTRIES = 20_000;
/**
 * And so does this, in bytes (keys and values as approxBytes estimates them, plus each entry's
 * overhead): a key embeds a statement's parameters, so 20,000 entries alone bound nothing.
 */
export const MAX_BYTES = 32 * 1024 * 1024;
/** Expired entries are swept out at most this often (on a lookup). */
export const SWEEP_INTERVAL_MS = 30_000;
/** What an answer still loading counts for, until its value is known. */
const PENDING_BYTES = 64;

interface Entry {
  value: Promise<unknown>;
  expires: number;
  bytes: number;
}

/**
 * In-process cache of aggregate reads (summary, metadata, list totals, reference ids), least
 * recently used out past MAX_ENTRIES or `maxBytes` (an entry's key at two bytes a character, so
 * that the parameters a total's recount keeps beside it are paid for too, its value once loaded,
 * and ENTRY_OVERHEAD_BYTES); an answer larger than the whole bound is served, never kept.
 * Expired entries are swept out on a lookup every SWEEP_INTERVAL_MS. Entries live `ttlMs` at most and are
 * all dropped when PostgreSQL notifies `directory_changed` (sent by the command that replaces
 * the data), so every instance sees new data at once; also when the listening connection is lost
 * and when it listens again (a change may have gone unheard). Concurrent misses share one load.
 * With a read replica, the notification comes from the primary before the replica may have
 * replayed the change: until ReplicaSync says it has, answers are loaded but not kept, and the
 * cache is cleared once more when it has.
 */
@Injectable()
export class DirectoryReadCache extends ReadCache {
  private readonly entries = new Map<string, Entry>();
  /** The bound in bytes (MAX_BYTES; tests set a smaller one). */
  maxBytes = MAX_BYTES;
  private heldBytes = 0;
  private nextSweep = 0;

  /** Changes heard whose replay on the replica is still awaited: nothing is kept meanwhile. */
  private awaitingReplica = 0;
  /** Reads answered from memory, and reads that loaded (for the metrics). */
  hits = 0;
  misses = 0;

  constructor(listener: PgNotificationListener, @Optional() replica?: ReplicaSync) {
    super();
    const clear = () => {
      this.clear();
      if (!replica?.hasReplica) return;
      this.awaitingReplica++;
      void replica.caughtUp().finally(() => {
        this.clear();
        this.awaitingReplica--;
      });
    };
    listener.subscribe(DIRECTORY_CHANGED_CHANNEL, {
      onNotify: clear,
      onLost: clear,
      onListening: clear,
    });
  }

  getOrLoad<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    if (now >= this.nextSweep) this.sweep(now);
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) {
      // Least recently used first in the map's order: a hit moves to the end.
      this.entries.delete(key);
      this.entries.set(key, hit);
      this.hits++;
      return hit.value as Promise<T>;
    }
    this.misses++;
    const value = load();
    if (this.awaitingReplica > 0) return value;
    this.forget(key);
    const entry: Entry = { value, expires: now + ttlMs, bytes: keyBytes(key) + PENDING_BYTES };
    this.entries.set(key, entry);
    this.heldBytes += entry.bytes;
    if (entry.bytes > this.maxBytes) {
      this.forget(key);
      return value;
    }
    this.evict();
    value.then(
      (v) => {
        if (this.entries.get(key) !== entry) return;
        const bytes = keyBytes(key) + approxBytes(v);
        this.heldBytes += bytes - entry.bytes;
        entry.bytes = bytes;
        if (bytes > this.maxBytes) this.forget(key);
        else this.evict();
      },
      // A failed load is not kept: the next request tries again.
      () => {
        if (this.entries.get(key) === entry) this.forget(key);
      },
    );
    return value;
  }

  forget(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.heldBytes -= entry.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.heldBytes = 0;
  }

  /** Drops every expired entry now (also done on a lookup every SWEEP_INTERVAL_MS). */
  sweep(now = Date.now()): void {
    this.nextSweep = now + SWEEP_INTERVAL_MS;
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.forget(key);
  }

  /** The bytes the entries hold, as estimated (for the metrics and tests). */
  get bytes(): number {
    return this.heldBytes;
  }

  /** The least recently used entries out until both bounds hold. */
  private evict(): void {
    while (
      this.entries.size > MAX_ENTRIES ||
      (this.heldBytes > this.maxBytes && this.entries.size)
    ) {
      this.forget(this.entries.keys().next().value!);
    }
  }

  /** Number of entries (for the metrics). */
  get size(): number {
    return this.entries.size;
  }
}

/** A key at two bytes a character, and the entry's own overhead. */
function keyBytes(key: string): number {
  return ENTRY_OVERHEAD_BYTES + approxBytes(key);
}
