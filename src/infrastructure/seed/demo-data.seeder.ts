import { READ_MODELS, refreshReadModels } from '../persistence/directory/read-models';
import { PoolClient } from 'pg';
import { DataSource } from 'typeorm';
import { Progress, progressOf, SEED_STEPS, SeedProgressListener, step } from './seed-progress';
import { Run } from './initial-load';
import { DIRECTORY_TABLES, DirectoryCounts, writeDirectoryRows } from './directory-rows';
import { inTransaction, runOn, seedSettings } from './seed-session';
import {
  criticalPathFirst,
  JOB_SECONDS,
  LOADS_IN_PARTS,
  LoadJob,
  poolSizeOf,
  readModelSources,
  runSideBySide,
} from './load-in-parts';
import { SeedableDataset } from './demo-dataset';
import { streamDemoDataset } from './demo-dataset.generator';

/** Small base tables the seed vacuums (index-only reads need the visibility map). */
const VACUUMED_TABLES = ['clinics', 'clinic_hours_exceptions'];
/** Large base tables the seed only analyses (statistics for the planner). */
const ANALYSED_TABLES = ['doctors', 'doctor_clinics', 'specialist_offerings', 'reviews'];

/** Seed of the published demo dataset: every fresh install shows the same directory. */
export const DEFAULT_DEMO_SEED = 42;
export const DEFAULT_DEMO_DOCTORS = 3000;
/** Channel notified when the directory data was replaced, so running services drop caches. */
export const DIRECTORY_CHANGED_CHANNEL = 'directory_changed';

/** Advisory lock key ("gtad seed"): two seeds at once (CLI and a starting service) take turns. */
const SEED_LOCK_KEY = 0x67746164;
/**
 * Connections an empty directory is loaded on side by side (replaceDirectoryData): SEED_JOBS, 2
 * by default (the machines this runs on have two cores); 1 loads it in one transaction.
 */
const SEED_JOBS = Math.max(1, Math.floor(Number(process.env.SEED_JOBS ?? 2)) || 1);
export interface SeedStats extends DirectoryCounts {
  /** Milliseconds spent (writing for replaceDirectoryData, generating and writing for seedDemoData). */
  ms: number;
}

/**
 * Replaces every directory row (never the API keys) with `data`, refreshes the read models and
 * the planner statistics, and notifies `directory_changed`.
 *
 * A directory that has rows is replaced in one transaction. Rows are deleted rather than
 * truncated so that a running service keeps reading the old directory until the commit instead
 * of waiting on table locks; the notification, sent inside the transaction, is delivered at
 * commit, when the new rows become visible.
 *
 * An empty directory (a new install, the benchmark) is loaded in parts, as `pg_restore --jobs`
 * restores: the base tables in one transaction, then the read models side by side on two
 * connections (`SEED_JOBS`, default 2; 1 loads it in one transaction too), each in a transaction
 * of its own, then the notification. A marker row (directory_loads_in_parts) lives from the first
 * part to the last: a load that fails is undone (the directory emptied again), and one cut short
 * (a killed process) leaves the marker, so the next start or seed replaces the directory whole.
 * Until the notification a reader may see part of the new directory; nobody reads an empty one.
 */
