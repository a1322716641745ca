import { DataSource, DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from '../../../migrations';
import { AppConfig } from '../config/app-config';
import { DIRECTORY_TYPES } from './fast-type-parsers';
import { watchedPg } from './watched-pool';

/**
 * Session settings of a serving process's connections. No parallel workers: a worker costs a few
 * milliseconds to start, more than most of the directory's statements take, and under load every
 * core is already busy with another request (measured: a two-letter search at a million doctors
 * took 5.2 ms with a Gather Merge that did nothing, 0.35 ms without). No JIT: it compiles any
 * statement whose estimate passes jit_above_cost, and an estimate counts the branches a page
 * never runs (measured: 'an' at a million doctors ran in 0.4 ms after 17 ms of compiling, for a
 * collection its walk made needless). One-off work (the command line's seed, import and
 * refreshes) keeps PostgreSQL's defaults.
 */
export const SERVING_SESSION_OPTIONS = '-c max_parallel_workers_per_gather=0 -c jit=off';

/**
 * TypeORM options for the directory database: no synchronize, migrations from migrations/,
 * bounded waits; `serving` for the connections of a process that answers requests.
 */
export function dataSourceOptions(
  url: string,
  db: AppConfig['db'],
  role: 'serving' | 'tool' = 'tool',
): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    synchronize: false,
    migrationsRun: false,
    migrations: MIGRATIONS,
    migrationsTableName: 'typeorm_migrations',
    entities: [],
    logging: false,
    // pg with its Pool counting checkouts, waits and statement timeouts (docs/metrics.md).
    driver: watchedPg,
    extra: {
      max: db.poolSize,
      connectionTimeoutMillis: db.connectTimeoutMs,
      statement_timeout: db.statementTimeoutMs,
      query_timeout: db.statementTimeoutMs + 1000,
      idle_in_transaction_session_timeout: 30000,
      application_name: 'gta-directory',
      types: DIRECTORY_TYPES,
      ...(role === 'serving' ? { options: SERVING_SESSION_OPTIONS } : {}),
    },
  };
}

/** A standalone DataSource (CLI, tests, benchmark) with migrations applied. */
export async function openDataSource(url: string, db: AppConfig['db']): Promise<DataSource> {
  const ds = new DataSource(dataSourceOptions(url, db));
  await ds.initialize();
  return ds;
}
