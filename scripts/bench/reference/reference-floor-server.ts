import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { Pool, PoolClient } from 'pg';
import { paramOf, ReferenceFile, ReferenceRequest } from './reference-file';

/**
 * The reference floor of issue 32, item 3: a bare Fastify + `pg` server that answers each URL of
 * a captured reference file (capture.ts; the SQL of commit 0cf655c) by sending that URL's
 * statements as the old build sent them: the same texts, parameters and prepared names, on as
 * many connections as it used, wave after wave. It returns the last statement's rows as JSON.
 * No key check, validation, mapping, cache or header of its own: a default Fastify instance and
 * a default pg pool, so that the ratio of the service's throughput to this server's says how far
 * the service is past what that SQL allows.
 *
 * Usage: node dist/scripts/bench/reference/reference-floor-server.js <reference.json>
 * (DATABASE_URL, PORT, DB_POOL_SIZE).
 */
const url = process.env.DATABASE_URL;
const port = Number(process.env.PORT);
if (!url || !port) throw new Error('reference-floor-server: DATABASE_URL and PORT are required');
const reference = JSON.parse(readFileSync(process.argv[2], 'utf8')) as ReferenceFile;
const pool = new Pool({ connectionString: url, max: Number(process.env.DB_POOL_SIZE ?? 10) });

interface Replay {
  readonly connections: number;
  readonly waves: { connection: number; text: string; values: unknown[]; name?: string }[][];
}

function replayOf(r: ReferenceRequest): Replay {
  const waves: Replay['waves'] = [];
  for (const s of r.statements) {
    (waves[s.wave] ??= []).push({
      connection: s.connection,
      text: reference.sql[s.sql],
      values: s.params.map(paramOf),
      ...(s.name ? { name: s.name } : {}),
    });
  }
  const connections = Math.max(0, ...r.statements.map((s) => s.connection)) + 1;
  return { connections, waves: waves.filter(Boolean) };
}

async function replay(r: Replay): Promise<unknown[]> {
  const clients: (PoolClient | undefined)[] = new Array<PoolClient | undefined>(r.connections);
  const client = async (i: number) => (clients[i] ??= await pool.connect());
  let rows: unknown[] = [];
  try {
    for (const wave of r.waves) {
      const results = await Promise.all(
        wave.map(async (q) => (await client(q.connection)).query(q)),
      );
      rows = results[results.length - 1].rows;
    }
  } finally {
    for (const c of clients) c?.release();
  }
  return rows;
}

const app = Fastify();
app.get('/api/v1/', (_req, reply) => reply.send({ floor: true }));
const byPath = new Map<string, Replay>();
for (const requests of Object.values(reference.cases))
  for (const r of requests) byPath.set(`/api/v1${r.path}`, replayOf(r));
app.setNotFoundHandler(async (req, reply) => {
  const r = byPath.get(req.url);
  if (!r) return reply.code(404).send({ error: 'not a captured URL' });
  return reply.send({ rows: await replay(r) });
});
const stop = () => void app.close().finally(() => void pool.end().finally(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
app.listen({ port, host: '127.0.0.1' }).catch((e: unknown) => {
  process.stderr.write(`${(e as Error).message}\n`);
  process.exit(1);
});
