import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { openDataSource } from '../../src/infrastructure/database/data-source-options';
import { LoadOptions, LoadResult, loadEndpoint } from './load';
import { drawRandomCases, RandomClass, targetOf } from './random-cases';
import { table } from './report';
import { BenchSettings } from './settings';
import { quantile, round } from './stats';

/**
 * `npm run bench`, random cases (issue 32, item 1): each drawn URL sent twice, one request at a
 * time on one kept-alive connection; the first is the service's first request of that
 * combination (names, totals and plans not cached), the second the warm one. Per class: the
 * median and the worst warm time, the worst first request; then (BENCH_RANDOM=on, the default)
 * the class's URLs at the bench's connections, as the fixed cases are driven.
 */

const API_PREFIX = '/api/v1';

/** Issue 32's targets at 1,000,000 doctors, per random class. */
export const ISSUE_32_TARGETS = { warmP50Ms: 3, warmMaxMs: 10, firstMaxMs: 30, p99Ms: 100 };

export interface RandomClassResult {
  readonly name: string;
  readonly urls: number;
  readonly warmP50: number;
  readonly warmMax: number;
  readonly worstWarm: string;
  readonly firstP50: number;
  readonly firstMax: number;
  readonly worstFirst: string;
  /** Answers other than 200 (first and warm), and the first of them. */
  readonly non200: number;
  readonly firstNon200?: string;
  /** The class's URLs at the bench's connections (null with BENCH_RANDOM=serial). */
  readonly load: LoadResult | null;
}

/** The random classes for the bench (BENCH_ONLY applies to `random: <class>`); none when off. */
export async function drawForBench(
  url: string,
  settings: BenchSettings,
  cursorSecret: string,
  log: (m: string) => void,
): Promise<RandomClass[]> {
  const r = settings.random;
  if (r.mode === 'none') {
    log('random cases: off (BENCH_RANDOM=none)');
    return [];
  }
  const ds = await openDataSource(url, {
    poolSize: 2,
    connectTimeoutMs: 10_000,
    statementTimeoutMs: 60_000,
  });
  try {
    const t0 = Date.now();
    const classes = (await drawRandomCases(ds, r.seed, r.perClass, cursorSecret)).filter(
      (k) =>
        settings.only.length === 0 || settings.only.some((o) => `random: ${k.name}`.includes(o)),
    );
    log(
      `random cases: seed ${r.seed} (--seed ${r.seed} or BENCH_RANDOM_SEED=${r.seed} draws them again), ` +
        `${r.perClass} per class, ${classes.length} classes, drawn in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
    return classes;
  } finally {
    await ds.destroy();
  }
}

function get(
  agent: Agent,
  origin: string,
  apiKey: string,
  path: string,
): Promise<{ ms: number; status: number; body: string }> {
  const url = new URL(`${API_PREFIX}${path}`, origin);
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = request(
      url,
      { agent, headers: { authorization: `Bearer ${apiKey}`, accept: 'application/json' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            ms: performance.now() - t0,
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout: ${path}`)));
    req.on('error', reject);
    req.end();
  });
}

/**
 * Sent before the classes' first requests (WARM_UP_ROUNDS times), so that "first" is the first
 * request of a combination and not the process's first of a code path (with BENCH_ONLY, a random
 * class ran right after the service started: 42 ms for a 25-row page whose warm twin took 2 ms);
 * and once again before each class, since a request after a second of idle pays the machine's
 * wake-up (each class's first URL was its worst first request, 18 to 38 ms, after the previous
 * class's load; on this machine `/ping` took 16 to 25 ms after 1.5 s of idle against 1.5 ms back
 * to back, and Python's http.server 9 to 12 against 1). None is a drawn URL.
 */
const WARM_UP_PATHS = [
  '/doctors?limit=5',
  '/doctors?lat=43.65&lng=-79.38&limit=5',
  '/doctors?lat=43.65&lng=-79.38&radiusKm=2&limit=5',
  '/doctors/search?q=zzz&limit=5',
  '/clinics?limit=5',
  '/clinics?lat=43.65&lng=-79.38&limit=5',
  '/specialists?specialty=Cardiology&limit=5',
];
const WARM_UP_ROUNDS = 20;

