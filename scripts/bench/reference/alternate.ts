import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Endpoint } from '../endpoints';
import { loadEndpoint, LoadOptions, LoadResult } from '../load';
import { PROJECT_ROOT } from '../paths';
import { table } from '../report';
import { freePort, RunningService, serviceEnv, startService } from '../service';
import { ReferenceFile } from './reference-file';

/** The reference kept in the repository: commit 0cf655c's SQL for the 100,000-doctor bench. */
export const DEFAULT_REFERENCE = resolve(
  PROJECT_ROOT,
  'scripts',
  'bench',
  'reference',
  '0cf655c-100k.json',
);
const SERVER = resolve(__dirname, 'reference-floor-server.js');

/** Throughput targets of issue 32, item 3: the service over the reference floor, per case. */
export function referenceTarget(caseName: string): number {
  return caseName.startsWith('search') ? 2 : 1.5;
}

export interface ReferenceRow {
  readonly name: string;
  readonly serviceRps: readonly number[];
  readonly floorRps: readonly number[];
  readonly serviceP99: number;
  readonly floorP99: number;
  /** Median CPU ms per request of the serving process, and of the whole machine (both sides). */
  readonly serviceCpu: number | null;
  readonly floorCpu: number | null;
  readonly serviceMachineCpu: number | null;
  readonly floorMachineCpu: number | null;
  /** Median service req/s over median floor req/s. */
  readonly ratio: number;
  readonly target: number;
  readonly pass: boolean;
}

export interface ReferenceRun {
  readonly commit: string;
  readonly file: string;
  readonly rounds: number;
  readonly rows: readonly ReferenceRow[];
}

/**
 * The reference file for a run: BENCH_REFERENCE names one (`none`: no reference); by default the
 * kept one when the bench seeds the size it was captured at.
 */
export function referenceFileFor(doctors: number): string | undefined {
  const raw = process.env.BENCH_REFERENCE?.trim();
  if (raw === 'none') return undefined;
  const file = raw ? resolve(raw) : DEFAULT_REFERENCE;
  if (!existsSync(file)) {
    if (raw) throw new Error(`BENCH_REFERENCE: no such file ${file}`);
    return undefined;
  }
  const seeded = (JSON.parse(readFileSync(file, 'utf8')) as ReferenceFile).seeded;
  return raw || seeded === doctors ? file : undefined;
}

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

function cpuOf(runs: readonly LoadResult[], pick: (r: LoadResult) => number | null): number | null {
  const xs = runs.map(pick).filter((x): x is number => x !== null);
  return xs.length ? Math.round(median(xs) * 1000) / 1000 : null;
}

/**
 * Issue 32, item 3, at 100,000 doctors: each list case of the reference, alternated `rounds`
 * times between the running service (its own URLs) and the reference floor server (the
 * reference's URLs, reference-floor-server.ts) on the same database, each for
 * BENCH_REFERENCE_SEC seconds after a one-second warm-up.
 */
export async function alternateWithReference(
  url: string,
  file: string,
  endpoints: readonly Endpoint[],
  service: LoadOptions,
  log: (m: string) => void,
): Promise<ReferenceRun> {
  const reference = JSON.parse(readFileSync(file, 'utf8')) as ReferenceFile;
  const rounds = Math.max(1, Number(process.env.BENCH_REFERENCE_ROUNDS ?? 3));
  const seconds = Math.max(1, Number(process.env.BENCH_REFERENCE_SEC ?? 4));
  const port = await freePort();
  const floor: RunningService = await startService(
    serviceEnv(url, '', port),
    port,
    60_000,
    SERVER,
    [file],
  );
  const rows: ReferenceRow[] = [];
  try {
    const o = { ...service, durationSec: seconds, warmupSec: 1, serialRequests: 0 };
    for (const e of endpoints) {
      const captured = reference.cases[e.name];
      if (!captured) continue;
      const floorCase: Endpoint = {
        name: e.name,
        kind: e.kind,
        targets: captured.map((c) => ({ path: c.path, call: () => Promise.resolve() })),
      };
      const s: LoadResult[] = [];
      const f: LoadResult[] = [];
      for (let i = 0; i < rounds; i++) {
        s.push(await loadEndpoint(e, o));
        f.push(
          await loadEndpoint(floorCase, {
            ...o,
            origin: new URL(floor.baseUrl).origin,
            servicePid: floor.pid,
          }),
        );
      }
      const ratio =
        Math.round((median(s.map((x) => x.rps)) / median(f.map((x) => x.rps))) * 100) / 100;
      const target = referenceTarget(e.name);
      const row: ReferenceRow = {
        name: e.name,
        serviceRps: s.map((x) => x.rps),
        floorRps: f.map((x) => x.rps),
        serviceP99: median(s.map((x) => x.p99)),
        floorP99: median(f.map((x) => x.p99)),
        serviceCpu: cpuOf(s, (x) => x.serviceCpuMsPerRequest),
        floorCpu: cpuOf(f, (x) => x.serviceCpuMsPerRequest),
        serviceMachineCpu: cpuOf(s, (x) => x.machineCpuMsPerRequest),
        floorMachineCpu: cpuOf(f, (x) => x.machineCpuMsPerRequest),
        ratio,
        target,
        pass: ratio >= target,
      };
      rows.push(row);
      log(
        `  reference ${e.name.padEnd(30)} service ${row.serviceRps.join('/')} req/s, floor ${row.floorRps.join('/')} req/s: ${ratio.toFixed(2)}x (target ${target}x) ${row.pass ? 'PASS' : 'MISS'}`,
      );
    }
  } finally {
    await floor.stop();
  }
  return { commit: reference.commit, file, rounds, rows };
}

export function referenceTable(run: ReferenceRun): string {
  return table(
    [
      'endpoint',
      'service req/s',
      'floor req/s',
      'p99 service/floor',
      'CPU/req service/floor',
      'machine CPU/req',
      'ratio',
      'target',
      '',
    ],
    run.rows.map((r) => [
      r.name,
      r.serviceRps.join(' / '),
      r.floorRps.join(' / '),
      `${r.serviceP99} / ${r.floorP99}`,
      `${r.serviceCpu ?? '-'} / ${r.floorCpu ?? '-'}`,
      `${r.serviceMachineCpu ?? '-'} / ${r.floorMachineCpu ?? '-'}`,
      `${r.ratio.toFixed(2)}x`,
      `${r.target}x`,
      r.pass ? 'PASS' : 'MISS',
    ]),
  ).concat(
    `\n(${run.rounds} alternating rounds per case; ratio = median service req/s over median floor req/s; CPU/req: ms of the serving process, machine: of both cores; floor: bare Fastify + pg replaying the SQL of ${run.commit})`,
  );
}

/** At the reference's size (or with BENCH_REFERENCE), the list cases alternated with it. */
export async function alternateIfReference(
  url: string,
  doctors: number,
  endpoints: readonly Endpoint[],
  service: LoadOptions,
  log: (m: string) => void,
): Promise<ReferenceRun | undefined> {
  const file = referenceFileFor(doctors);
  if (!file) return undefined;
  log(`reference: list cases alternated with a bare Fastify + pg server replaying ${file}`);
  const lists = endpoints.filter((e) => e.kind === 'list');
  return alternateWithReference(url, file, lists, service, log);
}
