import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Client } from 'pg';
import { ReadCache } from '../../../application/shared/read-cache';
import { DATABASE_RUNTIME } from '../../config/core.module';
import { DatabaseRuntime } from '../../database/database-runtime';
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
 * the data), so every instance sees new data at once. Concurrent misses share one load.
 */
@Injectable()
export class DirectoryReadCache extends ReadCache implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(DirectoryReadCache.name);
  private readonly entries = new Map<string, Entry>();
  private listener: Client | undefined;
  private retry: NodeJS.Timeout | undefined;
  private closing = false;

  constructor(@Inject(DATABASE_RUNTIME) private readonly db: DatabaseRuntime) {
    super();
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

  async onModuleInit(): Promise<void> {
    await this.listen();
  }

  async onApplicationShutdown(): Promise<void> {
    this.closing = true;
    clearTimeout(this.retry);
    await this.listener?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    if (this.closing) return;
    const client = new Client({ connectionString: this.db.url, connectionTimeoutMillis: 3000 });
    client.on('notification', () => this.clear());
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      this.reconnectLater(client);
    };
    client.on('error', onLost);
    client.on('end', onLost);
    try {
      await client.connect();
      await client.query(`LISTEN ${DIRECTORY_CHANGED_CHANNEL}`);
      this.listener = client;
    } catch (e) {
      this.logger.warn(`cannot listen for directory changes yet: ${(e as Error).message}`);
      onLost();
    }
  }

  /** Without the listener, changes could be missed: drop the cache and try again shortly. */
  private reconnectLater(client: Client): void {
    if (this.closing || (this.listener && this.listener !== client)) return;
    this.listener = undefined;
    this.clear();
    void client.end().catch(() => undefined);
    clearTimeout(this.retry);
    this.retry = setTimeout(() => void this.listen(), 5000);
    this.retry.unref();
  }
}
