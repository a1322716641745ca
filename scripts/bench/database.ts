import { Client } from 'pg';
import { openDataSource } from '../../src/infrastructure/database/data-source-options';
import { startEmbeddedPostgres } from '../../src/infrastructure/database/embedded-postgres.server';
import { SeedStats, seedDemoData } from '../../src/infrastructure/seed/demo-data.seeder';
import { EMBEDDED_DATA_DIR } from './paths';

/** The machine's default server: postgres@127.0.0.1:5432, or PGHOST / PGPORT / PGUSER when set. */
export function defaultServerUrl(env: NodeJS.ProcessEnv = process.env): string {
  const host = env.PGHOST && !env.PGHOST.startsWith('/') ? env.PGHOST : '127.0.0.1';
  const user = encodeURIComponent(env.PGUSER || 'postgres');
  return `postgres://${user}@${host}:${env.PGPORT || '5432'}/postgres`;
}

/** A PostgreSQL server the benchmark may create its own database on. */
export interface BenchServer {
  /** URL of the server's maintenance database (`postgres`). */
  readonly adminUrl: string;
  /** Where the server came from, for the report. */
  readonly source: 'BENCH_DATABASE_URL' | 'DATABASE_URL' | 'default' | 'embedded';
  stop(): Promise<void>;
}

/** `url` with its database name replaced. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(database)}`;
  return u.toString();
}

/** The URL without its password, for messages. */
export function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

async function reachable(url: string): Promise<Error | undefined> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return undefined;
  } catch (e) {
    return e as Error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The server named by BENCH_DATABASE_URL, else DATABASE_URL's server, else the machine's default
 * (postgres@127.0.0.1:5432, or PGHOST / PGPORT / PGUSER). A server named explicitly must be reachable; when the default is
 * not, an embedded PostgreSQL under .data/bench is started instead (BENCH_EMBEDDED=0 forbids it).
 * Throws a message fit for the operator when there is no server at all.
 */
export async function resolveBenchServer(log: (m: string) => void): Promise<BenchServer> {
  const explicit = process.env.BENCH_DATABASE_URL?.trim()
    ? { url: process.env.BENCH_DATABASE_URL.trim(), source: 'BENCH_DATABASE_URL' as const }
    : process.env.DATABASE_URL?.trim()
      ? { url: process.env.DATABASE_URL.trim(), source: 'DATABASE_URL' as const }
      : undefined;
  const candidate = explicit ?? { url: defaultServerUrl(), source: 'default' as const };
  const adminUrl = withDatabase(candidate.url, 'postgres');
  const err = await reachable(adminUrl);
  if (!err) return { adminUrl, source: candidate.source, stop: async () => undefined };
  const why = `PostgreSQL at ${redact(adminUrl)} (${candidate.source}) is not reachable: ${err.message}`;
  if (explicit)
    throw new Error(`${why}\nStart that server or point ${explicit.source} at one that runs.`);
  if (
    ['0', 'false', 'no', 'off'].includes((process.env.BENCH_EMBEDDED ?? '').trim().toLowerCase())
  ) {
    throw new Error(
      `${why}\nSet BENCH_DATABASE_URL to a running server (embedded fallback disabled by BENCH_EMBEDDED=0).`,
    );
  }
  log(`${why}; starting an embedded PostgreSQL in ${EMBEDDED_DATA_DIR}`);
  try {
    const pg = await startEmbeddedPostgres({
      dataDir: EMBEDDED_DATA_DIR,
      adoptLeftover: true,
      log,
    });
    return {
      adminUrl: withDatabase(pg.url, 'postgres'),
      source: 'embedded',
      stop: () => pg.stop(),
    };
  } catch (e) {
    throw new Error(
      `${why}\nThe embedded fallback failed too: ${(e as Error).message}\n` +
        'Set BENCH_DATABASE_URL to a running PostgreSQL (e.g. postgres://postgres@127.0.0.1:5432/postgres).',
    );
  }
}

async function withAdmin<T>(adminUrl: string, fn: (c: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function databaseExists(adminUrl: string, name: string): Promise<boolean> {
  return withAdmin(
    adminUrl,
    async (c) =>
      ((await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount ?? 0) > 0,
  );
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdmin(adminUrl, (c) =>
    c.query(`DROP DATABASE IF EXISTS ${c.escapeIdentifier(name)} WITH (FORCE)`),
  );
}

/** Drops `name` if it exists and creates it empty; returns its URL. */
export async function recreateDatabase(adminUrl: string, name: string): Promise<string> {
  await withAdmin(adminUrl, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${c.escapeIdentifier(name)} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${c.escapeIdentifier(name)}`);
  });
  return withDatabase(adminUrl, name);
}

export interface SeedResult {
  readonly migrateMs: number;
  readonly stats: SeedStats;
}

/** Applies the migrations and seeds the demo dataset of `doctors` doctors (generation + writes). */
export async function migrateAndSeed(url: string, doctors: number): Promise<SeedResult> {
  const ds = await openDataSource(url, {
    poolSize: 2,
    connectTimeoutMs: 10_000,
    statementTimeoutMs: 900_000,
  });
  try {
    const t0 = Date.now();
    await ds.runMigrations({ transaction: 'each' });
    const migrateMs = Date.now() - t0;
    const stats = await seedDemoData(ds, { doctors });
    return { migrateMs, stats };
  } finally {
    await ds.destroy();
  }
}

/** Doctors in a directory database (expired ones included), or undefined when it has no directory schema. */
export async function seededDoctors(url: string): Promise<number | undefined> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const r = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM doctors');
    return r.rows[0].n;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Server version and the settings that matter to the figures, for the report. */
export async function serverFacts(url: string): Promise<Record<string, string>> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const names = [
      'server_version',
      'shared_buffers',
      'work_mem',
      'effective_cache_size',
      'jit',
      'max_parallel_workers_per_gather',
      'random_page_cost',
    ];
    const r = await client.query<{ name: string; setting: string }>(
      `SELECT name, current_setting(name) AS setting FROM pg_settings WHERE name = ANY($1::text[])`,
      [names],
    );
    return Object.fromEntries(r.rows.map((x) => [x.name, x.setting]));
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A kept database gets the migrations added since it was seeded (BENCH_REUSE=1). */
export async function migratePending(url: string, log: (m: string) => void): Promise<void> {
  const ds = await openDataSource(url, {
    poolSize: 1,
    connectTimeoutMs: 10_000,
    statementTimeoutMs: 900_000,
  });
  try {
    const applied = await ds.runMigrations({ transaction: 'each' });
    if (applied.length) log(`applied ${applied.map((m) => m.name).join(', ')}`);
  } finally {
    await ds.destroy();
  }
}
