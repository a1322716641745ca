import 'reflect-metadata';
import { Client } from 'pg';
import {
  openDataSource,
  SERVING_SESSION_OPTIONS,
} from '../../src/infrastructure/database/data-source-options';
import {
  executeSql,
  planSessionOf,
  PLAN_SESSION_OPTIONS,
  preparedStatementName,
} from '../../src/infrastructure/database/prepared-reads';
import { KeepingReadCache } from '../../src/application/shared/read-cache';
import { DoctorCriteria } from '../../src/domain/directory/criteria';
import { PageRequest } from '../../src/domain/shared/page';
import { defaultServerUrl, withDatabase } from './database';
import { directoryUseCases, RecordedQuery, recordingDataSource } from './recording';
import { BENCH_DATABASE } from './settings';

/**
 * Nearest-first cursor pages at depth (docs/list-reads.md, "Cursors and batch lookups"): for a
 * point, the page of 25 after the row at each depth of NEAR_DEPTHS (default 1,000, 10,000,
 * 100,000), by cursor and by offset, each statement with EXPLAIN (ANALYZE, BUFFERS) as the
 * service plans it; NEAR_RADIUS_KM adds a radius. Run after a build, on the bench database
 * (BENCH_DATABASE_NAME): `node dist/scripts/bench/near-depth.js`.
 */

interface Node {
  'Node Type': string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: Node[];
}

const point = {
  lat: Number(process.env.NEAR_LAT ?? 43.6532),
  lng: Number(process.env.NEAR_LNG ?? -79.3832),
};
const depths = (process.env.NEAR_DEPTHS ?? '1000,10000,100000').split(',').map(Number);
const radiusKm = process.env.NEAR_RADIUS_KM ? Number(process.env.NEAR_RADIUS_KM) : undefined;

function indexRows(n: Node, out: string[] = []): string[] {
  if (n['Index Name'])
    out.push(
      `${n['Node Type']} ${n['Index Name']}: ${n['Actual Rows']} rows x ${n['Actual Loops']}`,
    );
  for (const c of n.Plans ?? []) indexRows(c, out);
  return out;
}

async function main(): Promise<void> {
  const url = withDatabase(process.env.BENCH_DATABASE_URL ?? defaultServerUrl(), BENCH_DATABASE);
  const ds = await openDataSource(url, {
    poolSize: 1,
    connectTimeoutMs: 10_000,
    statementTimeoutMs: 600_000,
  });
  const recorder = recordingDataSource(ds);
  const u = directoryUseCases(recorder.dataSource, new KeepingReadCache());
  const sessions = Object.fromEntries(
    (['walks', 'fixed'] as const).map((k) => [
      k,
      new Client({
        connectionString: url,
        options: `${SERVING_SESSION_OPTIONS} ${PLAN_SESSION_OPTIONS[k]}`,
      }),
    ]),
  ) as Record<'walks' | 'fixed', Client>;
  const plain = new Client({ connectionString: url, options: SERVING_SESSION_OPTIONS });
  await Promise.all([plain.connect(), sessions.walks.connect(), sessions.fixed.connect()]);
  const criteria: DoctorCriteria = { near: point, radiusKm };
  const explain = async (q: RecordedQuery) => {
    const session = planSessionOf(q.sql);
    const client = session ? sessions[session] : plain;
    let text = q.sql;
    let values = q.params as unknown[];
    if (session) {
      await client.query({ name: preparedStatementName(q.sql), text: q.sql, values });
      text = executeSql(q.sql, q.params);
      values = [];
    }
    let best: { ms: number; top: Node; planText: string } | undefined;
    for (let i = 0; i < 3; i++) {
      const r = await client.query<{ 'QUERY PLAN': [{ Plan: Node; 'Execution Time': number }] }>({
        text: `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${text}`,
        values,
      });
      const [{ Plan, 'Execution Time': ms }] = r.rows[0]['QUERY PLAN'];
      if (!best || ms < best.ms) best = { ms, top: Plan, planText: '' };
    }
    const t = await client.query<{ 'QUERY PLAN': string }>({
      text: `EXPLAIN (ANALYZE, BUFFERS) ${text}`,
      values,
    });
    best!.planText = t.rows.map((x) => x['QUERY PLAN']).join('\n');
    return best!;
  };
  const run = async (label: string, page: PageRequest) => {
    recorder.take();
    await u.listDoctors.execute(criteria, page);
    await u.listDoctors.execute(criteria, page); // warm: totals and names cached
    recorder.take();
    await u.listDoctors.execute(criteria, page);
    for (const [i, q] of recorder.take().entries()) {
      const e = await explain(q);
      const blocks = (e.top['Shared Hit Blocks'] ?? 0) + (e.top['Shared Read Blocks'] ?? 0);
      process.stdout.write(
        `${label} #${i + 1}: best of 3 ${e.ms.toFixed(2)} ms, ${blocks} buffers; ${indexRows(e.top).join('; ')}\n`,
      );
      if (process.env.NEAR_PLANS) process.stdout.write(`${e.planText}\n`);
    }
  };
  process.stdout.write(
    `point ${point.lat},${point.lng}${radiusKm ? `, radius ${radiusKm} km` : ''} on ${BENCH_DATABASE}\n`,
  );
  await run('first page', { limit: 25, offset: 0 });
  for (const depth of depths) {
    const at = await u.listDoctors.execute(criteria, { limit: 1, offset: depth - 1 });
    if (!at.lastKey) {
      process.stdout.write(`depth ${depth}: past the end of the list\n`);
      continue;
    }
    await run(`after row ${depth}, cursor`, { limit: 25, offset: 0, after: at.lastKey });
    await run(`after row ${depth}, offset`, { limit: 25, offset: depth });
  }
  await Promise.all([plain.end(), sessions.walks.end(), sessions.fixed.end()]);
  await ds.destroy();
}

void main().catch((e: unknown) => {
  process.stderr.write(`near-depth failed: ${(e as Error).stack}\n`);
  process.exit(1);
});
