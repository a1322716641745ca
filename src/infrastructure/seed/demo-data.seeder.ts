import { READ_MODELS, refreshReadModels } from '../persistence/directory/read-models';
import { PoolClient } from 'pg';
import { DataSource } from 'typeorm';
import { CopyColumn, copyRows, runQuery } from '../database/copy-rows';
import { loadWithoutIndexes } from './initial-load';
import { SeedableDataset } from './demo-dataset';
import { streamDemoDataset } from './demo-dataset.generator';
import {
  CLINIC_COLUMNS,
  CLINIC_HOURS_EXCEPTION_COLUMNS,
  DOCTOR_CLINIC_COLUMNS,
  DOCTOR_COLUMNS,
  OFFERING_COLUMNS,
  REVIEW_COLUMNS,
} from './directory-columns';

/** Small base tables the seed vacuums (index-only reads need the visibility map). */
const VACUUMED_TABLES = ['clinics', 'clinic_hours_exceptions'];
/** Large base tables the seed only analyses (statistics for the planner). */
const ANALYSED_TABLES = ['doctors', 'doctor_clinics', 'specialist_offerings', 'reviews'];

/** Seed of the published demo dataset: every fresh install shows the same directory. */
export const DEFAULT_DEMO_SEED = 42;
export const DEFAULT_DEMO_DOCTORS = 3000;
/** Channel notified when the directory data was replaced, so running services drop caches. */
export const DIRECTORY_CHANGED_CHANNEL = 'directory_changed';

/**
 * Seeding 100,000 doctors runs statements far longer than an API read, so the pool's
 * statement and client timeouts (seconds) are lifted for this one transaction.
 */
const SEED_TIMEOUT_MS = 10 * 60_000;
/** A seed waits this long at most for the locks held by in-flight reads or another seed. */
const LOCK_TIMEOUT = '120s';
/** Advisory lock key ("gtad seed"): two seeds at once (CLI and a starting service) take turns. */
const SEED_LOCK_KEY = 0x67746164;
/**
 * Memory for the index builds of this transaction (the read models' refresh, and the indexes of
 * an initial load): GIN and sorted btree builds spill to disk under the default 64 MB.
 */
const SEED_MAINTENANCE_WORK_MEM = '256MB';
/**
 * Tables loaded without their indexes into an empty directory (initial-load.ts): the largest,
 * which no other table references.
 */
const INITIAL_LOAD_TABLES: ReadonlySet<string> = new Set(['reviews', 'doctor_clinics', 'clinics']);
/** SEED_TRACE=1 prints each step of a seed and its time on standard error (for tuning). */
const TRACE = process.env.SEED_TRACE === '1';

/** Where a seed is: its step (of SEED_STEPS), steps done, and rows written in an inserting step. */
export interface SeedProgress {
  readonly step: string;
  readonly done: number;
  readonly total: number;
  readonly rows: number;
}
export type SeedProgressListener = (p: SeedProgress) => void;

/** The seed's steps, in order, as a progress listener hears them. */
export const SEED_STEPS = [
  'generate',
  'delete',
  'insert clinics',
  'insert clinic_hours_exceptions',
  'insert doctors',
  'insert doctor_clinics',
  'insert specialist_offerings',
  'insert reviews',
  'analyze',
  'read models',
  'commit',
  'vacuum',
] as const;
/** Rows between two reports of an inserting step. */
const PROGRESS_ROWS = 10_000;

/** Tells `listener` (if any) where the seed is; `rows` counts an iterable's rows as they go. */
function progressOf(listener: SeedProgressListener | undefined) {
  const tell = (step: string, rows: number) => {
    const i = SEED_STEPS.indexOf(step as (typeof SEED_STEPS)[number]);
    if (listener && i >= 0) listener({ step, done: i, total: SEED_STEPS.length, rows });
  };
  return {
    start: (step: string) => tell(step, 0),
    end: () =>
      listener?.({ step: 'done', done: SEED_STEPS.length, total: SEED_STEPS.length, rows: 0 }),
    rows: function* <R>(step: string, rows: Iterable<R>): Iterable<R> {
      if (!listener) {
        yield* rows;
        return;
      }
      let n = 0;
      for (const r of rows) {
        yield r;
        if (++n % PROGRESS_ROWS === 0) tell(step, n);
      }
    },
  };
}
type Progress = ReturnType<typeof progressOf>;

async function step<T>(name: string, work: () => Promise<T>, progress?: Progress): Promise<T> {
  progress?.start(name);
  if (!TRACE) return work();
  const t0 = Date.now();
  const out = await work();
  const mb = Math.round(process.memoryUsage().rss / 2 ** 20);
  process.stderr.write(`[seed] ${name}: ${Date.now() - t0} ms (rss ${mb} MB)\n`);
  return out;
}

export interface SeedStats {
  specialties: number;
  languages: number;
  clinics: number;
  /** Rows of clinic_hours_exceptions. */
  hoursExceptions: number;
  doctors: number;
  doctorClinics: number;
  offerings: number;
  reviews: number;
  /** Milliseconds spent (writing for replaceDirectoryData, generating and writing for seedDemoData). */
  ms: number;
}

/** Children first, so that no cascade has work to do. api_keys is never touched. */
const DIRECTORY_TABLES = [
  'clinic_hours_exceptions',
  'reviews',
  'specialist_offerings',
  'doctor_clinics',
  'doctors',
  'clinics',
  'specialties',
  'languages',
] as const;

