import 'reflect-metadata';
import { hoursPlanCases } from './bench/hours-cases';
import { KeepingReadCache, NoReadCache } from '../src/application/shared/read-cache';
import { ListTotals } from '../src/infrastructure/persistence/directory/list-totals';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDataSource } from '../src/infrastructure/database/data-source-options';
import { isWalk, planSessionOf } from '../src/infrastructure/database/prepared-reads';
import {
  BenchServer,
  databaseExists,
  dropDatabase,
  migrateAndSeed,
  recreateDatabase,
  redact,
  resolveBenchServer,
  seededDoctors,
  withDatabase,
} from './bench/database';
import { pickSamples } from './bench/endpoints';
import { RESULTS_DIR } from './bench/paths';
import { PlanCase, planCases, PlanKind } from './bench/plan-cases';
import { GUARDED } from './bench/plan-reads';
import { fhirPlanCases } from './bench/fhir-plan-cases';
import { randomPlans } from './bench/random-plans';
import { ensureChangeLog } from './bench/change-log';
import { pickSyncSamples, syncPlanCases } from './bench/sync-cases';
import { TypeOrmFhirDirectoryReader } from '../src/infrastructure/persistence/fhir/typeorm-fhir-directory.reader';
import {
  directoryUseCases,
  namesOnlyMemory,
  RecordedQuery,
  recordingDataSource,
} from './bench/recording';
import { BENCH_DATABASE, flag, loadBenchSettings } from './bench/settings';
import { quantile, round } from './bench/stats';
import {
  closePlanClients,
  compactParams,
  describe,
  explain,
  oneLine,
  openPlanClients,
  textPlan,
  walk,
} from './bench/explain';

/**
 * `npm run plans` (issue 3, item 4): EXPLAIN (ANALYZE, BUFFERS) of every statement the
 * repositories send for the directory's reads, at 100,000 doctors (BENCH_DOCTORS). The SQL is
 * the repositories' own: they run over a DataSource whose `query` records each (SQL, params).
 * Fails (exit 1) when a plan reads doctors, clinics, doctor_search, clinic_doctor_search,
 * specialist_offerings or reviews with a Seq Scan. The whole-directory aggregates (summary,
 * metadata: cached by the service) are reported but only fail with PLANS_STRICT=1.
 * Reuses the bench database when `npm run bench` left it (BENCH_KEEP=1) with the same size.
 * Then random cases drawn from a printed seed (issue 32, random-plans.ts), flagged per class.
 */

const SLOW_MS = Number(process.env.PLANS_SLOW_MS ?? 10);

interface StatementPlan {
  readonly case: string;
  readonly kind: PlanKind;
  readonly statement: number;
  readonly sql: string;
  readonly params: readonly unknown[];
  readonly topNode: string;
  readonly indexes: string[];
  readonly seqScans: string[];
  readonly guardedSeqScans: string[];
  readonly executionMs: number;
  readonly planningMs: number;
  readonly jitMs: number | null;
  readonly failed: boolean;
  readonly slow: boolean;
  readonly text?: string;
}

async function prepare(
  server: BenchServer,
  doctors: number,
  log: (m: string) => void,
): Promise<{ url: string; drop: boolean }> {
  const url = withDatabase(server.adminUrl, BENCH_DATABASE);
  if (await databaseExists(server.adminUrl, BENCH_DATABASE)) {
    const n = await seededDoctors(url);
    if (n === doctors) {
      log(`reusing ${BENCH_DATABASE} (${n} doctors, left by npm run bench with BENCH_KEEP=1)`);
      return { url, drop: false };
    }
    log(`${BENCH_DATABASE} holds ${n ?? 'no'} doctors, not ${doctors}: seeding it again`);
  }
  await recreateDatabase(server.adminUrl, BENCH_DATABASE);
  log(`seeding ${doctors.toLocaleString('en')} doctors…`);
  const seed = await migrateAndSeed(url, doctors);
  log(`seeded in ${(seed.stats.ms / 1000).toFixed(1)} s`);
  return { url, drop: !flag('BENCH_KEEP') };
}

