import { EndpointKind } from './endpoints';
import { LoadResult } from './load';
import { SqlTiming } from './direct-sql';
import { quantile, round } from './stats';

export interface EndpointReport {
  readonly name: string;
  readonly kind: EndpointKind;
  readonly urls: number;
  readonly example: string;
  readonly http: LoadResult;
  readonly sql: SqlTiming | null;
  /** The same URLs from the floor server (floor-server.ts), for the BENCH_FLOOR cases. */
  readonly floor: LoadResult | null;
  readonly verdict: Verdict;
}

export interface Verdict {
  readonly pass: boolean;
  readonly reason: string;
}

/** p99 under the target, and every answer a 2xx without transport errors (issue 3). */
/** The mixed case's throughput target (issue 14), beside its p99. */
export const MIXED_RPS_TARGET = 1500;

export function mixedVerdict(http: LoadResult, targetMs: number): Verdict {
  const p99 = p99Verdict(http, targetMs);
  const fast = http.rps >= MIXED_RPS_TARGET;
  const rps = `${http.rps} req/s ${fast ? '>=' : '<'} ${MIXED_RPS_TARGET}`;
  return { pass: p99.pass && fast, reason: `${p99.reason}; ${rps}` };
}

export function p99Verdict(http: LoadResult, targetMs: number): Verdict {
  if (http.requests === 0) return { pass: false, reason: 'no answers' };
  if (http.non2xx > 0 || http.errors > 0 || http.timeouts > 0) {
    return {
      pass: false,
      reason: `${http.non2xx} non-2xx, ${http.errors} errors, ${http.timeouts} timeouts`,
    };
  }
  return http.p99 < targetMs
    ? { pass: true, reason: `p99 ${http.p99} < ${targetMs} ms` }
    : { pass: false, reason: `p99 ${http.p99} >= ${targetMs} ms` };
}

/** How much dearer (p50) a change-feed page may be than one at the log's start (noise). */
export const FEED_DEPTH_RATIO = 1.5;

/**
 * A change-feed case (issue 34, item 5: a page costs the same at the start of the log and deep
 * in it): every answer a 2xx, and its p50 at most FEED_DEPTH_RATIO times that of the first feed
 * case (`start`, the log's start; undefined for that case itself). The records a second are
 * reported beside it: a page of 1,000 records is a copy's bulk transfer, not a list page, and the
 * lists' p99 target does not apply to it.
 */
export function feedVerdict(http: LoadResult, start: LoadResult | undefined): Verdict {
  const answered = p99Verdict(http, Infinity);
  if (!answered.pass) return answered;
  const records = `${Math.round(http.rps * 1000).toLocaleString('en')} records/s`;
  if (!start) return { pass: true, reason: `the log's start: p50 ${http.p50} ms, ${records}` };
  const ratio = round(http.p50 / start.p50);
  const pass = http.p50 <= FEED_DEPTH_RATIO * start.p50;
  return {
    pass,
    reason: `p50 ${http.p50} ms, ${ratio}x the log's start ${pass ? '<=' : '>'} ${FEED_DEPTH_RATIO}x; ${records}`,
  };
}

/** A fixed case's verdict by its kind (`feedStart`: the first feed case's load, once run). */
export function verdictOf(
  kind: EndpointKind,
  http: LoadResult,
  p99TargetMs: number,
  feedStart: LoadResult | undefined,
): Verdict {
  if (kind === 'baseline') return { pass: true, reason: 'baseline, not a target' };
  if (kind === 'mixed') return mixedVerdict(http, p99TargetMs);
  if (kind === 'feed') return feedVerdict(http, feedStart);
  return p99Verdict(http, p99TargetMs);
}

export interface AggregateComparison {
  readonly listP50: number;
  readonly listP99: number;
  readonly rows: { name: string; p50: number; p99: number; pass: boolean }[];
  readonly pass: boolean;
}

/**
 * "Summary and metadata not slower than a list page": each aggregate's p50 and p99 at most the
 * median, over the list rows of the mix, of their p50 and p99.
 */
export function compareAggregates(rows: readonly EndpointReport[]): AggregateComparison | null {
  const lists = rows.filter((r) => r.kind === 'list');
  const aggregates = rows.filter((r) => r.kind === 'aggregate');
  if (lists.length === 0 || aggregates.length === 0) return null;
  const listP50 = round(
    quantile(
      lists.map((r) => r.http.p50),
      0.5,
    ),
  );
  const listP99 = round(
    quantile(
      lists.map((r) => r.http.p99),
      0.5,
    ),
  );
  const out = aggregates.map((r) => ({
    name: r.name,
    p50: r.http.p50,
    p99: r.http.p99,
    pass: r.http.p50 <= listP50 && r.http.p99 <= listP99,
  }));
  return { listP50, listP99, rows: out, pass: out.every((r) => r.pass) };
}

export function table(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const line = (r: string[]) =>
    r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [
    line(cells[0]),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...cells.slice(1).map(line),
  ].join('\n');
}

