import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { quantile, round } from './stats';

/** One URL the framework bench drives (under /api/v1), with a live key or without any. */
export interface Target {
  readonly name: string;
  readonly path: string;
  readonly auth: boolean;
}

/** One autocannon run against one server. */
export interface RunResult {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly non2xx: number;
  /** The server process's CPU time (user + system) per request during the run. */
  readonly cpuUsPerRequest: number | null;
  /** The part of it spent in the kernel (socket reads and writes). */
  readonly sysUsPerRequest: number | null;
}

/** User and system CPU time (ms) of a process, from /proc (null where it is not available). */
function cpuMs(pid: number): { user: number; sys: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, in clock ticks of 10 ms (USER_HZ 100).
    return { user: Number(fields[11]) * 10, sys: Number(fields[12]) * 10 };
  } catch {
    return null;
  }
}

/** `sec` seconds of `connections` connections on one URL of the server at `origin` (pid `pid`). */
export function drive(
  origin: string,
  t: Target,
  key: string,
  pid: number,
  sec: number,
  connections: number,
): Promise<RunResult> {
  const latencies: number[] = [];
  let non2xx = 0;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (t.auth) headers.authorization = `Bearer ${key}`;
  const cpu0 = cpuMs(pid);
  return new Promise<RunResult>((resolveRun, reject) => {
    const instance = autocannon(
      { url: `${origin}/api/v1${t.path}`, connections, duration: sec, headers, timeout: 10 },
      (err, result) => {
        if (err) return reject(err);
        const cpu1 = cpuMs(pid);
        const n = latencies.length;
        const per = (ms: number) => (n === 0 ? null : round((ms * 1000) / n, 0));
        resolveRun({
          rps: round(n / result.duration, 0),
          p50: round(quantile(latencies, 0.5)),
          p99: round(quantile(latencies, 0.99)),
          non2xx,
          cpuUsPerRequest: cpu0 && cpu1 && per(cpu1.user + cpu1.sys - cpu0.user - cpu0.sys),
          sysUsPerRequest: cpu0 && cpu1 && per(cpu1.sys - cpu0.sys),
        });
      },
    );
    // autocannon's own histogram has 1 ms resolution: keep every response time (ms, fractional).
    instance.on('response', (_c: unknown, status: number, _b: number, ms: number) => {
      latencies.push(ms);
      if (status < 200 || status >= 300) non2xx++;
    });
  });
}

const median = (xs: readonly number[]) => quantile(xs, 0.5);

function summary(rs: readonly RunResult[]) {
  return {
    rps: median(rs.map((x) => x.rps)),
    p50: median(rs.map((x) => x.p50)),
    p99: median(rs.map((x) => x.p99)),
    cpuUs: median(rs.map((x) => x.cpuUsPerRequest ?? NaN)),
    sysUs: median(rs.map((x) => x.sysUsPerRequest ?? NaN)),
    non2xx: rs.reduce((a, x) => a + x.non2xx, 0),
  };
}

/** The median and range of the per-round ratios of a's req/s to b's (rounds alternate). */
function ratio(a: readonly RunResult[] | undefined, b: readonly RunResult[] | undefined) {
  if (!a || !b) return null;
  const rs = a.map((x, i) => x.rps / b[i].rps);
  return {
    median: round(median(rs), 3),
    min: round(Math.min(...rs), 3),
    max: round(Math.max(...rs), 3),
  };
}

/** Results by target name, then by server name ('service', 'baseline', 'fastify'). */
export type Results = Record<string, Record<string, RunResult[]>>;

/** Medians per target and server, and the ratios to the bare server (and to the baseline). */
export function frameworkReport(targets: readonly Target[], results: Results) {
  return targets.map((t) => {
    const byServer = results[t.name];
    return {
      target: t.name,
      servers: Object.fromEntries(Object.entries(byServer).map(([k, rs]) => [k, summary(rs)])),
      serviceToFastify: ratio(byServer.service, byServer.fastify),
      baselineToFastify: ratio(byServer.baseline, byServer.fastify),
      serviceToBaseline: ratio(byServer.service, byServer.baseline),
    };
  });
}

/** The report as a table. */
export function reportText(report: ReturnType<typeof frameworkReport>): string {
  const lines = ['target            server     req/s  p50 ms  p99 ms  CPU µs/req  sys µs  non-2xx'];
  for (const r of report) {
    for (const [name, s] of Object.entries(r.servers))
      lines.push(
        r.target.padEnd(18) +
          name.padEnd(9) +
          [s.rps, s.p50, s.p99].map((v) => String(v).padStart(8)).join('') +
          String(s.cpuUs).padStart(12) +
          String(s.sysUs).padStart(8) +
          String(s.non2xx).padStart(9),
      );
    const ratios = [
      ['service/fastify', r.serviceToFastify],
      ['baseline/fastify', r.baselineToFastify],
      ['service/baseline', r.serviceToBaseline],
    ] as const;
    for (const [name, q] of ratios)
      if (q)
        lines.push(`${r.target.padEnd(18)}${name} req/s ${q.median} (rounds ${q.min}-${q.max})`);
  }
  return lines.join('\n');
}
