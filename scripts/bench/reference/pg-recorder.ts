import { appendFileSync } from 'node:fs';

/**
 * A preload (`node -r`) for capturing the statements an old build of the service sends
 * (reference-capture.ts): it patches the `pg` that the service resolves from its working
 * directory so that every `Client#query` is appended to RECORD_FILE as one JSON line, with the
 * connection it ran on and when it started and ended (in the order of the process's clock).
 * It changes nothing of what is sent.
 */
interface Recorded {
  readonly client: number;
  readonly sql: string;
  readonly params: readonly unknown[];
  readonly name?: string;
  readonly start: number;
  end?: number;
}

const file = process.env.RECORD_FILE;
if (!file) throw new Error('pg-recorder: RECORD_FILE is required');

type QueryFn = (this: object, ...args: unknown[]) => unknown;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const pg = require(require.resolve('pg', { paths: [process.cwd()] })) as {
  Client: { prototype: { query: QueryFn } };
};
const ids = new WeakMap<object, number>();
let nextClient = 1;
let tick = 0;
const original = pg.Client.prototype.query;

function describe(args: unknown[]): { sql: string; params: unknown[]; name?: string } | undefined {
  const [first, second] = args;
  if (typeof first === 'string')
    return { sql: first, params: Array.isArray(second) ? (second as unknown[]) : [] };
  if (
    first &&
    typeof first === 'object' &&
    typeof (first as { text?: unknown }).text === 'string'
  ) {
    const q = first as { text: string; values?: unknown[]; name?: string };
    const values = Array.isArray(second) ? (second as unknown[]) : (q.values ?? []);
    return { sql: q.text, params: values, name: q.name };
  }
  return undefined;
}

pg.Client.prototype.query = function (this: object, ...args: unknown[]): unknown {
  const d = describe(args);
  if (!d) return original.apply(this, args);
  let client = ids.get(this);
  if (client === undefined) {
    client = nextClient++;
    ids.set(this, client);
  }
  const rec: Recorded = { client, ...d, start: ++tick };
  const done = () => {
    rec.end = ++tick;
    appendFileSync(file, `${JSON.stringify(rec)}\n`);
  };
  const last = args[args.length - 1];
  if (typeof last === 'function') {
    const cb = last as (...a: unknown[]) => unknown;
    args[args.length - 1] = (...a: unknown[]) => {
      done();
      return cb(...a);
    };
    return original.apply(this, args);
  }
  const out = original.apply(this, args);
  if (out && typeof (out as Promise<unknown>).then === 'function')
    (out as Promise<unknown>).then(done, done);
  return out;
};
