import { KeepingReadCache } from '../../src/application/shared/read-cache';
import { openDataSource } from '../../src/infrastructure/database/data-source-options';
import {
  closePlanClients,
  Clients,
  compactParams,
  explain,
  ExplainJson,
  oneLine,
  openPlanClients,
  textPlan,
} from './explain';
import { PAGE_SLACK, PlanReads, planReads, verdictOf } from './plan-reads';
import { drawRandomCases, RandomCase, targetOf } from './random-cases';
import {
  directoryUseCases,
  plansMemory,
  DirectoryUseCases,
  RecordedQuery,
  Recorder,
  recordingDataSource,
} from './recording';
import { table } from './report';
import { RandomSettings } from './settings';
import { quantile, round } from './stats';

/**
 * `npm run plans`, random cases (issue 32, item 1): the statements of every drawn case (a first
 * request's, names and totals uncached, and a warm one's, on the generic plans the service runs
 * its walks and fixed plans on) under EXPLAIN (ANALYZE, BUFFERS), and per class the case that
 * reads or sorts most beyond a page's worth (plan-reads.ts). Flagged classes are printed with the
 * worst case's URL and plan; they make the command fail only with PLANS_STRICT=1.
 */

interface StatementResult {
  readonly q: RecordedQuery;
  readonly ms: number;
  readonly reads: PlanReads;
  readonly verdict?: { reason: string; excess: number };
}

export interface RandomPlanCase {
  readonly path: string;
  readonly statements: number;
  /** Sum of the statements' median execution times (ms). */
  readonly ms: number;
  readonly removed: number;
  readonly heapRows: number;
  readonly sortRows: number;
  readonly flag?: {
    statement: number;
    reason: string;
    excess: number;
    sql: string;
    params: string;
  };
  readonly error?: string;
}

export interface RandomPlanClass {
  readonly name: string;
  readonly cases: RandomPlanCase[];
  readonly flagged: number;
  /** The worst flagged case's plan (text EXPLAIN ANALYZE BUFFERS). */
  readonly worstPlan?: string;
}

export interface RandomPlans {
  readonly seed: number;
  readonly perClass: number;
  readonly classes: RandomPlanClass[];
  readonly flaggedClasses: number;
}

/** A first request's statements, then a warm instance's that differ (walks on generic plans). */
async function capture(
  recorder: Recorder,
  cold: DirectoryUseCases,
  warm: DirectoryUseCases,
  c: RandomCase,
): Promise<RecordedQuery[]> {
  const target = targetOf(c);
  recorder.take();
  await target.call(cold);
  const out = recorder.take();
  let last: RecordedQuery[] = [];
  for (let i = 0; i < 3; i++) {
    recorder.take();
    await target.call(warm);
    last = recorder.take();
  }
  const seen = new Set(out.map((q) => `${q.sql}\u0000${compactParams(q.params)}`));
  return [...out, ...last.filter((q) => !seen.has(`${q.sql}\u0000${compactParams(q.params)}`))];
}

async function explainCase(clients: Clients, c: RandomCase, statements: RecordedQuery[]) {
  const offset = Number(c.query.offset ?? 0);
  const results: StatementResult[] = [];
  for (const q of statements) {
    const { json, times }: { json: ExplainJson; times: number[] } = await explain(clients, q);
    const reads = planReads(json.Plan);
    results.push({
      q,
      ms: quantile(times, 0.5),
      reads,
      verdict: verdictOf(reads, c.limit, offset),
    });
  }
  return results;
}

function caseOf(c: RandomCase, results: StatementResult[]): RandomPlanCase {
  const flagged = results
    .map((r, i) => ({ r, i }))
    .filter((x) => x.r.verdict)
    .sort((a, b) => b.r.verdict!.excess - a.r.verdict!.excess)[0];
  return {
    path: c.path,
    statements: results.length,
    ms: round(
      results.reduce((a, r) => a + r.ms, 0),
      3,
    ),
    removed: Math.max(0, ...results.map((r) => r.reads.removed)),
    heapRows: Math.max(0, ...results.map((r) => r.reads.heapRows)),
    sortRows: Math.max(0, ...results.map((r) => r.reads.sortRows)),
    flag: flagged && {
      statement: flagged.i + 1,
      ...flagged.r.verdict!,
      sql: flagged.r.q.sql,
      params: compactParams(flagged.r.q.params),
    },
  };
}

/**
 * Draws the random cases (settings.random) on the bench database at `url`, explains them, prints
 * a table per class and the worst flagged case's plan of each flagged class. Null when off.
 */
