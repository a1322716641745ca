import { DataSource, DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from '../../../migrations';
import { AppConfig } from '../config/app-config';

/** TypeORM options for the directory database: no synchronize, migrations from migrations/, bounded waits. */
export function dataSourceOptions(url: string, db: AppConfig['db']): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    synchronize: false,
    migrationsRun: false,
    migrations: MIGRATIONS,
    migrationsTableName: 'typeorm_migrations',
    entities: [],
    logging: false,
    extra: {
      max: db.poolSize,
      connectionTimeoutMillis: db.connectTimeoutMs,
      statement_timeout: db.statementTimeoutMs,
      query_timeout: db.statementTimeoutMs + 1000,
      idle_in_transaction_session_timeout: 30000,
      application_name: 'gta-directory',
    },
  };
}

/** A standalone DataSource (CLI, tests, benchmark) with migrations applied. */
export async function openDataSource(url: string, db: AppConfig['db']): Promise<DataSource> {
  const ds = new DataSource(dataSourceOptions(url, db));
  await ds.initialize();
  return ds;
}
