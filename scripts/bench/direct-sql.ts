import {
  isPreparable,
  planSessionOf,
  PlanSession,
  preparedStatementName,
} from '../../src/infrastructure/database/prepared-reads';
import { Client } from 'pg';
import { Target } from './endpoints';
import { DirectoryUseCases, Recorder, RecordedQuery } from './recording';
import { elapsedMs, quantile, round } from './stats';

export interface StatementTiming {
  /** `count` for a page's total, else `rows`, numbered in the order sent. */
  readonly label: string;
  readonly median: number;
}

export interface SqlTiming {
  /** Statements one request sends (the service runs some of them in parallel). */
  readonly statementsPerRequest: number;
  /** All statements of one request, one after the other on one connection (ms). */
  readonly median: number;
  readonly p99: number;
  /** The slowest statement of a request, median over the runs: the floor of a request that runs them in parallel. */
  readonly slowestStatementMedian: number;
  readonly statements: StatementTiming[];
  readonly runs: number;
}

/**
 * The statements each target sends, captured by calling the use cases over the recording
 * DataSource: those of its last call when `calls` > 1 (a warm instance, once the use cases'
 * caches hold the target's names and totals; the counts a first call starts load beside it).
 */
export async function captureStatements(
  recorder: Recorder,
  useCases: DirectoryUseCases,
  targets: readonly Target[],
  calls = 1,
): Promise<RecordedQuery[][]> {
  const out: RecordedQuery[][] = [];
  for (const t of targets) {
    let sent: RecordedQuery[] = [];
    for (let i = 0; i < calls; i++) {
      recorder.take();
      await t.call(useCases);
      sent = recorder.take();
    }
    out.push(sent);
  }
  return out;
}

function labels(statements: readonly RecordedQuery[]): string[] {
  return statements.map(
    (s, i) => `${/^\s*SELECT count\(\*\)::int AS n\b/i.test(s.sql) ? 'count' : 'rows'}#${i + 1}`,
  );
}

/**
 * Runs the captured statements directly with `pg` on one connection: each run takes the next
 * target's statements in turn and sends them one after the other. One warm-up pass first.
 */
export async function timeStatements(
  client: Client,
  sessions: Readonly<Record<PlanSession, Client>>,
  captured: readonly RecordedQuery[][],
  runs: number,
): Promise<SqlTiming> {
  // As the service sends them (prepared-reads.ts): lookups as named prepared statements, short
  // walks and statements of fixed plan named on a connection of generic plans.
  const exec = (q: RecordedQuery) => {
    const session = planSessionOf(q.sql);
    return session !== undefined
      ? sessions[session].query({
          name: preparedStatementName(q.sql),
          text: q.sql,
          values: q.params as unknown[],
        })
      : client.query({
          name: isPreparable(q.sql) ? preparedStatementName(q.sql) : undefined,
          text: q.sql,
          values: q.params as unknown[],
        });
  };
  for (const statements of captured) for (const q of statements) await exec(q);
  const totals: number[] = [];
  const slowest: number[] = [];
  const perStatement: number[][] = [];
  for (let i = 0; i < runs; i++) {
    const statements = captured[i % captured.length];
    let total = 0;
    let max = 0;
    for (const [j, q] of statements.entries()) {
      const t0 = process.hrtime.bigint();
      await exec(q);
      const ms = elapsedMs(t0);
      total += ms;
      max = Math.max(max, ms);
      (perStatement[j] ??= []).push(ms);
    }
    totals.push(total);
    slowest.push(max);
  }
  const names = labels(captured[0] ?? []);
  return {
    statementsPerRequest: captured[0]?.length ?? 0,
    median: round(quantile(totals, 0.5)),
    p99: round(quantile(totals, 0.99)),
    slowestStatementMedian: round(quantile(slowest, 0.5)),
    statements: perStatement.map((xs, j) => ({
      label: names[j] ?? `#${j + 1}`,
      median: round(quantile(xs, 0.5)),
    })),
    runs,
  };
}
