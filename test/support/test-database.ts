import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/infrastructure/database/data-source-options';

export const TEST_DB_SETTINGS = { poolSize: 5, connectTimeoutMs: 3000, statementTimeoutMs: 15000 };

export interface TestDatabase {
  readonly url: string;
  readonly dataSource: DataSource;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

function serverUrl(): URL {
  const raw = process.env.TEST_DATABASE_URL;
  if (!raw)
    throw new Error('TEST_DATABASE_URL is not set: run the tests through jest (global-setup)');
  return new URL(raw);
}

/**
 * A fresh database of its own for one test file, on the test server, with every migration
 * applied (or none, with `migrate: false`). Each file's database is isolated from the others.
 */
export async function createTestDatabase(
  label: string,
  opts: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  const server = serverUrl();
  const name = `gtad_t_${label.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}_${process.pid}`;
  const admin = new URL(server.toString());
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
  const url = new URL(server.toString());
  url.pathname = `/${name}`;
  const dataSource = new DataSource(dataSourceOptions(url.toString(), TEST_DB_SETTINGS));
  await dataSource.initialize();
  if (opts.migrate !== false) await dataSource.runMigrations({ transaction: 'each' });
  return {
    url: url.toString(),
    dataSource,
    async drop() {
      if (dataSource.isInitialized) await dataSource.destroy();
      const c = new Client({ connectionString: admin.toString() });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${c.escapeIdentifier(name)} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