export async function measureRandomClasses(
  classes: readonly RandomClass[],
  o: LoadOptions & { readonly random: BenchSettings['random'] },
  log: (m: string) => void,
): Promise<RandomClassResult[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const out: RandomClassResult[] = [];
  try {
    for (let r = 1; r < WARM_UP_ROUNDS && classes.length > 0; r++)
      for (const path of WARM_UP_PATHS) await get(agent, o.origin, o.apiKey, path);
    for (const k of classes) {
      for (const path of WARM_UP_PATHS) await get(agent, o.origin, o.apiKey, path);
      const first: { ms: number; path: string }[] = [];
      const warm: { ms: number; path: string }[] = [];
      let non200 = 0;
      let firstNon200: string | undefined;
      for (const c of k.cases) {
        for (const into of [first, warm]) {
          const r = await get(agent, o.origin, o.apiKey, c.path);
          into.push({ ms: r.ms, path: c.path });
          if (r.status !== 200) {
            non200++;
            firstNon200 ??= `${c.path} answered ${r.status}: ${r.body.slice(0, 200)}`;
          }
        }
      }
      if (firstNon200) log(`  ! random: ${k.name}: ${firstNon200}`);
      // BENCH_RANDOM_TRACE=1: every URL's first and warm time, to find what a class's worst is.
      if (process.env.BENCH_RANDOM_TRACE === '1')
        first.forEach((f, j) =>
          log(
            `    ${f.ms.toFixed(2).padStart(8)} ${warm[j].ms.toFixed(2).padStart(8)} ms  ${f.path}`,
          ),
        );
      const worst = (xs: { ms: number; path: string }[]) =>
        xs.reduce((a, b) => (b.ms > a.ms ? b : a));
      const load =
        o.random.mode === 'on'
          ? await loadEndpoint(
              { name: `random: ${k.name}`, kind: 'list', targets: k.cases.map(targetOf) },
              { ...o, serialRequests: 0 },
            )
          : null;
      const row: RandomClassResult = {
        name: k.name,
        urls: k.cases.length,
        warmP50: round(
          quantile(
            warm.map((x) => x.ms),
            0.5,
          ),
        ),
        warmMax: round(worst(warm).ms),
        worstWarm: worst(warm).path,
        firstP50: round(
          quantile(
            first.map((x) => x.ms),
            0.5,
          ),
        ),
        firstMax: round(worst(first).ms),
        worstFirst: worst(first).path,
        non200,
        firstNon200,
        load,
      };
      out.push(row);
      log(
        `  random: ${k.name.padEnd(34)} warm p50 ${row.warmP50.toFixed(2)} max ${row.warmMax.toFixed(2)} ms, ` +
          `first max ${row.firstMax.toFixed(2)} ms${load ? `; ${load.rps} req/s p99 ${load.p99.toFixed(2)} ms` : ''}` +
          `${non200 ? `; ${non200} non-200` : ''}`,
      );
    }
  } finally {
    agent.destroy();
  }
  return out;
}

/** What a class misses of issue 32's targets (empty when none). */
function misses(r: RandomClassResult): string[] {
  const t = ISSUE_32_TARGETS;
  const m: string[] = [];
  if (r.non200) m.push(`${r.non200} non-200`);
  if (r.warmP50 > t.warmP50Ms) m.push(`warm p50 > ${t.warmP50Ms}`);
  if (r.warmMax > t.warmMaxMs) m.push(`warm max > ${t.warmMaxMs}`);
  if (r.firstMax > t.firstMaxMs) m.push(`first > ${t.firstMaxMs}`);
  if (r.load && (r.load.p99 >= t.p99Ms || r.load.non2xx + r.load.errors + r.load.timeouts > 0))
    m.push(`p99 >= ${t.p99Ms} or errors`);
  return m;
}

export function randomBenchReport(
  rows: readonly RandomClassResult[],
  settings: BenchSettings,
): string {
  const fmt = (n: number | undefined) => (n === undefined ? '-' : n.toFixed(2));
  const t = ISSUE_32_TARGETS;
  const body = rows.map((r) => [
    r.name,
    r.urls,
    fmt(r.warmP50),
    fmt(r.warmMax),
    fmt(r.firstP50),
    fmt(r.firstMax),
    r.non200,
    r.load ? r.load.rps : '-',
    fmt(r.load?.p50),
    fmt(r.load?.p99),
    misses(r).length ? 'MISS' : 'ok',
  ]);
  const lines = [
    `== Random cases, ${settings.doctors.toLocaleString('en')} doctors (seed ${settings.random.seed}, ${settings.random.perClass} URLs per class) ==`,
    table(
      [
        'class',
        'urls',
        'warm p50',
        'warm max',
        'first p50',
        'first max',
        'non-200',
        'req/s',
        'p50 ms',
        'p99 ms',
        'issue 32',
      ],
      body,
    ),
    `(warm: the second request of each URL, first: its first, one request at a time on one connection, ms;` +
      `\n req/s, p50, p99: the class's URLs at ${settings.connections} connections, as the fixed cases;` +
      `\n issue 32's targets at 1,000,000 doctors: warm p50 <= ${t.warmP50Ms}, warm max <= ${t.warmMaxMs},` +
      ` first <= ${t.firstMaxMs}, p99 < ${t.p99Ms} ms)`,
  ];
  for (const r of rows) {
    const m = misses(r);
    lines.push(
      `${m.length ? 'MISS' : 'ok  '}  random: ${r.name}${m.length ? ` (${m.join(', ')})` : ''}; ` +
        `worst warm ${fmt(r.warmMax)} ms /api/v1${r.worstWarm}; worst first ${fmt(r.firstMax)} ms /api/v1${r.worstFirst}`,
    );
  }
  return lines.join('\n');
}
