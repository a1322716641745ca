import 'reflect-metadata';
import { hoursEndpoints } from './bench/hours-cases';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import {
  BenchServer,
  databaseExists,
  migratePending,
  migrateAndSeed,
  recreateDatabase,
  dropDatabase,
  redact,
  resolveBenchServer,
  seededDoctors,
  serverFacts,
  withDatabase,
} from './bench/database';
import { ensureChangeLog } from './bench/change-log';
import { pickSyncSamples, syncEndpoints } from './bench/sync-cases';
import { benchEndpoints, pickSamples } from './bench/endpoints';
import { fhirEndpoints } from './bench/fhir-cases';
import { LoadResult, loadEndpoint, probe } from './bench/load';
import { RESULTS_DIR } from './bench/paths';
import { directSql } from './bench/direct-sql-run';
import { floorLoads, runningFloor } from './bench/floor-loads';
import { alternateIfReference, referenceTable } from './bench/reference/alternate';
import {
  compareAggregates,
  EndpointReport,
  targetLines,
  floorTable,
  httpTable,
  verdictOf,
  sqlTable,
} from './bench/report';
import { BENCH_DATABASE, loadBenchSettings } from './bench/settings';
import { drawForBench, measureRandomClasses, randomBenchReport } from './bench/random-bench';
import {
  freePort,
  issueAdminKey,
  newKeyHashSecret,
  RunningService,
  serviceEnv,
  startService,
  waitForListsInMemory,
} from './bench/service';

/**
 * `npm run bench` (issue 3, item 4): seeds BENCH_DOCTORS (100,000) doctors into a database of its
 * own, starts the built service on it, drives a fixed mix of realistic requests with autocannon
 * and prints per endpoint req/s, p50/p99 and non-2xx, then the time of the same SQL run
 * directly, so that the framework's share is visible; then random cases drawn from a printed
 * seed (issue 32, random-bench.ts). Writes bench-results/bench-<time>.json.
 * Exits 0 when the targets are missed (it prints MISS); non-zero only when it cannot run.
 */

const started = Date.now();
const log = (m: string) =>
  process.stdout.write(
    `[bench ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${m}\n`,
  );

let server: BenchServer | undefined;
let service: RunningService | undefined;
let createdDatabase = false;
let keep = false;
let cleaning: Promise<void> | undefined;

function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    await service
      ?.stop()
      .catch((e: unknown) => log(`could not stop the service: ${(e as Error).message}`));
    await runningFloor.current?.stop().catch(() => undefined);
    if (server && createdDatabase) {
      if (keep) log(`kept database ${BENCH_DATABASE} (BENCH_KEEP=1) on ${redact(server.adminUrl)}`);
      else
        await dropDatabase(server.adminUrl, BENCH_DATABASE).catch((e: unknown) =>
          log(`could not drop ${BENCH_DATABASE}: ${(e as Error).message}`),
        );
    }
    await server?.stop().catch(() => undefined);
  })();
  return cleaning;
}

