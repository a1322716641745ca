// The serving process's V8 settings, as the service applies them before anything loads.
import '../../src/infrastructure/runtime/serving-v8-flags';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
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

/**
 * The floor of the service's speed (issue 14, item 6): a bare `node:http` + `pg` server that answers
 * each of the benchmark's URLs by sending exactly the statements the service sends for it (captured
 * from the repositories, warm), on pools set up as the service's (the same session settings, type
 * parsers, prepared statement names and side pools of generic plans), and returns the last
 * statement's rows as JSON. No key, validation, mapping, cache or headers: what the service uses
 * beyond this server's CPU per request is the framework's.
 *
 * Usage: node dist/scripts/bench/floor-server.js <statements.json> (DATABASE_URL, PORT, DB_POOL_SIZE).
 */
const PREFIX = '/api/v1';
const statements = JSON.parse(readFileSync(process.argv[2], 'utf8')) as Record<
  string,
  RecordedQuery[]
>;
const url = process.env.DATABASE_URL;
const port = Number(process.env.PORT);
const poolSize = Number(process.env.DB_POOL_SIZE ?? 10);
if (!url || !port) throw new Error('floor-server: DATABASE_URL and PORT are required');

const base = { connectionString: url, types: DIRECTORY_TYPES, options: SERVING_SESSION_OPTIONS };
const main = new Pool({ ...base, max: poolSize });
const sides = new Map<PlanSession, Pool>();
function send(q: RecordedQuery): Promise<{ rows: unknown[] }> {
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
}

function answer(
  path: string,
): Promise<{ status: number; body: unknown }> | { status: number; body: unknown } {
  if (path === '/') return { status: 200, body: { floor: true } };
  const sent = statements[path];
  if (!sent) return { status: 404, body: { error: 'not a captured URL' } };
  return (async () => {
    let rows: unknown[] = [];
    for (const q of sent) rows = (await send(q)).rows;
    return { status: 200, body: { rows } };
  })();
}

const server = createServer((req, res) => {
  const url = req.url ?? '';
  void Promise.resolve(
    url.startsWith(PREFIX) ? answer(url.slice(PREFIX.length)) : { status: 404, body: {} },
  )
    .then(({ status, body }) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    })
    .catch((e: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ error: (e as Error).message }));
    });
});

const close = () => {
  server.close();
  void Promise.all([main.end(), ...[...sides.values()].map((p) => p.end())]).finally(() =>
    process.exit(0),
  );
};
process.on('SIGTERM', close);
process.on('SIGINT', close);
server.keepAliveTimeout = 65_000;
server.listen(port, '127.0.0.1');
