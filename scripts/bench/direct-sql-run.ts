import { Client } from 'pg';
import { KeepingReadCache } from '../../src/application/shared/read-cache';
import {
  openDataSource,
  SERVING_SESSION_OPTIONS,
} from '../../src/infrastructure/database/data-source-options';
import { PLAN_SESSION_OPTIONS } from '../../src/infrastructure/database/prepared-reads';
import { captureStatements, SqlTiming, timeStatements } from './direct-sql';
import { Endpoint } from './endpoints';
import { FloorStatements } from './floor';
import { directoryUseCases, recordingDataSource } from './recording';

/** Per floor case: each URL's statements (under /api/v1), as a warm service sends them. */
export type FloorCases = Map<string, FloorStatements>;

/**
 * The direct SQL of each case (moved from bench.ts): its statements captured from the
 * repositories as a warm instance sends them, timed with pg on sessions set up as the service's;
 * and, for the floor cases, every URL's statements, for the floor server.
 */
export async function directSql(
  url: string,
  endpoints: readonly Endpoint[],
  runs: number,
  floorCases: readonly string[],
  log: (m: string) => void,
): Promise<{ timings: Map<string, SqlTiming>; floor: FloorCases }> {
  const ds = await openDataSource(url, {
    poolSize: 2,
    connectTimeoutMs: 10_000,
    statementTimeoutMs: 60_000,
  });
  const recorder = recordingDataSource(ds);
  // A warm instance's statements: names and totals cached, as under the HTTP load.
  const useCases = directoryUseCases(recorder.dataSource, new KeepingReadCache());
  // The service's own session settings, so the direct SQL is planned as the service's is.
  const client = new Client({
    connectionString: url,
    application_name: 'gtad-bench-direct',
    options: SERVING_SESSION_OPTIONS,
  });
  const sessionClient = (name: string, options: string) =>
    new Client({
      connectionString: url,
      application_name: `gtad-bench-direct-${name}`,
      options: `${SERVING_SESSION_OPTIONS} ${options}`,
    });
  const sessions = {
    walks: sessionClient('walks', PLAN_SESSION_OPTIONS.walks),
    fixed: sessionClient('fixed', PLAN_SESSION_OPTIONS.fixed),
  };
  await client.connect();
  await sessions.walks.connect();
  await sessions.fixed.connect();
  const out = new Map<string, SqlTiming>();
  const floor: FloorCases = new Map();
  try {
    for (const e of endpoints) {
      if (e.kind === 'baseline' || e.kind === 'mixed') continue;
      if (floorCases.some((c) => e.name.toLowerCase().includes(c))) {
        const all = await captureStatements(recorder, useCases, e.targets, 3);
        floor.set(e.name, Object.fromEntries(e.targets.map((t, i) => [t.path, all[i]])));
      }
      const captured = await captureStatements(recorder, useCases, e.targets.slice(0, runs), 3);
      const t = await timeStatements(client, sessions, captured, runs);
      out.set(e.name, t);
      log(
        `  SQL ${e.name.padEnd(30)} ${t.statementsPerRequest} stmt  p50 ${t.median.toFixed(2)} ms  p99 ${t.p99.toFixed(2)} ms`,
      );
    }
  } finally {
    await client.end().catch(() => undefined);
    await sessions.walks.end().catch(() => undefined);
    await sessions.fixed.end().catch(() => undefined);
    await ds.destroy();
  }
  return { timings: out, floor };
}
