import { Injectable, Optional } from '@nestjs/common';
import { ReadCache } from '../../../application/shared/read-cache';
import { ReplicaSync } from '../../database/directory-read-source';
import { PgNotificationListener } from '../../database/pg-notification-listener';
import { DIRECTORY_CHANGED_CHANNEL } from '../../seed/demo-data.seeder';

/** Bounds memory whatever clients ask: the least recently used answer goes first. */
export const MAX_ENTRIES = 20_000;

interface Entry {
  value: Promise<unknown>;
  expires: number;
}

/**
 * In-process cache of aggregate reads (summary, metadata, list totals, reference ids), least
 * recently used out past MAX_ENTRIES. Entries live `ttlMs` at most and are
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
    this.entries.delete(key);
    this.entries.set(key, { value, expires: now + ttlMs });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    // A failed load is not kept: the next request tries again.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  forget(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  /** Number of entries (for the metrics). */
  get size(): number {
    return this.entries.size;
  }
}