export async function replaceDirectoryData(
  ds: DataSource,
  data: SeedableDataset,
  listener?: SeedProgressListener,
): Promise<SeedStats> {
  const progress = progressOf(listener);
  const t0 = Date.now();
  const runner = ds.createQueryRunner();
  try {
    // The runner's pg client: needed for per-query time limits, which TypeORM does not expose.
    const client = (await runner.connect()) as PoolClient;
    const run = runOn(client);
    // One seed at a time (CLI and a starting service take turns), for the whole seed: a session
    // lock, as a load in parts spans transactions; taken in a transaction so that lock_timeout
    // bounds the wait.
    await inTransaction(run, () => run('SELECT pg_advisory_lock($1)', [SEED_LOCK_KEY]));
    try {
      await run('BEGIN');
      let empty: boolean;
      try {
        await seedSettings(run);
        // An empty directory (a new install, the benchmark) has no readers: it is loaded without
        // its largest tables' indexes (initial-load.ts), and in parts. A load in parts that never
        // ended (its marker) is a directory with rows, replaced whole.
        empty = (
          (
            await run(
              `SELECT NOT EXISTS (SELECT 1 FROM doctors) AND NOT EXISTS (SELECT 1 FROM clinics)
                  AND NOT EXISTS (SELECT 1 FROM reviews) AND NOT EXISTS (SELECT 1 FROM ${LOADS_IN_PARTS}) AS empty`,
            )
          ).rows[0] as { empty: boolean }
        ).empty;
      } catch (e) {
        await run('ROLLBACK').catch(() => undefined);
        throw e;
      }
      const jobs = empty ? Math.min(SEED_JOBS, poolSizeOf(ds.driver) ?? SEED_JOBS) : 1;
      const stats =
        jobs > 1
          ? await loadInParts(ds, client, data, progress)
          : await replaceInOneTransaction(client, data, empty, progress);
      await step(
        'vacuum',
        async () => {
          const vacuumed = [...(jobs > 1 ? [] : READ_MODELS), ...VACUUMED_TABLES];
          await run(`VACUUM (ANALYZE) ${vacuumed.join(', ')}`);
          await run(`ANALYZE ${ANALYSED_TABLES.join(', ')}`);
        },
        progress,
      );
      progress.end();
      return { ...stats, ms: Date.now() - t0 };
    } finally {
      await run('SELECT pg_advisory_unlock($1)', [SEED_LOCK_KEY]).catch(() => undefined);
    }
  } finally {
    await runner.release();
  }
}

/**
 * The directory's new data version and its notification, in the transaction that ends the
 * load. The seed replaced every row (new ids, no diff worth sending), so the change feed starts
 * afresh: a cursor from before it is gone and a copy is taken again from the bulk snapshot
 * (docs/sync.md).
 */
async function announce(run: Run, stats: DirectoryCounts): Promise<void> {
  await run(`DELETE FROM directory_changes`);
  await run(`DELETE FROM ${LOADS_IN_PARTS}`);
  await run(`
    INSERT INTO directory_versions (source, last_seq, floor_seq)
    SELECT 'seed', s, s FROM (SELECT nextval(pg_get_serial_sequence('directory_changes', 'seq')) AS s) n`);
  const payload = JSON.stringify({
    reason: 'seed',
    doctors: stats.doctors,
    clinics: stats.clinics,
  });
  await run('SELECT pg_notify($1, $2)', [DIRECTORY_CHANGED_CHANNEL, payload]);
}

/** The whole replacement in the transaction the caller began (and this one ends). */
async function replaceInOneTransaction(
  client: PoolClient,
  data: SeedableDataset,
  empty: boolean,
  progress: Progress,
): Promise<DirectoryCounts> {
  const run = runOn(client);
  try {
    await step(
      'delete',
      async () => {
        for (const table of DIRECTORY_TABLES) await run(`DELETE FROM ${table}`);
      },
      progress,
    );
    const stats = await writeDirectoryRows(client, data, empty, progress);
    await step('analyze', () => run(`ANALYZE ${DIRECTORY_TABLES.join(', ')}`), progress);
    // Plain REFRESH (not CONCURRENTLY): the whole content changes, and a concurrent refresh
    // would diff every row for nothing. Readers of the views wait from here to the commit only.
    await step(
      'read models',
      () => refreshReadModels((sql) => step(sql.slice(0, 60), () => run(sql))),
      progress,
    );
    await announce(run, stats);
    await step('commit', () => run('COMMIT'), progress);
    return stats;
  } catch (e) {
    await run('ROLLBACK').catch(() => undefined);
    throw e;
  }
}

