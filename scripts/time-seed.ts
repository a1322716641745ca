/**
 * Measures generating and writing the demo dataset at several sizes on a real PostgreSQL:
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node dist/scripts/time-seed.js 3000 100000
 * Works in a scratch database of its own (created, migrated, then dropped); never touches others.
 */
import { Client } from 'pg';
import { openDataSource } from '../src/infrastructure/database/data-source-options';
import { generateDemoDataset } from '../src/infrastructure/seed/demo-dataset.generator';
import {
  DEFAULT_DEMO_SEED,
  replaceDirectoryData,
} from '../src/infrastructure/seed/demo-data.seeder';

const DB_SETTINGS = { poolSize: 2, connectTimeoutMs: 5000, statementTimeoutMs: 5000 };

async function withAdmin<T>(server: URL, f: (c: Client) => Promise<T>): Promise<T> {
  const admin = new URL(server.toString());
  admin.pathname = '/postgres';
  const c = new Client({ connectionString: admin.toString() });
  await c.connect();
  try {
    return await f(c);
  } finally {
    await c.end();
  }
}

async function main(): Promise<void> {
  const raw = process.env.DATABASE_URL;
  if (!raw)
    throw new Error(
      'Set DATABASE_URL to a PostgreSQL server (a scratch database is created on it)',
    );
  const sizes = process.argv.slice(2).map(Number);
  const server = new URL(raw);
  const name = `gtad_time_seed_${process.pid}`;
  await withAdmin(server, (c) => c.query(`CREATE DATABASE ${c.escapeIdentifier(name)}`));
  const url = new URL(server.toString());
  url.pathname = `/${name}`;
  const ds = await openDataSource(url.toString(), DB_SETTINGS);
  try {
    await ds.runMigrations({ transaction: 'each' });
    for (const doctors of sizes.length > 0 ? sizes : [3000, 100_000]) {
      const t0 = Date.now();
      const data = generateDemoDataset({ doctors, seed: DEFAULT_DEMO_SEED, now: new Date() });
      const generateMs = Date.now() - t0;
      const stats = await replaceDirectoryData(ds, data);
      const heapMb = Math.round(process.memoryUsage().heapUsed / 1e6);
      console.log(
        JSON.stringify({
          doctors,
          generateMs,
          writeMs: stats.ms,
          totalMs: Date.now() - t0,
          heapMb,
          stats,
        }),
      );
    }
  } finally {
    await ds.destroy();
    await withAdmin(server, (c) =>
      c.query(`DROP DATABASE IF EXISTS ${c.escapeIdentifier(name)} WITH (FORCE)`),
    );
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
