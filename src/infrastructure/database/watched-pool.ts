import { performance } from 'node:perf_hooks';
import pg, { Pool, PoolClient } from 'pg';
import { ACQUIRE_BUCKETS, HistogramSeries } from '../metrics/series-histogram';

/** SQLSTATE query_canceled: statement_timeout, or a cancel request. */
export const QUERY_CANCELED = '57014';

/** What a pool counted since it was created (read by the metrics at scrape time). */
export class PoolWatch {
  /** Time from asking for a connection to getting one (its count is the checkouts). */
  readonly acquire = new HistogramSeries(ACQUIRE_BUCKETS, {});
  /** Checkouts that found every connection busy and the pool full, so they queued. */
  waits = 0;
  /** Checkouts that failed (connection refused, or the connect timeout passed while queued). */
  connectErrors = 0;
  /** Statements the server cancelled with SQLSTATE 57014 (statement_timeout) on this pool. */
  statementTimeouts = 0;
}

const WATCHED_CLIENT = Symbol('watched client');

type ConnectCallback = (
  err: Error | undefined,
  client: PoolClient | undefined,
  done: () => void,
) => void;

/**
 * pg's Pool, counting its checkouts: the time each took, whether it queued, whether it failed, and
 * the statement timeouts its connections reported (heard on each connection's protocol errors, so
 * every statement counts, whoever sent it). The cost per checkout is two clock reads and a few
 * additions; nothing is allocated.
 */
export class WatchedPool extends Pool {
  readonly watch = new PoolWatch();

  constructor(config?: pg.PoolConfig) {
    super(config);
    // A backend can end while its connection is checked out and between two statements (an
    // operator's pg_terminate_backend, a failover, DROP DATABASE ... FORCE). pg then emits 'error'
    // on the client, and with nobody listening at that instant (pg-pool drops its listener on
    // checkout; TypeORM adds its own a microtask later, and a direct pool.connect() adds none) the
    // event would end the process. This listener stays for the client's life: the next statement
    // on the client still fails with the cause, and the pool and TypeORM still drop the client.
    this.on('connect', (client: PoolClient) => {
      client.on('error', () => undefined);
    });
  }

  override connect(): Promise<PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<PoolClient> | void {
    const started = performance.now();
    if (this.idleCount === 0 && this.totalCount >= (this.options.max ?? 10)) this.watch.waits++;
    if (callback) {
      return super.connect((err, client, done) => {
        this.acquired(started, err, client);
        callback(err, client, done);
      });
    }
    return super.connect().then(
      (client) => {
        this.acquired(started, undefined, client);
        return client;
      },
      (err: Error) => {
        this.acquired(started, err, undefined);
        throw err;
      },
    );
  }

  private acquired(started: number, err: Error | undefined, client: PoolClient | undefined): void {
    this.watch.acquire.observe((performance.now() - started) / 1000);
    if (err || !client) {
      this.watch.connectErrors++;
      return;
    }
    const c = client as PoolClient & { [WATCHED_CLIENT]?: true; connection?: NodeJS.EventEmitter };
    if (c[WATCHED_CLIENT]) return;
    c[WATCHED_CLIENT] = true;
    c.connection?.on('errorMessage', (msg: { code?: string }) => {
      if (msg.code === QUERY_CANCELED) this.watch.statementTimeouts++;
    });
  }
}

/**
 * The `pg` module with WatchedPool as its Pool, for TypeORM's `driver` option: every pool TypeORM
 * opens (primary, replica, the command line's) is watched. The rest is pg itself (by prototype,
 * so pg's lazy `native` getter is never run).
 */
export const watchedPg: typeof pg = Object.create(pg, {
  Pool: { value: WatchedPool, enumerable: true },
}) as typeof pg;

/** The watch of a pool, when it is a WatchedPool. */
export function poolWatch(pool: unknown): PoolWatch | undefined {
  return pool instanceof WatchedPool ? pool.watch : undefined;
}
