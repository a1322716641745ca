import type { Pool } from 'pg';
import { poolWatch } from '../database/watched-pool';
import { histogramValues, SnapshotMetric } from './snapshot-metric';

/**
 * The metrics of the database pools, one series per named pool (ServiceMetrics.pools): clients,
 * idle, waiting, size, queued and failed checkouts, statement timeouts, checkout time.
 */
export function poolMetrics(pools: () => { name: string; pool: Pool }[]): SnapshotMetric[] {
  const out: SnapshotMetric[] = [];

  const perPool = (
    name: string,
    help: string,
    type: 'counter' | 'gauge',
    value: (pool: Pool) => number | undefined,
  ) =>
    out.push(
      new SnapshotMetric(name, help, type, () =>
        pools().flatMap(({ name: pool, pool: p }) => {
          const v = value(p);
          return v === undefined ? [] : [{ labels: { pool }, value: v }];
        }),
      ),
    );
  perPool('gtad_db_pool_clients', 'Open connections of the pool', 'gauge', (p) => p.totalCount);
  perPool('gtad_db_pool_idle_clients', 'Idle connections of the pool', 'gauge', (p) => p.idleCount);
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
  out.push(
    new SnapshotMetric(
      'gtad_db_pool_acquire_seconds',
      'Time from asking the pool for a connection to getting one (waits in the queue and new connections included)',
      'histogram',
      () =>
        pools().flatMap(({ name, pool }) => {
          const w = poolWatch(pool);
          return w
            ? histogramValues('gtad_db_pool_acquire_seconds', w.acquire, { pool: name })
            : [];
        }),
    ),
  );
  return out;
}
