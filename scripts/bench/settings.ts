import { ChangeLogMode } from './change-log';

/** Benchmark settings, from the environment (all optional). */
export interface BenchSettings {
  /** Doctors seeded into the bench database (BENCH_DOCTORS, default 100,000). */
  readonly doctors: number;
  /** Keep the bench database (and so its data) at the end (BENCH_KEEP=1). */
  readonly keep: boolean;
  /** Concurrent connections of the load (BENCH_CONNECTIONS, default 32). */
  readonly connections: number;
  /** Seconds of measured load per endpoint (BENCH_DURATION, default 8). */
  readonly durationSec: number;
  /** Seconds of unmeasured load per endpoint before it (BENCH_WARMUP, default 2). */
  readonly warmupSec: number;
  /** Sequential requests on one connection per endpoint, for the unloaded latency (BENCH_SERIAL, default 100). */
  readonly serialRequests: number;
  /** Runs of each endpoint's SQL, directly on one connection (BENCH_SQL_RUNS, default 50). */
  readonly sqlRuns: number;
  /** Only the endpoints whose name contains one of these (BENCH_ONLY, comma-separated). */
  readonly only: readonly string[];
  /**
   * Cases also served by the floor server (BENCH_FLOOR, comma-separated name parts; `none` for
   * none): the same URLs answered by a bare server sending the same SQL (floor-server.ts).
   */
  readonly floor: readonly string[];
  /** Target: p99 under this many milliseconds for every endpoint (issue 3; 100 at a million doctors, issue 14). */
  readonly p99TargetMs: number;
  /**
   * Reuse the bench database when it holds as many doctors as asked (BENCH_REUSE=1: a database
   * kept by BENCH_KEEP=1, its change log too) instead of seeding it again.
   */
  readonly reuse: boolean;
  /** How the change log is filled after the seed (BENCH_CHANGES: import, sql or none; change-log.ts). */
  readonly changes: ChangeLogMode;
  /** The random cases (issue 32; random-cases.ts). */
  readonly random: RandomSettings;
}

/**
 * Random cases: BENCH_RANDOM=none turns them off (=serial: no run at `connections` in the
 * bench); the seed is `--seed N` or BENCH_RANDOM_SEED, else fresh (from the clock) and printed;
 * BENCH_RANDOM_PER_CLASS cases per class (default 25).
 */
export interface RandomSettings {
  readonly mode: 'on' | 'serial' | 'none';
  readonly seed: number;
  readonly perClass: number;
}

/** The bench's database (BENCH_DATABASE_NAME, default gtad_bench), dropped and created by the bench. */
export const BENCH_DATABASE = databaseName(process.env.BENCH_DATABASE_NAME);

function databaseName(raw: string | undefined): string {
  const name = raw?.trim() || 'gtad_bench';
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name))
    throw new Error(`BENCH_DATABASE_NAME must be a lower-case identifier, got "${name}"`);
  return name;
}

function changeLogMode(raw: string | undefined): ChangeLogMode {
  const mode = (raw ?? '').trim().toLowerCase() || 'import';
  if (mode !== 'import' && mode !== 'sql' && mode !== 'none')
    throw new Error(`BENCH_CHANGES must be import, sql or none, got "${raw}"`);
  return mode;
}

/** Name parts: a list in name order, a name search with and without a point, doctors by distance. */
const DEFAULT_FLOOR_CASES = 'doctors accepting+languages,search q=3 letters,doctors by distance';

function int(name: string, def: number, min: number, max: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return def;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return n;
}

export function flag(name: string): boolean {
  return ['1', 'true', 'yes', 'on'].includes((process.env[name] ?? '').trim().toLowerCase());
}

/**
 * `--doctors N` on the command line (`npm run bench -- --doctors 1000000`) wins over
 * BENCH_DOCTORS, and `--seed N` (the random cases' seed) wins over BENCH_RANDOM_SEED; an unknown
 * option or a bad number stops the run with a message.
 */
export function doctorsFromArgs(argv: readonly string[]): string | undefined {
  let value: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--doctors') value = argv[++i] ?? '';
    else if (arg.startsWith('--doctors=')) value = arg.slice('--doctors='.length);
    else if (arg === '--seed') process.env.BENCH_RANDOM_SEED = argv[++i] ?? '(none)';
    else if (arg.startsWith('--seed=')) process.env.BENCH_RANDOM_SEED = arg.slice('--seed='.length);
    else throw new Error(`unknown option "${arg}" (known: --doctors N, --seed N)`);
  }
  return value;
}

export function loadBenchSettings(argv: readonly string[] = process.argv.slice(2)): BenchSettings {
  const fromArgs = doctorsFromArgs(argv);
  if (fromArgs !== undefined) process.env.BENCH_DOCTORS = fromArgs.replace(/_/g, '');
  const doctors = int('BENCH_DOCTORS', 100_000, 10, 1_000_000);
  return {
    doctors,
    keep: flag('BENCH_KEEP'),
    connections: int('BENCH_CONNECTIONS', 32, 1, 1000),
    durationSec: int('BENCH_DURATION', 8, 1, 600),
    warmupSec: int('BENCH_WARMUP', 2, 0, 600),
    serialRequests: int('BENCH_SERIAL', 100, 0, 100_000),
    sqlRuns: int('BENCH_SQL_RUNS', 50, 1, 100_000),
    only: (process.env.BENCH_ONLY ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    floor: (process.env.BENCH_FLOOR ?? DEFAULT_FLOOR_CASES)
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter((s) => s && s !== 'none'),
    p99TargetMs: doctors >= 1_000_000 ? 100 : 50,
    reuse: flag('BENCH_REUSE'),
    changes: changeLogMode(process.env.BENCH_CHANGES),
    random: randomSettings(),
  };
}

function randomSettings(): RandomSettings {
  const raw = (process.env.BENCH_RANDOM ?? '').trim().toLowerCase() || 'on';
  if (raw !== 'on' && raw !== 'serial' && raw !== 'none')
    throw new Error(`BENCH_RANDOM must be on, serial or none, got "${raw}"`);
  return {
    mode: raw,
    seed: int('BENCH_RANDOM_SEED', Date.now() % 1_000_000_000, 0, 2 ** 31 - 1),
    perClass: int('BENCH_RANDOM_PER_CLASS', 25, 1, 10_000),
  };
}