const fmt = (n: number | null | undefined) =>
  n === null || n === undefined || !Number.isFinite(n) ? '-' : n.toFixed(2);

export function httpTable(rows: readonly EndpointReport[], connections: number): string {
  return table(
    [
      'endpoint',
      'urls',
      'req/s',
      'p50 ms',
      'p90 ms',
      'p99 ms',
      'max ms',
      'non-2xx',
      '1-conn p50',
      'svc CPU/req',
      'all CPU/req',
      'target',
    ],
    rows.map((r) => [
      r.name,
      r.urls,
      r.http.rps,
      fmt(r.http.p50),
      fmt(r.http.p90),
      fmt(r.http.p99),
      fmt(r.http.max),
      r.http.non2xx + r.http.errors + r.http.timeouts,
      fmt(r.http.serialP50),
      fmt(r.http.serviceCpuMsPerRequest),
      fmt(r.http.machineCpuMsPerRequest),
      r.kind === 'baseline' ? '-' : r.verdict.pass ? 'PASS' : 'MISS',
    ]),
  ).concat(
    `\n(${connections} connections; 1-conn p50: the same URLs one request at a time, no queueing; CPU/req: ms of CPU per` +
      '\n request under load, of the service process alone and of the whole machine: service + PostgreSQL + load generator;' +
      '\n target: p99 under 50 ms at 100,000 doctors, 100 ms at 1,000,000; the change-feed pages of 1,000 records: p50 at' +
      `\n most ${FEED_DEPTH_RATIO}x the log's start, the same cost at any depth, issue 34)`,
  );
}

export function sqlTable(rows: readonly EndpointReport[]): string {
  const withSql = rows.filter((r) => r.sql);
  return table(
    [
      'endpoint',
      'stmts',
      'SQL p50 ms',
      'SQL p99 ms',
      'slowest stmt p50',
      'per statement (p50 ms)',
      'HTTP 1-conn p50',
      'overhead',
    ],
    withSql.map((r) => {
      const s = r.sql!;
      return [
        r.name,
        s.statementsPerRequest,
        fmt(s.median),
        fmt(s.p99),
        fmt(s.slowestStatementMedian),
        s.statements.map((x) => `${x.label} ${fmt(x.median)}`).join(', '),
        fmt(r.http.serialP50),
        r.http.serialP50 === null ? '-' : fmt(round(r.http.serialP50 - s.median)),
      ];
    }),
  ).concat(
    '\n(SQL: the statements the use case sends once warm (names and totals cached, as under load), captured from the' +
      '\n repositories, run one after the other with pg on one connection (short walks on a second one, of generic' +
      '\n plans, as the service runs them), no load; overhead = HTTP 1-conn p50 - SQL p50, i.e. framework, JSON, ETag,' +
      '\n network)',
  );
}

/**
 * The service beside the floor server on the same URLs and SQL: what the framework (Nest,
 * Fastify, key check, validation, mapping, headers, ETag, logging) costs per request.
 */
export function floorTable(rows: readonly EndpointReport[]): string {
  const cpu = (x: number | null) => (x === null ? '-' : fmt(x));
  return table(
    [
      'endpoint',
      'service req/s',
      'floor req/s',
      'service CPU/req',
      'floor CPU/req',
      'framework CPU/req',
    ],
    rows
      .filter((r) => r.floor)
      .map((r) => {
        const s = r.http.serviceCpuMsPerRequest;
        const f = r.floor!.serviceCpuMsPerRequest;
        return [
          r.name,
          r.http.rps,
          r.floor!.rps,
          cpu(s),
          cpu(f),
          s === null || f === null ? '-' : fmt(round(s - f)),
        ];
      }),
  ).concat(
    '\n(CPU/req: ms of CPU of the serving process per request under the same load; framework = service - floor)',
  );
}

/** The targets' lines (issue 3) of the fixed cases and the aggregates, and how many missed. */
export function targetLines(
  rows: readonly EndpointReport[],
  aggregates: ReturnType<typeof compareAggregates>,
): { lines: string[]; misses: number } {
  const lines: string[] = [];
  const targets = rows.filter((r) => r.kind !== 'baseline');
  for (const r of targets)
    lines.push(`${r.verdict.pass ? 'PASS' : 'MISS'}  ${r.name}: ${r.verdict.reason}`);
  if (aggregates) {
    lines.push(
      `${aggregates.pass ? 'PASS' : 'MISS'}  summary and metadata not slower than a list page ` +
        `(median over list rows: p50 ${aggregates.listP50} ms, p99 ${aggregates.listP99} ms): ` +
        aggregates.rows
          .map((a) => `${a.name} p50 ${a.p50} / p99 ${a.p99} ${a.pass ? 'ok' : 'SLOWER'}`)
          .join('; '),
    );
  }
  const misses =
    targets.filter((r) => !r.verdict.pass).length + (aggregates && !aggregates.pass ? 1 : 0);
  lines.push(misses === 0 ? 'ALL TARGETS MET' : `${misses} target(s) missed`);
  return { lines, misses };
}