/**
 * An empty directory in parts (replaceDirectoryData), from the transaction the caller began:
 * the marker and the base tables, committed; then each read model as a job of its own on two
 * connections (after the read models it reads: load-in-parts.ts); then the announcement and the
 * vacuum. A failure empties the directory again.
 *
 * The reviews are loaded in the first part: there PostgreSQL takes the rows as fast as the seed
 * writes them, one process each; beside two refreshes the seed's writing made a third, on two
 * cores.
 */
async function loadInParts(
  ds: DataSource,
  client: PoolClient,
  data: SeedableDataset,
  progress: Progress,
): Promise<DirectoryCounts> {
  const run = runOn(client);
  let stats: DirectoryCounts;
  try {
    await run(`INSERT INTO ${LOADS_IN_PARTS} DEFAULT VALUES`);
    await step('delete', async () => undefined, progress);
    stats = await writeDirectoryRows(client, data, true, progress);
    await step('analyze', () => run(`ANALYZE ${DIRECTORY_TABLES.join(', ')}`), progress);
    await run('COMMIT');
  } catch (e) {
    await run('ROLLBACK').catch(() => undefined);
    throw e;
  }
  const second = ds.createQueryRunner();
  try {
    const connections = [client, (await second.connect()) as PoolClient];
    // A view's refresh waits for the lock of a read model it reads while that one is being
    // refreshed, and READ_MODELS lists the read ones first: the order alone would give the same
    // rows. The sources keep a connection from sitting on such a lock while other work is ready.
    const sources = await readModelSources(run);
    const jobs = READ_MODELS.map((view): LoadJob<PoolClient> => ({
      name: view,
      after: sources.get(view) ?? [],
      work: async (c) => {
        const on = runOn(c);
        const sql = `REFRESH MATERIALIZED VIEW ${view}`;
        // Analysed at once: the read models read from it are planned with its statistics.
        await step(sql, () =>
          inTransaction(on, async () => {
            await on(sql);
            await on(`ANALYZE ${view}`);
          }),
        );
      },
    }));
    await step(
      'read models',
      () => runSideBySide(criticalPathFirst(jobs, JOB_SECONDS), connections),
      progress,
    );
    await step('commit', () => inTransaction(run, () => announce(run, stats)), progress);
    // Fresh view files have no visibility map yet: vacuumed so counts can be index-only, once
    // every part has ended (a transaction still running when a view was written, as the other
    // connection's may be, keeps VACUUM from marking its pages visible to all).
    await step('vacuum read models', () =>
      runSideBySide(
        READ_MODELS.map((view) => ({
          name: view,
          after: [],
          work: async (c: PoolClient) => {
            await runOn(c)(`VACUUM ${view}`);
          },
        })),
        connections,
      ),
    );
    return stats;
  } catch (e) {
    await inTransaction(run, async () => {
      for (const table of DIRECTORY_TABLES) await run(`DELETE FROM ${table}`);
      await refreshReadModels(run);
      await run(`DELETE FROM ${LOADS_IN_PARTS}`);
    }).catch(() => undefined);
    throw e;
  } finally {
    await second.release();
  }
}

/**
 * Generates the deterministic demo dataset and writes it in place of the directory data.
 * `seed` defaults to DEFAULT_DEMO_SEED, `now` to the current time.
 */
export async function seedDemoData(
  ds: DataSource,
  opts: { doctors: number; seed?: number; now?: Date; progress?: SeedProgressListener },
): Promise<SeedStats> {
  const t0 = Date.now();
  opts.progress?.({ step: 'generate', done: 0, total: SEED_STEPS.length, rows: 0 });
  // Reviews are generated while they are written (memory: the doctors and clinics, not the reviews).
  const data = await step('generate', async () =>
    streamDemoDataset({
      doctors: opts.doctors,
      seed: opts.seed ?? DEFAULT_DEMO_SEED,
      now: opts.now ?? new Date(),
    }),
  );
  const stats = await replaceDirectoryData(ds, data, opts.progress);
  return { ...stats, ms: Date.now() - t0 };
}
