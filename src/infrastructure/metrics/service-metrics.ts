import { Injectable, Logger, Optional } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Pool } from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Metric, Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { ReadCache } from '../../application/shared/read-cache';
import { DIRECTORY_READ_SOURCE, ReadRouting } from '../database/directory-read-source';
import { PgNotificationListener } from '../database/pg-notification-listener';
import { sidePoolsOf, underlyingDataSource } from '../database/prepared-reads';
import { poolWatch } from '../database/watched-pool';
import { ApiKeyCache } from '../persistence/keys/api-key-cache';
import { DirectoryReadCache } from '../persistence/directory/directory-read-cache';
import { DIRECTORY_CHANGED_CHANNEL } from '../seed/demo-data.seeder';
import { RequestMetrics } from './request-metrics';
import { HistogramSeries } from './series-histogram';

/** The order states of the checkout (migrations: orders.state). */
const ORDER_STATES = ['pending', 'paid', 'fulfilled', 'failed', 'expired', 'refunded', 'disputed'];
/** The record types an import's notification counts (read-model-refresh.ts). */
const IMPORT_TYPES = ['clinic', 'doctor', 'offering', 'review'] as const;
/** Tokens whose DataSources hold directory reads (side pools); absent ones are skipped. */
const READ_SOURCE_TOKENS = [DIRECTORY_READ_SOURCE, 'PRIMARY_DIRECTORY_READS'];

type LabelValues = Record<string, string | number>;
interface MetricValue {
  value: number;
  labels: LabelValues;
  metricName?: string;
}

/**
 * A metric whose values are computed at scrape time from plain counters kept elsewhere (the
 * request histograms, the pools' watches): prom-client's registry renders anything with a name,
 * a type and `get()`.
 */
class SnapshotMetric {
  readonly aggregator = 'sum';
  constructor(
    readonly name: string,
    readonly help: string,
    readonly type: 'counter' | 'gauge' | 'histogram',
    private readonly values: () => MetricValue[],
  ) {}

  get() {
    return Promise.resolve({
      name: this.name,
      help: this.help,
      type: this.type,
      values: this.values(),
      aggregator: this.aggregator,
    });
  }
}

let processMetrics: Registry | undefined;

/**
 * Node's default metrics (CPU, memory, heap, event-loop lag, GC) belong to the process, and
 * collecting them starts process-wide monitors that are never stopped: one registry per process,
 * shared by every application in it, rendered before each application's own.
 */
function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics });
  }
  return processMetrics;
}

