import { Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Client } from 'pg';
import { DatabaseRuntime } from './database-runtime';

/** What a cache does when its channel speaks, and when the listener may have missed something. */
export interface NotificationSubscriber {
  /** A notification arrived on the channel (payload as sent, often empty). */
  onNotify(payload: string): void;
  /** The connection was lost or could not be made: notifications may be missed from now on. */
  onLost(): void;
  /** Listening (again): anything that changed while nobody listened is unknown. */
  onListening?(): void;
}

const RETRY_MS = 2000;

/**
 * One PostgreSQL connection per instance that LISTENs on every channel the in-process caches
 * depend on (`directory_changed`, `api_keys_changed`). `listening` is true only while that
 * connection is up and listening on all of them, and `epoch` changes whenever it is lost, so a
 * cache can refuse to trust what it stored while it might have missed a notification. Provided by
 * the CoreModule; it connects only if some cache subscribed.
 */
export class PgNotificationListener implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(PgNotificationListener.name);
  private readonly subscribers = new Map<string, NotificationSubscriber[]>();
  private readonly waiters = new Map<string, (() => void)[]>();
  private client: Client | undefined;
  private retry: NodeJS.Timeout | undefined;
  private closing = false;
  private connected = false;
  private generation = 0;

  constructor(private readonly db: Pick<DatabaseRuntime, 'url'>) {}

  /** Register before the application starts (constructors run before onModuleInit). */
  subscribe(channel: string, subscriber: NotificationSubscriber): void {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name: ${channel}`);
    const list = this.subscribers.get(channel) ?? [];
    list.push(subscriber);
    this.subscribers.set(channel, list);
  }

  /** True while every channel is listened to. */
  get listening(): boolean {
    return this.connected;
  }

  /** Changes each time the connection is lost: entries stored under an older epoch are suspect. */
  get epoch(): number {
    return this.generation;
  }

  /**
   * Resolves once the next notification on `channel` has reached this instance and every
   * subscriber has acted on it (what "every instance sees it" waits for in tests and tools).
   */
  nextNotification(channel: string): Promise<void> {
    return new Promise((resolve) => {
      const list = this.waiters.get(channel) ?? [];
      list.push(resolve);
      this.waiters.set(channel, list);
    });
  }

  async onModuleInit(): Promise<void> {
    await this.listen();
  }

  async onApplicationShutdown(): Promise<void> {
    this.closing = true;
    clearTimeout(this.retry);
    this.connected = false;
    await this.client?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    if (this.closing || this.subscribers.size === 0) return;
    const client = new Client({ connectionString: this.db.url, connectionTimeoutMillis: 3000 });
    client.on('notification', (n) => {
      for (const s of this.subscribers.get(n.channel) ?? []) s.onNotify(n.payload ?? '');
      const waiting = this.waiters.get(n.channel);
      this.waiters.delete(n.channel);
      for (const resolve of waiting ?? []) resolve();
    });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      this.lost(client);
    };
    client.on('error', onLost);
    client.on('end', onLost);
    try {
      await client.connect();
      for (const channel of this.subscribers.keys()) await client.query(`LISTEN ${channel}`);
      if (lost || this.closing) return;
      this.client = client;
      this.connected = true;
      for (const list of this.subscribers.values()) for (const s of list) s.onListening?.();
    } catch (e) {
      this.logger.warn(`cannot listen for cache notifications yet: ${(e as Error).message}`);
      onLost();
    }
  }

  /** Without the connection, changes could be missed: tell every cache, then try again shortly. */
  private lost(client: Client): void {
    if (this.client && this.client !== client) return;
    this.client = undefined;
    this.connected = false;
    this.generation++;
    for (const list of this.subscribers.values()) for (const s of list) s.onLost();
    void client.end().catch(() => undefined);
    if (this.closing) return;
    clearTimeout(this.retry);
    this.retry = setTimeout(() => void this.listen(), RETRY_MS);
    this.retry.unref();
  }
}