async function main(): Promise<number> {
  const log = (m: string) => process.stdout.write(`[plans] ${m}\n`);
  const settings = loadBenchSettings();
  const strict = flag('PLANS_STRICT');
  const server = await resolveBenchServer(log);
  let drop = false;
  try {
    log(`PostgreSQL: ${redact(server.adminUrl)} (${server.source})`);
    const prepared = await prepare(server, settings.doctors, log);
    drop = prepared.drop;
    const url = prepared.url;
    const samples = await pickSamples(url);
    // The change feed's pages (the log as the bench left it: none after a fresh seed).
    const changeLog = await ensureChangeLog(url, process.env, 'none', log);
    const cases: PlanCase[] = [
      ...planCases(samples),
      // Issue 33: openNow, openAt and acceptingStatus, alone and with the other filters.
      ...hoursPlanCases(samples),
      ...syncPlanCases(await pickSyncSamples(url, changeLog)),
    ];

    // Capture: each case through the use cases, over the recording DataSource.
    const ds = await openDataSource(url, {
      poolSize: 2,
      connectTimeoutMs: 10_000,
      statementTimeoutMs: 60_000,
    });
    const recorder = recordingDataSource(ds);
    const useCases = directoryUseCases(recorder.dataSource);
    cases.push(
      ...fhirPlanCases(
        samples,
        new TypeOrmFhirDirectoryReader(
          recorder.dataSource,
          new ListTotals(recorder.dataSource, new NoReadCache()),
          // The name parameters read the name index (issue 50), loaded outside the recording.
          namesOnlyMemory(recorder.dataSource),
        ),
      ),
    );
    // BENCH_ONLY: the cases whose name contains one of its parts, as in the bench.
    if (settings.only.length)
      cases.splice(
        0,
        cases.length,
        ...cases.filter((c) => settings.only.some((o) => c.name.toLowerCase().includes(o))),
      );
    // And as a warm instance sends them (names and totals cached): the short walks, which run
    // on their generic plans.
    const warmUseCases = directoryUseCases(recorder.dataSource, new KeepingReadCache());
    const captured: { c: PlanCase; statements: RecordedQuery[] }[] = [];
    try {
      for (const c of cases) {
        recorder.take();
        await c.target.call(useCases);
        captured.push({ c, statements: recorder.take() });
      }
      for (const c of cases) {
        let warm: RecordedQuery[] = [];
        for (let i = 0; i < 3; i++) {
          recorder.take();
          await c.target.call(warmUseCases);
          warm = recorder.take();
        }
        const walks = warm.filter((q) => isWalk(q.sql));
        if (walks.length)
          captured.push({ c: { ...c, name: `${c.name} (warm walk)` }, statements: walks });
        const fixed = warm.filter((q) => planSessionOf(q.sql) === 'fixed');
        if (fixed.length)
          captured.push({ c: { ...c, name: `${c.name} (warm fixed plan)` }, statements: fixed });
      }
    } finally {
      await ds.destroy();
    }

    const clients = await openPlanClients(url);
    const plans: StatementPlan[] = [];
    const seen = new Set<string>();
    try {
      for (const { c, statements } of captured) {
        for (const [i, q] of statements.entries()) {
          const key = `${q.sql}\u0000${compactParams(q.params)}`;
          if (seen.has(key)) continue; // the same statement from an earlier case (e.g. idOfCpso)
          seen.add(key);
          const { json, times } = await explain(clients, q);
          const indexes = new Set<string>();
          const seqScans = new Set<string>();
          walk(json.Plan, (n) => {
            if (n['Index Name']) indexes.add(n['Index Name']);
            if (n['Node Type'] === 'Seq Scan' && n['Relation Name'])
              seqScans.add(n['Relation Name']);
          });
          const guardedSeqScans = [...seqScans].filter((r) => GUARDED.has(r));
          const failed = guardedSeqScans.length > 0 && (c.kind !== 'aggregate' || strict);
          const executionMs = round(quantile(times, 0.5), 3);
          const slow = executionMs > SLOW_MS;
          plans.push({
            case: c.name,
            kind: c.kind,
            statement: i + 1,
            sql: q.sql,
            params: q.params,
            topNode: describe(json.Plan),
            indexes: [...indexes],
            seqScans: [...seqScans],
            guardedSeqScans,
            executionMs,
            planningMs: round(json['Planning Time'], 3),
            jitMs: json.JIT?.Timing?.Total !== undefined ? round(json.JIT.Timing.Total, 3) : null,
            failed,
            slow,
            text:
              failed || slow || guardedSeqScans.length > 0 ? await textPlan(clients, q) : undefined,
          });
        }
      }
    } finally {
      await closePlanClients(clients);
    }

    for (const p of plans) {
      const status = p.failed
        ? 'SEQ '
        : p.guardedSeqScans.length
          ? 'seq*'
          : p.slow
            ? 'SLOW'
            : 'ok  ';
      process.stdout.write(
        `${status} ${p.executionMs.toFixed(2).padStart(8)} ms  ${`${p.case} #${p.statement}`.padEnd(72)} ` +
          `plan ${p.planningMs.toFixed(2)} ms; top: ${p.topNode}; index: ${p.indexes.join(', ') || 'NONE'}` +
          `${p.seqScans.length ? `; seq scan: ${p.seqScans.join(', ')}` : ''}${p.jitMs !== null ? `; JIT ${p.jitMs} ms` : ''}\n`,
      );
    }
    const noteworthy = plans.filter((p) => p.text);
    for (const p of noteworthy) {
      process.stdout.write(
        `\n--- ${p.case} #${p.statement} (${p.kind}${p.failed ? ', SEQ SCAN' : ''}${p.slow ? `, slow: ${p.executionMs} ms` : ''})\n` +
          `SQL: ${oneLine(p.sql, 400)}\nparams: ${compactParams(p.params)}\n${p.text}\n`,
      );
    }
    const failed = plans.filter((p) => p.failed);
    const slow = plans.filter((p) => p.slow);
    const expected = plans.filter((p) => !p.failed && p.guardedSeqScans.length);
    process.stdout.write(
      `\n${plans.length} statements from ${cases.length} reads at ${settings.doctors.toLocaleString('en')} doctors: ` +
        `${failed.length} with a Seq Scan on a guarded table, ${slow.length} over ${SLOW_MS} ms` +
        `${expected.length ? `, ${expected.length} whole-directory aggregate(s) scanning by nature (seq*; PLANS_STRICT=1 fails them)` : ''}\n`,
    );
    // Issue 32: random cases drawn from a seed, per class, flagged beyond a page's worth.
    const random = await randomPlans(url, settings.random, settings.only, log);
    mkdirSync(RESULTS_DIR, { recursive: true });
    const file = join(RESULTS_DIR, `plans-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    writeFileSync(
      file,
      JSON.stringify({ doctors: settings.doctors, slowMs: SLOW_MS, plans, random }, null, 2) + '\n',
    );
    log(`plans written to ${file}`);
    if (failed.length) {
      process.stdout.write(
        `FAIL: Seq Scan in ${failed.map((p) => `${p.case} #${p.statement} (${p.guardedSeqScans.join(', ')})`).join('; ')}\n`,
      );
      return 1;
    }
    process.stdout.write(`PASS: no Seq Scan on ${[...GUARDED].join(', ')}\n`);
    return strict && random?.flaggedClasses ? 1 : 0;
  } finally {
    if (drop) await dropDatabase(server.adminUrl, BENCH_DATABASE).catch(() => undefined);
    await server.stop().catch(() => undefined);
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`plans failed: ${(e as Error).message}\n`);
    process.exit(2);
  },
);
