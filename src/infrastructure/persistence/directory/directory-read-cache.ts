import { Injectable } from '@nestjs/common';
import { ReadCache } from '../../../application/shared/read-cache';
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
 */
@Injectable()
export class DirectoryReadCache extends ReadCache {
  private readonly entries = new Map<string, Entry>();

  constructor(listener: PgNotificationListener) {
    super();
    const clear = () => this.clear();
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
      return hit.value as Promise<T>;
    }
    const value = load();
    this.entries.delete(key);
    this.entries.set(key, { value, expires: now + ttlMs });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    // A failed load is not kept: the next request tries again.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