/**
 * Replaces every directory row (never the API keys) with `data` in one transaction, refreshes
 * the read models and the planner statistics, and notifies `directory_changed`. Rows are
 * deleted rather than truncated so that a running service keeps reading the old directory
 * until the commit instead of waiting on table locks; the notification, sent inside the
 * transaction, is delivered at commit, when the new rows become visible.
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
    const run = (sql: string, values?: unknown[]) => runQuery(client, SEED_TIMEOUT_MS, sql, values);
    await run('BEGIN');
    try {
      await run(`SET LOCAL statement_timeout = ${SEED_TIMEOUT_MS}`);
      await run(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`);
      await run(`SET LOCAL maintenance_work_mem = '${SEED_MAINTENANCE_WORK_MEM}'`);
      await run('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
      // An empty directory (a new install, the benchmark) is loaded as a whole: nobody reads it.
      const empty = (
        await run(
          `SELECT NOT EXISTS (SELECT 1 FROM doctors) AND NOT EXISTS (SELECT 1 FROM clinics) AND NOT EXISTS (SELECT 1 FROM reviews) AS empty`,
        )
      ).rows[0] as { empty: boolean };
      await step(
        'delete',
        async () => {
          for (const table of DIRECTORY_TABLES) await run(`DELETE FROM ${table}`);
        },
        progress,
      );
      const stats = await insertAll(client, data, empty.empty, progress);
      await step('analyze', () => run(`ANALYZE ${DIRECTORY_TABLES.join(', ')}`), progress);
      // Plain REFRESH (not CONCURRENTLY): the whole content changes, and a concurrent refresh
      // would diff every row for nothing. Readers of the views wait from here to the commit only.
      await step(
        'read models',
        () => refreshReadModels((sql) => step(sql.slice(0, 60), () => run(sql))),
        progress,
      );
      // A new data version that starts the change feed afresh: the seed replaced every row (new
      // ids, no diff worth sending), so a cursor from before it is gone and a copy is taken again
      // from the bulk snapshot (docs/sync.md).
      await run(`DELETE FROM directory_changes`);
      await run(`
        INSERT INTO directory_versions (source, last_seq, floor_seq)
        SELECT 'seed', s, s FROM (SELECT nextval(pg_get_serial_sequence('directory_changes', 'seq')) AS s) n`);
      const payload = JSON.stringify({
        reason: 'seed',
        doctors: stats.doctors,
        clinics: stats.clinics,
      });
      await run('SELECT pg_notify($1, $2)', [DIRECTORY_CHANGED_CHANNEL, payload]);
      await step('commit', () => run('COMMIT'), progress);
      // Fresh view files have no visibility map yet: vacuum them so counts can be index-only.
      // The clinics too (their status index is read index-only by the status totals), and
      // statistics for the base tables the details, FHIR and the hours filters read (a table
      // the seed just replaced has none until autovacuum comes by: plans fell back to Seq Scans).
      await step(
        'vacuum',
        async () => {
          await run(`VACUUM (ANALYZE) ${[...READ_MODELS, ...VACUUMED_TABLES].join(', ')}`);
          await run(`ANALYZE ${ANALYSED_TABLES.join(', ')}`);
        },
        progress,
      );
      progress.end();
      return { ...stats, ms: Date.now() - t0 };
    } catch (e) {
      await run('ROLLBACK').catch(() => undefined);
      throw e;
    }
  } finally {
    await runner.release();
  }
}

async function insertAll(
  client: PoolClient,
  data: SeedableDataset,
  emptyDirectory: boolean,
  progress: Progress,
): Promise<Omit<SeedStats, 'ms'>> {
  const run = (sql: string, values?: unknown[]) => runQuery(client, SEED_TIMEOUT_MS, sql, values);
  const insert = <R>(table: string, columns: readonly CopyColumn<R>[], rows: Iterable<R>) =>
    step(
      `insert ${table}`,
      () => {
        const counted = progress.rows(`insert ${table}`, rows);
        const load = () => copyRows(client, table, columns, counted);
        return emptyDirectory && INITIAL_LOAD_TABLES.has(table)
          ? loadWithoutIndexes(run, table, load)
          : load();
      },
      progress,
    );
  // name_key is lower(name) as PostgreSQL computes it, the same as the generated columns elsewhere.
  const catalogue = async (
    table: 'specialties' | 'languages',
    rows: { id: number; name: string }[],
  ) =>
    (
      await run(
        `INSERT INTO ${table} (id, name, name_key)
         SELECT id, name, lower(name) FROM unnest($1::smallint[], $2::text[]) AS t(id, name)`,
        [rows.map((r) => r.id), rows.map((r) => r.name)],
      )
    ).rowCount ?? 0;
  return {
    specialties: await catalogue('specialties', data.specialties),
    languages: await catalogue('languages', data.languages),
    clinics: await insert('clinics', CLINIC_COLUMNS, data.clinics),
    hoursExceptions: await insert(
      'clinic_hours_exceptions',
      CLINIC_HOURS_EXCEPTION_COLUMNS,
      data.clinicHoursExceptions,
    ),
    doctors: await insert('doctors', DOCTOR_COLUMNS, data.doctors),
    doctorClinics: await insert('doctor_clinics', DOCTOR_CLINIC_COLUMNS, data.doctorClinics),
    offerings: await insert('specialist_offerings', OFFERING_COLUMNS, data.specialistOfferings),
    reviews: await insert('reviews', REVIEW_COLUMNS, data.reviews),
  };
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
