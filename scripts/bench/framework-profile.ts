import 'reflect-metadata';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { defaultServerUrl, dropDatabase, migrateAndSeed, recreateDatabase } from './database';
import type { FixedAnswers } from './fastify-floor-server';
import { PROJECT_ROOT, RESULTS_DIR, SERVICE_MAIN } from './paths';
import { freePort, newKeyHashSecret, RunningService, serviceEnv, startService } from './service';
import { summarizeProfiles } from './cpu-profile-summary';
import { drive, frameworkReport, reportText, Results, Target } from './framework-runs';

/**
 * `npm run bench:framework` (issue 32, item 4): the service's own cost per request, beside a bare
 * Fastify server answering the same bodies (fastify-floor-server.ts): `/api/v1/ping` (public, no
 * database), `/metadata/languages` (a live key, an answer from memory) and `/doctors?limit=1`
 * (a live key, a first page). Seeds a small database of its own (fp_<pid>, dropped at the end),
 * starts the built service and the bare server, then alternates autocannon runs between them
 * round by round and prints req/s, p50/p99, each server's CPU time per request and the ratios.
 * The machine is shared: compare the ratios of one run, not absolute figures across runs.
 *
 * Options: --rounds N (5) --duration S (5) --connections N (32) --warmup S (2) --doctors N (2000)
 * --targets ping,languages,doctors?limit=1 (the default; also summary); --service <main.js>
 * (another build of the service than dist/src/main.js); --baseline <main.js> (a second build,
 * e.g. the one before a change, measured in the same rounds: ratios service/baseline);
 * --cpu-prof <dir> (the service alone, under `node --cpu-prof`: its profile over the measured
 * rounds is summarized at the end, see cpu-profile-summary.ts).
 */

const execFileP = promisify(execFile);

const TARGETS: readonly Target[] = [
  { name: 'ping', path: '/ping', auth: false },
  { name: 'languages', path: '/metadata/languages', auth: true },
  { name: 'doctors?limit=1', path: '/doctors?limit=1', auth: true },
  { name: 'summary', path: '/doctors/summary', auth: true },
];
const DEFAULT_TARGETS = ['ping', 'languages', 'doctors?limit=1'];

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}
const num = (name: string, fallback: number) => Number(option(name) ?? fallback);

const settings = {
  rounds: num('rounds', 5),
  durationSec: num('duration', 5),
  connections: num('connections', 32),
  warmupSec: num('warmup', 2),
  doctors: num('doctors', 2000),
  serviceMain: resolve(option('service') ?? SERVICE_MAIN),
  baselineMain: option('baseline') ? resolve(option('baseline')!) : undefined,
  cpuProfDir: option('cpu-prof') ? resolve(option('cpu-prof')!) : undefined,
  targets: option('targets')?.split(',') ?? DEFAULT_TARGETS,
};

const started = Date.now();
const log = (m: string) =>
  process.stdout.write(`[fp ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${m}\n`);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function issueLiveKey(env: NodeJS.ProcessEnv): Promise<string> {
  const cli = resolve(dirname(settings.serviceMain), 'interface', 'cli', 'main.js');
  const args = [cli, 'keys', 'issue', 'live', '--label', 'bench:framework'];
  const { stdout } = await execFileP(process.execPath, args, { cwd: PROJECT_ROOT, env });
  const parsed = JSON.parse(stdout.trim().split('\n').pop() ?? '') as { key?: string };
  if (!parsed.key) throw new Error(`keys issue live answered: ${stdout}`);
  return parsed.key;
}

