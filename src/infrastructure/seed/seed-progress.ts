/**
 * Where a seed is, for a listener (the CLI's progress bar), and each step's time under
 * SEED_TRACE=1 (for tuning).
 */
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
export function progressOf(listener: SeedProgressListener | undefined) {
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
export type Progress = ReturnType<typeof progressOf>;

/** Runs one step of the seed: told to `progress`, timed on standard error under SEED_TRACE=1. */
export async function step<T>(
  name: string,
  work: () => Promise<T>,
  progress?: Progress,
): Promise<T> {
  progress?.start(name);
  if (!TRACE) return work();
  const t0 = Date.now();
  const out = await work();
  const mb = Math.round(process.memoryUsage().rss / 2 ** 20);
  process.stderr.write(`[seed] ${name}: ${Date.now() - t0} ms (rss ${mb} MB)\n`);
  return out;
}
