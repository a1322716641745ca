// The serving process's V8 settings, as the service applies them before anything loads.
import '../../src/infrastructure/runtime/serving-v8-flags';
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

/** One answer of the bare server: the service's own status, content type and body for a path. */
export interface FixedAnswer {
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
}

/** Paths under /api/v1 (with their query), each answered with the body the service gave. */
export type FixedAnswers = Readonly<Record<string, FixedAnswer>>;

/**
 * The bare Fastify server of `npm run bench:framework` (framework-profile.ts): a default Fastify
 * instance (no logger, no hooks, no plugins) answering each captured URL with the service's
 * own body, so that what the service spends beyond it is the framework's and the service's
 * per-request work (auth, limits, headers, logs, metrics, ETags), not the data's.
 *
 * Usage: node dist/scripts/bench/fastify-floor-server.js <answers.json> (PORT).
 */
const port = Number(process.env.PORT);
if (!port) throw new Error('fastify-floor-server: PORT is required');
const answers = JSON.parse(readFileSync(process.argv[2], 'utf8')) as FixedAnswers;

const app = Fastify();
app.get('/api/v1/', (_req, reply) => reply.send({ floor: true }));
for (const [path, a] of Object.entries(answers)) {
  const url = path.split('?')[0];
  if (url === '/') continue;
  app.get(`/api/v1${url}`, (_req, reply) => reply.code(a.status).type(a.contentType).send(a.body));
}
const stop = () => void app.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
app.listen({ port, host: '127.0.0.1' }).catch((e: unknown) => {
  process.stderr.write(`${(e as Error).message}\n`);
  process.exit(1);
});