async function capture(base: string, targets: readonly Target[], key: string) {
  const answers: Record<string, FixedAnswers[string]> = {};
  for (const t of targets) {
    const res = await fetch(`${base}${t.path}`, {
      headers: t.auth ? { authorization: `Bearer ${key}` } : {},
    });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${t.path} answered ${res.status}: ${body}`);
    answers[t.path] = {
      status: res.status,
      contentType: res.headers.get('content-type') ?? 'application/json',
      body,
    };
  }
  return answers;
}

async function main(): Promise<void> {
  const targets = TARGETS.filter((t) => settings.targets.includes(t.name));
  const adminUrl = process.env.FP_SERVER_URL ?? defaultServerUrl();
  const dbName = `fp_${process.pid}`;
  const tmp = mkdtempSync(join(tmpdir(), 'fp-'));
  let service: RunningService | undefined;
  let floor: RunningService | undefined;
  let baseline: RunningService | undefined;
  let created = false;
  let loadStart = 0;
  let loadEnd = 0;
  let stopped = 0;
  try {
    log(`load average ${load()}; ${JSON.stringify(settings)}`);
    const url = await recreateDatabase(adminUrl, dbName);
    created = true;
    const seeded = await migrateAndSeed(url, settings.doctors);
    log(`database ${dbName}: ${seeded.stats.doctors} doctors`);
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...serviceEnv(url, newKeyHashSecret(), port),
      // The throttler still counts every request; the quota must not turn the runs into 429s.
      LIVE_RATE_PER_MIN: '1000000',
    };
    const key = await issueLiveKey(env);
    if (settings.cpuProfDir) mkdirSync(settings.cpuProfDir, { recursive: true });
    // Node's flags before the script (--cpu-prof is not allowed in NODE_OPTIONS).
    const [nodeMain, ...nodeArgs] = settings.cpuProfDir
      ? ['--cpu-prof', `--cpu-prof-dir=${settings.cpuProfDir}`, settings.serviceMain]
      : [settings.serviceMain];
    service = await startService(env, port, 120_000, nodeMain, nodeArgs);
    const answers = await capture(service.baseUrl, targets, key);
    const answersFile = join(tmp, 'answers.json');
    writeFileSync(answersFile, JSON.stringify(answers));
    const floorMain = resolve(__dirname, 'fastify-floor-server.js');
    if (!settings.cpuProfDir) {
      const floorPort = await freePort();
      const floorEnv = { ...process.env, PORT: String(floorPort) };
      floor = await startService(floorEnv, floorPort, 30_000, floorMain, [answersFile]);
      if (settings.baselineMain) {
        const basePort = await freePort();
        const baseEnv = { ...env, PORT: String(basePort) };
        baseline = await startService(baseEnv, basePort, 120_000, settings.baselineMain);
      }
    }
    const servers = [
      { name: 'service', run: service },
      ...(baseline ? [{ name: 'baseline', run: baseline }] : []),
      ...(floor ? [{ name: 'fastify', run: floor }] : []),
    ];
    const origin = (s: RunningService) => s.baseUrl.replace(/\/api\/v1$/, '');
    const run = (s: RunningService, t: Target, sec: number) =>
      drive(origin(s), t, key, s.pid, sec, settings.connections);
    for (const s of servers) for (const t of targets) await run(s.run, t, settings.warmupSec);
    const results: Results = {};
    loadStart = Date.now();
    for (let r = 0; r < settings.rounds; r++) {
      // Alternated: each server goes first in one round and last in the next.
      const order = r % 2 === 0 ? servers : [...servers].reverse();
      for (const t of targets)
        for (const s of order) {
          const res = await run(s.run, t, settings.durationSec);
          ((results[t.name] ??= {})[s.name] ??= []).push(res);
          log(
            `round ${r + 1} ${t.name.padEnd(16)} ${s.name.padEnd(8)} ${res.rps} req/s p50 ${res.p50} p99 ${res.p99} ms, ${res.cpuUsPerRequest} µs CPU/req (${res.sysUsPerRequest} sys), non-2xx ${res.non2xx}`,
          );
        }
    }
    loadEnd = Date.now();
    log(`load average ${load()}`);
    const report = frameworkReport(targets, results);
    process.stdout.write(`\n${reportText(report)}\n`);
    mkdirSync(RESULTS_DIR, { recursive: true });
    const file = join(
      RESULTS_DIR,
      `framework-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
    );
    writeFileSync(file, JSON.stringify({ settings, loadavg: loadavg(), report, results }, null, 2));
    log(`wrote ${file}`);
  } finally {
    await service?.stop().catch(() => undefined);
    stopped = Date.now();
    await baseline?.stop().catch(() => undefined);
    await floor?.stop().catch(() => undefined);
    if (created)
      await dropDatabase(adminUrl, dbName).catch((e: unknown) =>
        log(`could not drop ${dbName}: ${(e as Error).message}`),
      );
    rmSync(tmp, { recursive: true, force: true });
  }
  if (settings.cpuProfDir && loadEnd > 0) {
    // The measured rounds only: the profile ends when the service exits (at `stopped`).
    const window = {
      fromEndSec: (stopped - loadStart) / 1000,
      toEndSec: (stopped - loadEnd) / 1000,
    };
    process.stdout.write(`\n${summarizeProfiles(settings.cpuProfDir, window)}\n`);
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`bench:framework failed: ${(e as Error).stack ?? String(e)}\n`);
  process.exit(1);
});
