import { Injectable, Logger, Optional } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Pool } from 'pg';
import { Counter, Gauge, Metric, Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { ReadCache } from '../../application/shared/read-cache';
import { DIRECTORY_READ_SOURCE, ReadRouting } from '../database/directory-read-source';
import { PgNotificationListener } from '../database/pg-notification-listener';
import { sidePoolsOf, underlyingDataSource } from '../database/prepared-reads';
import { ApiKeyCache } from '../persistence/keys/api-key-cache';
import { DirectoryReadCache } from '../persistence/directory/directory-read-cache';
import { DIRECTORY_CHANGED_CHANNEL } from '../seed/demo-data.seeder';
import { RequestMetrics } from './request-metrics';
import { DoctorMemoryIndex } from '../persistence/directory/memory/doctor-memory-index';
import { ImportMetrics } from './import-metrics';
import { memoryListMetrics } from './memory-metrics';
import { poolMetrics } from './pool-metrics';
import { histogramValues, processRegistry, SnapshotMetric } from './snapshot-metric';

/** The order states of the checkout (migrations: orders.state). */
const ORDER_STATES = ['pending', 'paid', 'fulfilled', 'failed', 'expired', 'refunded', 'disputed'];
/** The record types an import's notification counts (read-model-refresh.ts). */
/** Tokens whose DataSources hold directory reads (side pools); absent ones are skipped. */
const READ_SOURCE_TOKENS = [DIRECTORY_READ_SOURCE, 'PRIMARY_DIRECTORY_READS'];

/**
 * This instance's metrics in Prometheus's text format (docs/metrics.md): requests by route
 * template, status class and tier; the database pools; statement timeouts; the key and directory
 * caches; failed authentications and rate-limit refusals; checkout orders by state; the imports
 * this instance heard of; Node's process metrics. One registry per application, so two
 * applications in a process (tests) never share a counter.
 */
@Injectable()
export class ServiceMetrics {
  private readonly log = new Logger('Metrics');
  readonly registry = new Registry();
  /** Recorded by the HTTP layer's onResponse hook. */
  readonly requests = new RequestMetrics();
  /** Unknown, malformed or revoked credentials, and missing ones (reason: the error code). */
  readonly authFailures: Counter<'reason'>;
  /** 429s: a tier's per-minute limit (limiter: the tier), or the failed-authentication lockout. */
  readonly rateLimitRefusals: Counter<'limiter'>;
  /** The imports heard of through directory_changed (import-metrics.ts). */
  private readonly imports = new ImportMetrics();

  constructor(
    private readonly primary: DataSource,
    private readonly moduleRef: ModuleRef,
    listener: PgNotificationListener,
    @Optional() private readonly keyCache?: ApiKeyCache,
    @Optional() readCache?: ReadCache,
    @Optional() private readonly routing?: ReadRouting,
    @Optional() memory?: DoctorMemoryIndex,
  ) {
    const registers = [this.registry];
    this.authFailures = new Counter({
      name: 'gtad_auth_failures_total',
      help: 'Requests refused for their credential: missing_key, invalid_key (unknown, malformed or revoked), forbidden (gateway mismatch)',
      labelNames: ['reason'],
      registers,
    });
    this.rateLimitRefusals = new Counter({
      name: 'gtad_rate_limit_refusals_total',
      help: "Requests answered 429: over a tier's per-minute limit (limiter = the tier), or locked out after failed authentications (limiter = auth_failures)",
      labelNames: ['limiter'],
      registers,
    });
    for (const reason of ['missing_key', 'invalid_key', 'forbidden'])
      this.authFailures.inc({ reason }, 0);
    for (const limiter of ['sandbox', 'live', 'gateway', 'auth_failures'])
      this.rateLimitRefusals.inc({ limiter }, 0);
    this.registerRequests();
    this.registerPools();
    this.registerReplica();
    this.registerCaches(readCache instanceof DirectoryReadCache ? readCache : undefined);
    this.registerOrders();
    for (const metric of this.imports.metrics()) this.add(metric);
    for (const metric of memoryListMetrics(memory)) this.add(metric);
    listener.subscribe(DIRECTORY_CHANGED_CHANNEL, {
      onNotify: (payload) => this.imports.heard(payload),
      onLost: () => undefined,
    });
  }

  /** The text a scraper reads, and its content type. */
  async scrape(): Promise<{ contentType: string; text: string }> {
    const [ofProcess, ofService] = await Promise.all([
      processRegistry().metrics(),
      this.registry.metrics(),
    ]);
    return { contentType: this.registry.contentType, text: `${ofProcess}\n${ofService}` };
  }

  private add(metric: SnapshotMetric): void {
    this.registry.registerMetric(metric as unknown as Metric);
  }

  private registerRequests(): void {
    const r = this.requests;
    this.add(
      new SnapshotMetric(
        'gtad_http_requests_total',
        'Requests answered, by route template (unmatched: no route), method, status class and credential tier',
        'counter',
        () => r.series.map((s) => ({ labels: s.labels, value: s.count })),
      ),
    );
    this.add(
      new SnapshotMetric(
        'gtad_http_request_duration_seconds',
        'Time from a request’s arrival to the end of its answer, by route template, method, status class and tier',
        'histogram',
        () => r.series.flatMap((s) => histogramValues('gtad_http_request_duration_seconds', s)),
      ),
    );
  }

  /**
   * The pools of this application, named: `primary` and `read` (the replica of
   * DATABASE_READ_URL), and each one's side pools of generic plans (`primary_walks`,
   * `read_fixed`, ...), as far as they are open.
   */
  pools(): { name: string; pool: Pool }[] {
    const found = new Map<Pool, string>();
    const masterOf = (ds: DataSource): Pool | undefined =>
      ds.isInitialized ? (ds.driver as unknown as { master?: Pool }).master : undefined;
    const add = (name: string, pool: Pool | undefined) => {
      if (pool && !found.has(pool)) found.set(pool, name);
    };
    add('primary', masterOf(this.primary));
    for (const token of READ_SOURCE_TOKENS) {
      let ds: DataSource | undefined;
      try {
        ds = this.moduleRef.get<DataSource>(token, { strict: false });
      } catch {
        continue;
      }
      if (!ds) continue;
      const under = underlyingDataSource(ds);
      const role = under === this.primary ? 'primary' : 'read';
      add(role, masterOf(under));
      for (const [kind, pool] of sidePoolsOf(ds)) add(`${role}_${kind}`, pool);
    }
    return [...found].map(([pool, name]) => ({ name, pool }));
  }

  private registerPools(): void {
    for (const metric of poolMetrics(() => this.pools())) this.add(metric);
  }

  /** Only with DATABASE_READ_URL: whether reads go to the replica, and what it cost. */
  private registerReplica(): void {
    const routing = this.routing;
    const when = (value: () => number) => () =>
      routing?.hasReplica ? [{ labels: {}, value: value() }] : [];
    this.add(
      new SnapshotMetric(
        'gtad_replica_serving',
        'With DATABASE_READ_URL: 1 while directory reads go to the replica, 0 while it is out of service and they go to the primary',
        'gauge',
        when(() => (routing!.replicaServing ? 1 : 0)),
      ),
    );
    this.add(
      new SnapshotMetric(
        'gtad_replica_recovery_conflicts_total',
        'With DATABASE_READ_URL: reads the replica cancelled for a recovery conflict (each retried once, then answered 503)',
        'counter',
        when(() => routing!.conflicts),
      ),
    );
    this.add(
      new SnapshotMetric(
        'gtad_replica_fallback_reads_total',
        'With DATABASE_READ_URL: directory reads sent to the primary because the replica was out of service',
        'counter',
        when(() => routing!.fallbacks),
      ),
    );
  }

  private registerCaches(directory: DirectoryReadCache | undefined): void {
    const caches: [string, { hits: number; misses: number; size: number } | undefined][] = [
      ['keys', this.keyCache],
      ['directory', directory],
    ];
    this.add(
      new SnapshotMetric(
        'gtad_cache_lookups_total',
        'Cache lookups: keys (API keys by hash) and directory (totals, summaries, catalogues), by result (hit, miss)',
        'counter',
        () =>
          caches.flatMap(([cache, c]) =>
            c
              ? [
                  { labels: { cache, result: 'hit' }, value: c.hits },
                  { labels: { cache, result: 'miss' }, value: c.misses },
                ]
              : [],
          ),
      ),
    );
    this.add(
      new SnapshotMetric('gtad_cache_entries', 'Entries held by each cache', 'gauge', () =>
        caches.flatMap(([cache, c]) => (c ? [{ labels: { cache }, value: c.size }] : [])),
      ),
    );
  }

  /** One GROUP BY on the primary per scrape (a few rows per order; no index needed). */
  private registerOrders(): void {
    const primary = this.primary;
    const log = this.log;
    new Gauge({
      name: 'gtad_checkout_orders',
      help: 'Checkout orders by state, counted in the database at scrape time',
      labelNames: ['state'],
      registers: [this.registry],
      async collect() {
        this.reset();
        try {
          const rows = await primary.query<{ state: string; n: number }[]>(
            'SELECT state, count(*)::int AS n FROM orders GROUP BY state',
          );
          for (const s of ORDER_STATES) this.set({ state: s }, 0);
          for (const row of rows) this.set({ state: row.state }, row.n);
        } catch (e) {
          // No series rather than wrong ones: absent() alerts on a database the scrape cannot read.
          log.warn(`checkout orders not counted: ${(e as Error).message}`);
        }
      },
    });
  }
}