/** A histogram series as Prometheus's text wants it: cumulative buckets, +Inf, sum and count. */
function histogramValues(name: string, s: HistogramSeries, extra: LabelValues = {}): MetricValue[] {
  const labels = { ...s.labels, ...extra };
  const out: MetricValue[] = [];
  let cumulative = 0;
  for (let i = 0; i < s.bounds.length; i++) {
    cumulative += s.counts[i];
    out.push({
      metricName: `${name}_bucket`,
      labels: { ...labels, le: s.bounds[i] },
      value: cumulative,
    });
  }
  out.push({ metricName: `${name}_bucket`, labels: { ...labels, le: '+Inf' }, value: s.count });
  out.push({ metricName: `${name}_sum`, labels, value: s.sum });
  out.push({ metricName: `${name}_count`, labels, value: s.count });
  return out;
}

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
  private readonly imports = {
    runs: 0,
    seconds: 0,
    lastSeconds: 0,
    lastAt: 0,
    records: { clinic: 0, doctor: 0, offering: 0, review: 0 } as Record<string, number>,
  };

  constructor(
    private readonly primary: DataSource,
    private readonly moduleRef: ModuleRef,
    listener: PgNotificationListener,
    @Optional() private readonly keyCache?: ApiKeyCache,
    @Optional() readCache?: ReadCache,
    @Optional() private readonly routing?: ReadRouting,
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
    this.registerImports();
    listener.subscribe(DIRECTORY_CHANGED_CHANNEL, {
      onNotify: (payload) => this.importHeard(payload),
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
    const perPool = (
      name: string,
      help: string,
      type: 'counter' | 'gauge',
      value: (pool: Pool) => number | undefined,
    ) =>
      this.add(
        new SnapshotMetric(name, help, type, () =>
          this.pools().flatMap(({ name: pool, pool: p }) => {
            const v = value(p);
            return v === undefined ? [] : [{ labels: { pool }, value: v }];
          }),
        ),
      );
    perPool('gtad_db_pool_clients', 'Open connections of the pool', 'gauge', (p) => p.totalCount);
    perPool(
      'gtad_db_pool_idle_clients',
      'Idle connections of the pool',
      'gauge',
      (p) => p.idleCount,
    );
    perPool(
      'gtad_db_pool_waiting_requests',
      'Checkouts queued for a connection right now (every connection busy, the pool full)',
      'gauge',
      (p) => p.waitingCount,
    );
    perPool(
      'gtad_db_pool_max_clients',
      'Connections the pool may open (DB_POOL_SIZE; half of it for the side pools)',
      'gauge',
      (p) => (p as unknown as { options: { max?: number } }).options.max,
    );
    perPool(
      'gtad_db_pool_waits_total',
      'Checkouts that found every connection busy and the pool full, and queued',
      'counter',
      (p) => poolWatch(p)?.waits,
    );
    perPool(
      'gtad_db_pool_connect_errors_total',
      'Checkouts that failed (database unreachable, or DB_CONNECT_TIMEOUT_MS passed in the queue)',
      'counter',
      (p) => poolWatch(p)?.connectErrors,
    );
    perPool(
      'gtad_db_statement_timeouts_total',
      'Statements cancelled by the server with SQLSTATE 57014 (DB_STATEMENT_TIMEOUT_MS passed, or a cancel)',
      'counter',
      (p) => poolWatch(p)?.statementTimeouts,
    );
    this.add(
      new SnapshotMetric(
        'gtad_db_pool_acquire_seconds',
        'Time from asking the pool for a connection to getting one (waits in the queue and new connections included)',
        'histogram',
        () =>
          this.pools().flatMap(({ name, pool }) => {
            const w = poolWatch(pool);
            return w
              ? histogramValues('gtad_db_pool_acquire_seconds', w.acquire, { pool: name })
              : [];
          }),
      ),
    );
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

  private registerImports(): void {
    const i = this.imports;
    const help = ' (imports this instance heard of through directory_changed; see docs/metrics.md)';
    this.add(
      new SnapshotMetric(
        'gtad_import_runs_total',
        `Imports that changed the directory${help}`,
        'counter',
        () => [{ labels: {}, value: i.runs }],
      ),
    );
    this.add(
      new SnapshotMetric(
        'gtad_import_records_total',
        `Records those imports applied (accepted by their checks), by type${help}`,
        'counter',
        () => IMPORT_TYPES.map((type) => ({ labels: { type }, value: i.records[type] })),
      ),
    );
    this.add(
      new SnapshotMetric(
        'gtad_import_seconds_total',
        `Seconds those imports ran, from their start to the change's notification${help}`,
        'counter',
        () => [{ labels: {}, value: i.seconds }],
      ),
    );
    this.add(
      new SnapshotMetric(
        'gtad_import_last_seconds',
        `Seconds the last import ran${help}`,
        'gauge',
        () => [{ labels: {}, value: i.lastSeconds }],
      ),
    );
    this.add(
      new SnapshotMetric(
        'gtad_import_last_timestamp_seconds',
        `When the last import was heard of (Unix time; 0: none since this instance started)${help}`,
        'gauge',
        () => [{ labels: {}, value: i.lastAt }],
      ),
    );
  }

  /** A `directory_changed` notification: an import's counts and seconds, when it sent them. */
  private importHeard(payload: string): void {
    let body: { reason?: unknown; records?: Record<string, unknown>; seconds?: unknown };
    try {
      body = JSON.parse(payload) as typeof body;
    } catch {
      return;
    }
    if (body?.reason !== 'import') return;
    const i = this.imports;
    i.runs++;
    i.lastAt = Date.now() / 1000;
    const seconds = typeof body.seconds === 'number' && body.seconds >= 0 ? body.seconds : 0;
    i.seconds += seconds;
    i.lastSeconds = seconds;
    for (const type of IMPORT_TYPES) {
      const n = body.records?.[type];
      if (typeof n === 'number' && Number.isSafeInteger(n) && n >= 0) i.records[type] += n;
    }
  }
}
