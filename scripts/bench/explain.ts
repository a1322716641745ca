import { Client } from 'pg';
import { SERVING_SESSION_OPTIONS } from '../../src/infrastructure/database/data-source-options';
import {
  executeSql,
  planSessionOf,
  PlanSession,
  PLAN_SESSION_OPTIONS,
  preparedStatementName,
} from '../../src/infrastructure/database/prepared-reads';
import { RecordedQuery } from './recording';

/**
 * EXPLAIN of a recorded statement as the service runs it (`npm run plans`): on a serving
 * session, or, for a short walk or a statement of fixed plan, named on a session of those (its
 * generic plan). Moved out of query-plans.ts so that the random cases (random-plans.ts) explain
 * their statements the same way.
 */

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Strategy?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Rows Removed by Join Filter'?: number;
  'Heap Fetches'?: number;
  Plans?: PlanNode[];
}

export interface ExplainJson {
  Plan: PlanNode;
  'Planning Time': number;
  'Execution Time': number;
  JIT?: { Timing?: { Total?: number } };
}

/** EXPLAIN ANALYZE runs of each statement (the median's time is reported). */
export const RUNS = 3;

export function walk(node: PlanNode, visit: (n: PlanNode) => void): void {
  visit(node);
  for (const child of node.Plans ?? []) walk(child, visit);
}

export function describe(node: PlanNode): string {
  return node.Strategy && node.Strategy !== 'Plain'
    ? `${node['Node Type']} (${node.Strategy})`
    : node['Node Type'];
}

/** The plain session, and one of each kind of generic plans (prepared-reads.ts). */
export type Clients = { plain: Client } & Record<PlanSession, Client>;

/** Connected sessions set up as the service's (close them with `closePlanClients`). */
export async function openPlanClients(url: string): Promise<Clients> {
  const client = new Client({
    connectionString: url,
    application_name: 'gtad-plans',
    options: SERVING_SESSION_OPTIONS,
  });
  const session = (kind: PlanSession) =>
    new Client({
      connectionString: url,
      application_name: `gtad-plans-${kind}`,
      options: `${SERVING_SESSION_OPTIONS} ${PLAN_SESSION_OPTIONS[kind]}`,
    });
  const clients: Clients = { plain: client, walks: session('walks'), fixed: session('fixed') };
  await client.connect();
  await clients.walks.connect();
  await clients.fixed.connect();
  return clients;
}

export async function closePlanClients(clients: Clients): Promise<void> {
  await clients.plain.end().catch(() => undefined);
  await clients.walks.end().catch(() => undefined);
  await clients.fixed.end().catch(() => undefined);
}

/**
 * What to EXPLAIN for a statement: the statement itself, or, for a short walk, an EXECUTE of it
 * named on a walks' session (its generic plan, as the service runs it), and likewise a statement
 * of fixed plan on a session of those.
 */
async function explained(
  clients: Clients,
  q: RecordedQuery,
): Promise<{ client: Client; text: string; values: unknown[] }> {
  const session = planSessionOf(q.sql);
  if (session === undefined)
    return { client: clients.plain, text: q.sql, values: q.params as unknown[] };
  const name = preparedStatementName(q.sql);
  await clients[session].query({ name, text: q.sql, values: q.params as unknown[] });
  return { client: clients[session], text: executeSql(q.sql, q.params), values: [] };
}

export async function explain(
  clients: Clients,
  q: RecordedQuery,
  runs = RUNS,
): Promise<{ json: ExplainJson; times: number[] }> {
  const times: number[] = [];
  let json: ExplainJson | undefined;
  const { client, text, values } = await explained(clients, q);
  for (let i = 0; i < runs; i++) {
    const r = await client.query<{ 'QUERY PLAN': ExplainJson[] }>({
      text: `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${text}`,
      values,
    });
    json = r.rows[0]['QUERY PLAN'][0];
    times.push(json['Execution Time']);
  }
  return { json: json!, times };
}

export async function textPlan(clients: Clients, q: RecordedQuery): Promise<string> {
  const { client, text, values } = await explained(clients, q);
  const r = await client.query<{ 'QUERY PLAN': string }>({
    text: `EXPLAIN (ANALYZE, BUFFERS) ${text}`,
    values,
  });
  return r.rows.map((x) => x['QUERY PLAN']).join('\n');
}

export function compactParams(params: readonly unknown[]): string {
  return JSON.stringify(params.map((p) => (p instanceof Date ? p.toISOString() : p)));
}

export function oneLine(sql: string, max = 160): string {
  const s = sql.replace(/\s+/g, ' ').trim();
  return s.length > max ? `${s.slice(0, max)}…` : s;
}
