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

/** The environment variable that names the migrated template database (global-setup). */
export const TEMPLATE_ENV = 'TEST_TEMPLATE_DATABASE';

/** The server's maintenance database, for creating and dropping the others. */
function adminUrl(server: URL): string {
  const admin = new URL(server.toString());
  admin.pathname = '/postgres';
  return admin.toString();
}

async function onAdmin(server: URL, run: (c: Client) => Promise<void>): Promise<void> {
  const client = new Client({ connectionString: adminUrl(server) });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates `name` on the test server with every migration applied, to be copied by
 * createTestDatabase (global-setup calls it once a run): a copy takes a fraction of a second
 * where running the migrations again took one to two seconds for each of the hundred or so
 * databases of a run.
 */
export async function createMigratedTemplate(serverRaw: string, name: string): Promise<void> {
  const server = new URL(serverRaw);
  await onAdmin(server, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${c.escapeIdentifier(name)} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${c.escapeIdentifier(name)}`);
  });
  const url = new URL(server.toString());
  url.pathname = `/${name}`;
  const dataSource = new DataSource(dataSourceOptions(url.toString(), TEST_DB_SETTINGS));
  await dataSource.initialize();
  try {
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await dataSource.destroy();
  }
}

export async function dropDatabase(serverRaw: string, name: string): Promise<void> {
  await onAdmin(new URL(serverRaw), async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${c.escapeIdentifier(name)} WITH (FORCE)`);
  });
}

/**
 * A fresh database of its own for one test file, on the test server, with every migration
 * applied (or none, with `migrate: false`). Each file's database is isolated from the others.
 * Migrated databases are copies of the run's template (global-setup) when there is one.
 */
export async function createTestDatabase(
  label: string,
  opts: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  const server = serverUrl();
  const name = `gtad_t_${label.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}_${process.pid}`;
  const template = opts.migrate !== false ? process.env[TEMPLATE_ENV] : undefined;
  await onAdmin(server, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${c.escapeIdentifier(name)} WITH (FORCE)`);
    await c.query(
      `CREATE DATABASE ${c.escapeIdentifier(name)}${template ? ` TEMPLATE ${c.escapeIdentifier(template)}` : ''}`,
    );
  });
  const url = new URL(server.toString());
  url.pathname = `/${name}`;
  const dataSource = new DataSource(dataSourceOptions(url.toString(), TEST_DB_SETTINGS));
  await dataSource.initialize();
  if (opts.migrate !== false && !template) await dataSource.runMigrations({ transaction: 'each' });
  return {
    url: url.toString(),
    dataSource,
    async drop() {
      if (dataSource.isInitialized) await dataSource.destroy();
      await dropDatabase(server.toString(), name);
    },
  };
}
