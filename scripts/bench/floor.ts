import { createServer, Server } from 'node:http';
import { Pool } from 'pg';
import { SERVING_SESSION_OPTIONS } from '../../src/infrastructure/database/data-source-options';
import { DIRECTORY_TYPES } from '../../src/infrastructure/database/fast-type-parsers';
import {
  isPreparable,
  PLAN_SESSION_OPTIONS,
  PlanSession,
  planSessionOf,
  preparedStatementName,
} from '../../src/infrastructure/database/prepared-reads';
import { RecordedQuery } from './recording';

/** Each URL's path under PREFIX, with the statements the service sends for it, in order. */
export type FloorStatements = Readonly<Record<string, readonly RecordedQuery[]>>;

export const FLOOR_PREFIX = '/api/v1';

export interface Floor {
  readonly server: Server;
  close(): Promise<void>;
}

/**
 * The floor of the service's speed (issue 14, item 6): a bare `node:http` + `pg` server that
 * answers each of the benchmark's URLs by sending exactly the statements the service sends for it
 * (captured from the repositories, warm), on pools set up as the service's (the same session
 * settings, type parsers, prepared statement names and side pools of generic plans), and returns
 * the last statement's rows as JSON. No key, validation, mapping, cache or headers: what the
 * service uses beyond this server's CPU per request is the framework's. `GET /api/v1/` answers
 * 200 (readiness), any other URL 404.
 */
export function createFloor(statements: FloorStatements, url: string, poolSize = 10): Floor {
  const base = { connectionString: url, types: DIRECTORY_TYPES, options: SERVING_SESSION_OPTIONS };
  const main = new Pool({ ...base, max: poolSize });
  const sides = new Map<PlanSession, Pool>();
  const send = (q: RecordedQuery): Promise<{ rows: unknown[] }> => {
    const kind = planSessionOf(q.sql);
    if (kind === undefined)
      return main.query({
        name: isPreparable(q.sql) ? preparedStatementName(q.sql) : undefined,
        text: q.sql,
        values: q.params as unknown[],
      });
    let side = sides.get(kind);
    if (!side) {
      side = new Pool({
        ...base,
        max: Math.max(1, Math.ceil(poolSize / 2)),
        options: `${SERVING_SESSION_OPTIONS} ${PLAN_SESSION_OPTIONS[kind]}`,
      });
      sides.set(kind, side);
    }
    return side.query({
      name: preparedStatementName(q.sql),
      text: q.sql,
      values: q.params as unknown[],
    });
  };
  const answer = async (path: string): Promise<{ status: number; body: unknown }> => {
    if (path === '/') return { status: 200, body: { floor: true } };
    const sent = statements[path];
    if (!sent) return { status: 404, body: { error: 'not a captured URL' } };
    let rows: unknown[] = [];
    for (const q of sent) rows = (await send(q)).rows;
    return { status: 200, body: { rows } };
  };
  const server = createServer((req, res) => {
    const path = req.url ?? '';
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    if (!path.startsWith(FLOOR_PREFIX)) return reply(404, { error: 'not a captured URL' });
    answer(path.slice(FLOOR_PREFIX.length)).then(
      (a) => reply(a.status, a.body),
      (e: unknown) => reply(500, { error: (e as Error).message }),
    );
  });
  server.keepAliveTimeout = 65_000;
  const close = async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await Promise.all([main.end(), ...[...sides.values()].map((p) => p.end())]);
  };
  return { server, close };
}
