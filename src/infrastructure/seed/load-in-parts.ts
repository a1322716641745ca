import { READ_MODELS } from '../persistence/directory/read-models';
import { Run } from './initial-load';

/** One job of the second part of a load in parts, on whichever connection `C` is free. */
export interface LoadJob<C> {
  readonly name: string;
  /** Jobs that must have committed before this one starts. */
  readonly after: readonly string[];
  readonly work: (on: C) => Promise<void>;
}

/** The marker table (migration 1767500000000): a row while a load in parts has not ended. */
export const LOADS_IN_PARTS = 'directory_loads_in_parts';

/**
 * Which read models each read model reads, from the catalogue (the views' rewrite rules): a
 * view waits for the ones it reads, whatever order a migration gave them. A view that calls a
 * function of this database's own (not an extension's), which could read a read model unseen
 * here, waits for every read model before it in READ_MODELS, as a refresh in one transaction
 * would have it.
 */
export async function readModelSources(run: Run): Promise<Map<string, string[]>> {
  const views: string[] = [...READ_MODELS];
  const { rows } = (await run(
    `SELECT DISTINCT v.relname AS view, d.relname AS reads
       FROM pg_class v
       JOIN pg_rewrite r ON r.ev_class = v.oid
       JOIN pg_depend dep ON dep.classid = 'pg_rewrite'::regclass AND dep.objid = r.oid
                         AND dep.refclassid = 'pg_class'::regclass
       JOIN pg_class d ON d.oid = dep.refobjid AND d.oid <> v.oid
      WHERE v.relnamespace = 'public'::regnamespace AND d.relnamespace = 'public'::regnamespace
        AND v.relname = ANY($1) AND d.relname = ANY($1)
     UNION
     SELECT DISTINCT v.relname, '*'
       FROM pg_class v
       JOIN pg_rewrite r ON r.ev_class = v.oid
       JOIN pg_depend dep ON dep.classid = 'pg_rewrite'::regclass AND dep.objid = r.oid
                         AND dep.refclassid = 'pg_proc'::regclass
       JOIN pg_proc p ON p.oid = dep.refobjid
      WHERE v.relnamespace = 'public'::regnamespace AND v.relname = ANY($1)
        AND p.pronamespace <> 'pg_catalog'::regnamespace
        AND NOT EXISTS (SELECT 1 FROM pg_depend e
                         WHERE e.classid = 'pg_proc'::regclass AND e.objid = p.oid
                           AND e.deptype = 'e')`,
    [views],
  )) as { rows: { view: string; reads: string }[] };
  const sources = new Map<string, string[]>(views.map((v) => [v, []]));
  for (const { view, reads } of rows) {
    const before = views.slice(0, views.indexOf(view));
    sources.get(view)!.push(...(reads === '*' ? before : [reads]));
  }
  for (const [view, reads] of sources) sources.set(view, [...new Set(reads)]);
  return sources;
}

/**
 * Runs `jobs` on `connections` side by side (one job at a time on each): a free one takes the
 * first job, in the given order, whose `after` jobs have all ended; when none is ready it waits
 * for a running one. After a job fails no new job starts; the running ones end, then the first
 * failure is thrown. Throws if a job waits for one that is not in the list (or on a cycle).
 */
export async function runSideBySide<C>(
  jobs: readonly LoadJob<C>[],
  connections: readonly C[],
): Promise<void> {
  const names = new Set(jobs.map((j) => j.name));
  for (const j of jobs)
    for (const a of j.after)
      if (!names.has(a)) throw new Error(`load job ${j.name} waits for unknown ${a}`);
  const waiting = [...jobs];
  const ended = new Set<string>();
  let failure: unknown;
  let failed = false;
  let wake: () => void = () => undefined;
  let changed = new Promise<void>((resolve) => (wake = resolve));
  const signal = () => {
    wake();
    changed = new Promise<void>((resolve) => (wake = resolve));
  };
  let running = 0;
  const worker = async (on: C) => {
    for (;;) {
      if (failed || waiting.length === 0) return;
      const at = waiting.findIndex((j) => j.after.every((a) => ended.has(a)));
      if (at < 0) {
        if (running === 0) {
          failed = true;
          failure ??= new Error(
            `load jobs wait on each other: ${waiting.map((j) => j.name).join(', ')}`,
          );
          signal();
          return;
        }
        await changed;
        continue;
      }
      const [job] = waiting.splice(at, 1);
      running++;
      try {
        await job.work(on);
        ended.add(job.name);
      } catch (e) {
        if (!failed) failure = e;
        failed = true;
      } finally {
        running--;
        signal();
      }
    }
  };
  await Promise.all(connections.map(worker));
  if (failed) throw failure;
}

/** The pool's size, when the DataSource's driver tells it (TypeORM's postgres driver does). */
export function poolSizeOf(driver: unknown): number | undefined {
  const max = (driver as { master?: { options?: { max?: unknown } } }).master?.options?.max;
  return typeof max === 'number' ? max : undefined;
}

/**
 * Seconds each job of a load in parts took at 1,000,000 doctors, one after the other, on
 * 2026-11-27's machine (SEED_TRACE=1). Only the order in which the jobs are taken follows them
 * (criticalPathFirst): a job missing here counts as one second, and a stale figure costs time,
 * never rows.
 */
export const JOB_SECONDS: Readonly<Record<string, number>> = {
  doctor_search: 29,
  clinic_doctor_search: 8,
  clinic_search: 23,
  doctor_geo: 87,
  specialist_search: 14,
  doctor_specialty_facets: 1.4,
  doctor_language_facets: 2,
  clinic_open_ranges: 40,
  week_stretches: 1.5,
  doctor_open_facets: 12,
  clinic_open_facets: 14,
};

/**
 * `jobs` ordered by the longest chain of jobs each one starts (its own seconds and those of the
 * longest line of jobs waiting on it), longest first, ties in the given order: runSideBySide
 * takes the first ready job, so the chain that ends last starts first (clinic_doctor_search,
 * clinic_search and doctor_geo, 118 of the read models' 257 seconds, are such a chain).
 */
export function criticalPathFirst<C>(
  jobs: readonly LoadJob<C>[],
  seconds: Readonly<Record<string, number>>,
): LoadJob<C>[] {
  const chain = new Map<string, number>();
  const waiting = (name: string) => jobs.filter((j) => j.after.includes(name));
  const lengthOf = (job: LoadJob<C>, seen: Set<string>): number => {
    const known = chain.get(job.name);
    if (known !== undefined) return known;
    if (seen.has(job.name)) return 0; // a cycle: runSideBySide refuses it
    seen.add(job.name);
    const next = waiting(job.name).map((j) => lengthOf(j, seen));
    const length = (seconds[job.name] ?? 1) + Math.max(0, ...next);
    chain.set(job.name, length);
    return length;
  };
  return jobs
    .map((job, at) => ({ job, at, length: lengthOf(job, new Set()) }))
    .sort((a, b) => b.length - a.length || a.at - b.at)
    .map((x) => x.job);
}