async function main(): Promise<void> {
  const settings = loadBenchSettings();
  keep = settings.keep;
  const loadAtStart = loadavg();
  log(
    `machine: ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GB, node ${process.version}, load average ${loadAtStart.map((x) => x.toFixed(2)).join(' ')}`,
  );
  if (loadAtStart[0] > 0.5)
    log(
      'note: the machine is already busy (load average above 0.5): other processes compete for the cores and the figures are noisier',
    );

  server = await resolveBenchServer(log);
  const kept = withDatabase(server.adminUrl, BENCH_DATABASE);
  const reused =
    settings.reuse &&
    (await databaseExists(server.adminUrl, BENCH_DATABASE)) &&
    (await seededDoctors(kept)) === settings.doctors;
  log(
    `PostgreSQL: ${redact(server.adminUrl)} (${server.source}); ${reused ? 'reusing' : 'creating'} ${BENCH_DATABASE}`,
  );
  const url = reused ? kept : await recreateDatabase(server.adminUrl, BENCH_DATABASE);
  createdDatabase = !reused;
  const facts = await serverFacts(url);
  log(
    `server: ${Object.entries(facts)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}`,
  );

  if (!reused)
    log(`seeding ${settings.doctors.toLocaleString('en')} doctors (migrations + seedDemoData)…`);
  if (reused) await migratePending(url, (m) => log(`${m} to the kept ${BENCH_DATABASE}`));
  const seed = reused ? null : await migrateAndSeed(url, settings.doctors);
  const s = seed?.stats;
  if (s && seed)
    log(
      `seeded in ${(s.ms / 1000).toFixed(1)} s (migrations ${(seed.migrateMs / 1000).toFixed(1)} s): ${s.doctors} doctors, ` +
        `${s.clinics} clinics, ${s.doctorClinics} doctor-clinic links, ${s.offerings} specialist offerings, ${s.reviews} reviews`,
    );

  // The service's key-hashing secret, known now: the cursor cases carry cursors it signs.
  const secret = newKeyHashSecret();
  const changeLog = await ensureChangeLog(url, serviceEnv(url, secret), settings.changes, log);
  const samples = await pickSamples(url);
  const all = [
    ...benchEndpoints(samples, secret),
    // Issue 33's rows (hours and graded status), outside the mixed row.
    ...hoursEndpoints(samples),
    ...syncEndpoints(await pickSyncSamples(url, changeLog), secret),
    // Issue 48's FHIR searches, held to the lists' target, outside the mixed row.
    ...fhirEndpoints(samples, secret),
  ];
  const endpoints = settings.only.length
    ? all.filter((e) => settings.only.some((o) => e.name.toLowerCase().includes(o)))
    : all;
  // Issue 32: random cases drawn from a seed (random-cases.ts), measured after the fixed ones.
  const random = await drawForBench(url, settings, secret, log);
  if (endpoints.length === 0 && random.length === 0)
    throw new Error(`BENCH_ONLY matches no endpoint; names: ${all.map((e) => e.name).join(', ')}`);

  log(`direct SQL: ${settings.sqlRuns} runs per endpoint, one connection, no load`);
  const { timings: sql, floor: floorStatements } = await directSql(
    url,
    endpoints,
    settings.sqlRuns,
    settings.floor,
    log,
  );

  const port = await freePort();
  const apiKey = await issueAdminKey(serviceEnv(url, secret));
  log(
    `admin key issued with the CLI (${apiKey.slice(0, 17)}…); starting the service on port ${port}`,
  );
  service = await startService(serviceEnv(url, secret, port), port);
  const origin = new URL(service.baseUrl).origin;
  const loaded = await waitForListsInMemory(service.baseUrl, apiKey);
  if (loaded) log(`doctor lists in memory: ${loaded}`);
  log(
    `service ready (pid ${service.pid}); load: ${settings.connections} connections, ${settings.warmupSec} s warm-up + ${settings.durationSec} s per endpoint`,
  );

  const rows: EndpointReport[] = [];
  let feedStart: LoadResult | undefined;
  for (const e of endpoints) {
    const first = await probe(origin, apiKey, e.targets[0].path);
    if (first.status !== 200)
      log(`  ! ${e.name}: ${e.targets[0].path} answered ${first.status}: ${first.body}`);
    const http = await loadEndpoint(e, { origin, apiKey, ...settings, servicePid: service.pid });
    const verdict = verdictOf(e.kind, http, settings.p99TargetMs, feedStart);
    if (e.kind === 'feed') feedStart ??= http;
    rows.push({
      name: e.name,
      kind: e.kind,
      urls: e.targets.length,
      example: e.targets[0].path,
      http,
      sql: sql.get(e.name) ?? null,
      floor: null,
      verdict,
    });
    log(
      `  HTTP ${e.name.padEnd(30)} ${String(http.rps).padStart(6)} req/s  p50 ${http.p50.toFixed(2)}  p99 ${http.p99.toFixed(2)} ms` +
        `  non-2xx ${http.non2xx}  ${verdict.pass ? 'PASS' : 'MISS'}`,
    );
  }
  const randomRows = await measureRandomClasses(
    random,
    { origin, apiKey, ...settings, servicePid: service.pid },
    log,
  );
  // Issue 32, item 3: the list cases alternated with the reference floor (commit 0cf655c's SQL).
  const reference = await alternateIfReference(
    url,
    settings.doctors,
    endpoints,
    { origin, apiKey, ...settings, servicePid: service.pid },
    log,
  );
  await service.stop();
  service = undefined;

  if (floorStatements.size > 0) {
    log('floor: the same URLs from a bare node:http + pg server sending the same SQL');
    const floors = await floorLoads(url, endpoints, floorStatements, { apiKey, ...settings }, log);
    for (const [i, r] of rows.entries()) {
      const f = floors.get(r.name);
      if (f) rows[i] = { ...r, floor: f };
    }
  }

  const aggregates = compareAggregates(rows);
  const out: string[] = [];
  out.push(
    '',
    `== HTTP, ${settings.doctors.toLocaleString('en')} doctors ==`,
    httpTable(rows, settings.connections),
  );
  out.push('', '== Direct SQL (same statements, pg, one connection) ==', sqlTable(rows));
  if (rows.some((r) => r.floor))
    out.push(
      '',
      '== Floor (the same URLs and SQL from a bare node:http + pg server) ==',
      floorTable(rows),
    );
  if (randomRows.length) out.push('', randomBenchReport(randomRows, settings));
  if (reference)
    out.push(
      '',
      '== Reference floor (issue 32, item 3: 1.5x, search 2x) ==',
      referenceTable(reference),
    );
  const { lines, misses } = targetLines(rows, aggregates);
  out.push('', '== Targets (issue 3) ==', ...lines);
  const loadAtEnd = loadavg();
  out.push(
    `${s ? `seed: ${(s.ms / 1000).toFixed(1)} s for ${s.doctors} doctors` : `reused ${BENCH_DATABASE}`}; ` +
      `change log: ${changeLog.changes} changes (${changeLog.mode}${changeLog.ms ? `, ${(changeLog.ms / 1000).toFixed(1)} s` : ''}); ` +
      `total run ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  out.push(
    `load average (1/5/15 min) at start ${loadAtStart.map((x) => x.toFixed(2)).join(' ')}, at end ${loadAtEnd.map((x) => x.toFixed(2)).join(' ')}`,
  );
  process.stdout.write(out.join('\n') + '\n');

  mkdirSync(RESULTS_DIR, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = join(RESULTS_DIR, `bench-${stamp}.json`);
  const report = {
    startedAt: new Date(started).toISOString(),
    settings,
    machine: {
      cores: cpus().length,
      memoryGb: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      loadAtStart,
      loadAtEnd,
    },
    postgres: { source: server.source, ...facts },
    seed: seed ? { ...seed.stats, migrateMs: seed.migrateMs } : null,
    changeLog,
    endpoints: rows,
    random: randomRows,
    reference: reference ?? null,
    aggregates,
    targetsMet: misses === 0,
  };
  writeFileSync(file, JSON.stringify(report, null, 2) + '\n');
  log(`results written to ${file}`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: cleaning up`);
    void cleanup().finally(() => process.exit(130));
  });
}

void main()
  .then(
    () => 0,
    (e: unknown) => {
      process.stderr.write(`bench failed: ${(e as Error).message}\n`);
      if (service) process.stderr.write(`service output:\n${service.output()}\n`);
      return 1;
    },
  )
  .then(async (code) => {
    await cleanup();
    process.exit(code);
  });