export async function randomPlans(
  url: string,
  settings: RandomSettings,
  only: readonly string[],
  log: (m: string) => void,
): Promise<RandomPlans | null> {
  if (settings.mode === 'none') {
    log('random cases: off (BENCH_RANDOM=none)');
    return null;
  }
  const ds = await openDataSource(url, {
    poolSize: 2,
    connectTimeoutMs: 10_000,
    statementTimeoutMs: 60_000,
  });
  const recorder = recordingDataSource(ds);
  const memory = await plansMemory(ds, log);
  const cold = directoryUseCases(recorder.dataSource, undefined, memory);
  const warm = directoryUseCases(recorder.dataSource, new KeepingReadCache(), memory);
  const captured: { name: string; cases: { c: RandomCase; statements: RecordedQuery[] }[] }[] = [];
  const errors = new Map<RandomCase, string>();
  try {
    const drawn = (await drawRandomCases(ds, settings.seed, settings.perClass, 'plans')).filter(
      (k) => only.length === 0 || only.some((o) => `random: ${k.name}`.includes(o)),
    );
    log(
      `random cases: seed ${settings.seed} (--seed ${settings.seed} or BENCH_RANDOM_SEED=${settings.seed} draws them again), ` +
        `${settings.perClass} per class, ${drawn.length} classes`,
    );
    for (const k of drawn) {
      const cases: { c: RandomCase; statements: RecordedQuery[] }[] = [];
      for (const c of k.cases) {
        try {
          cases.push({ c, statements: await capture(recorder, cold, warm, c) });
        } catch (e) {
          errors.set(c, (e as Error).message);
          cases.push({ c, statements: [] });
        }
      }
      captured.push({ name: k.name, cases });
    }
  } finally {
    await ds.destroy();
  }

  const clients = await openPlanClients(url);
  const classes: RandomPlanClass[] = [];
  try {
    for (const k of captured) {
      const cases: RandomPlanCase[] = [];
      let worst: { c: RandomPlanCase; q: RecordedQuery } | undefined;
      for (const { c, statements } of k.cases) {
        const error = errors.get(c);
        if (error) {
          cases.push({
            path: c.path,
            statements: 0,
            ms: 0,
            removed: 0,
            heapRows: 0,
            sortRows: 0,
            error,
          });
          continue;
        }
        const results = await explainCase(clients, c, statements);
        const r = caseOf(c, results);
        cases.push(r);
        if (r.flag && (!worst || r.flag.excess > worst.c.flag!.excess))
          worst = { c: r, q: results[r.flag.statement - 1].q };
      }
      classes.push({
        name: k.name,
        cases,
        flagged: cases.filter((c) => c.flag || c.error).length,
        worstPlan: worst ? await textPlan(clients, worst.q) : undefined,
      });
    }
  } finally {
    await closePlanClients(clients);
  }
  const out: RandomPlans = {
    seed: settings.seed,
    perClass: settings.perClass,
    classes,
    flaggedClasses: classes.filter((k) => k.flagged > 0).length,
  };
  process.stdout.write(randomPlansReport(out));
  return out;
}

export function randomPlansReport(p: RandomPlans): string {
  const rows = p.classes.map((k) => {
    const ok = k.cases.filter((c) => !c.error);
    const max = (f: (c: RandomPlanCase) => number) => Math.max(0, ...ok.map(f));
    return [
      k.name,
      k.cases.length,
      ok.reduce((a, c) => a + c.statements, 0),
      quantile(
        ok.map((c) => c.ms),
        0.5,
      ).toFixed(2),
      max((c) => c.ms).toFixed(2),
      max((c) => c.removed),
      max((c) => c.heapRows),
      max((c) => c.sortRows),
      k.flagged,
      k.flagged ? 'FLAGGED' : 'ok',
    ];
  });
  const out = [
    '',
    `== Random cases (seed ${p.seed}, ${p.perClass} per class): EXPLAIN ANALYZE of a first and a warm request ==`,
    table(
      [
        'class',
        'cases',
        'stmts',
        'SQL p50 ms',
        'SQL max ms',
        'most removed',
        'most table rows',
        'largest sort',
        'flagged',
        '',
      ],
      rows,
    ),
    `(SQL ms: a case's statements' execution times summed; most removed: rows a statement read then` +
      `\n removed (filter, recheck, join filter); most table rows: rows one scan node fetched from a table` +
      `\n (index-only scans: heap fetches); flagged: over a page's worth, 2 x limit + ${PAGE_SLACK}, plus the` +
      `\n offset for table rows and sorts, or a Seq Scan on a guarded table)`,
  ];
  for (const k of p.classes) {
    for (const c of k.cases.filter((x) => x.error))
      out.push(`ERROR random: ${k.name}: ${c.path}: ${c.error}`);
    const flagged = k.cases.filter((c) => c.flag);
    if (!flagged.length) continue;
    const worst = flagged.reduce((a, b) => (b.flag!.excess > a.flag!.excess ? b : a));
    out.push(
      '',
      `--- FLAGGED random: ${k.name}: ${flagged.length} of ${k.cases.length} cases read or sort more than a page's worth; the worst:`,
      `URL: /api/v1${worst.path}`,
      `statement #${worst.flag!.statement}: ${worst.flag!.reason}`,
      `SQL: ${oneLine(worst.flag!.sql, 400)}`,
      `params: ${worst.flag!.params}`,
      k.worstPlan ?? '',
      'other flagged cases:',
      ...flagged
        .filter((c) => c !== worst)
        .map((c) => `  /api/v1${c.path}  #${c.flag!.statement}: ${c.flag!.reason}`),
    );
  }
  out.push(
    '',
    p.flaggedClasses
      ? `random cases: ${p.flaggedClasses} of ${p.classes.length} classes FLAGGED (PLANS_STRICT=1 fails them)`
      : `random cases: no class reads or sorts more than a page's worth`,
    '',
  );
  return out.join('\n');
}
