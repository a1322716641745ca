import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { seededDoctors } from '../database';
import { benchEndpoints, pickSamples } from '../endpoints';
import { freePort, issueAdminKey, newKeyHashSecret, serviceEnv } from '../service';
import { ReferenceFile, ReferenceStatement, storedParam } from './reference-file';

/**
 * Captures, once, the statements an old build of the service sends for each of the benchmark's
 * list URLs (issue 32, item 3: the fixed reference of commit 0cf655c's SQL that the reference
 * floor replays). The old build runs from its own checkout with pg-recorder.js preloaded; each
 * URL is requested twice and the second (warm) request's statements are kept, with the
 * connection each ran on and which of them waited for which.
 *
 * Usage: DATABASE_URL=... node dist/scripts/bench/reference/capture.js <old checkout, built> <out.json>
 */
const RECORDER = resolve(__dirname, 'pg-recorder.js');

interface Line {
  client: number;
  sql: string;
  params: unknown[];
  name?: string;
  start: number;
  end: number;
}

/** Statements of one request: waves (a statement's wave follows every statement that ended before it started). */
function toStatements(lines: Line[], sqls: string[]): ReferenceStatement[] {
  const sorted = [...lines].sort((a, b) => a.start - b.start);
  const wave: number[] = [];
  sorted.forEach((l, i) => {
    let w = 0;
    for (let j = 0; j < i; j++) if (sorted[j].end < l.start) w = Math.max(w, wave[j] + 1);
    wave.push(w);
  });
  const clients = new Map<number, number>();
  return sorted.map((l, i) => {
    if (!clients.has(l.client)) clients.set(l.client, clients.size);
    let sql = sqls.indexOf(l.sql);
    if (sql < 0) sql = sqls.push(l.sql) - 1;
    return {
      sql,
      params: l.params.map(storedParam),
      ...(l.name ? { name: l.name } : {}),
      connection: clients.get(l.client)!,
      wave: wave[i],
    };
  });
}

async function main(): Promise<void> {
  const [oldRoot, out] = process.argv.slice(2);
  const url = process.env.DATABASE_URL;
  if (!oldRoot || !out || !url)
    throw new Error('usage: DATABASE_URL=... capture.js <old checkout> <out.json>');
  const commit = process.env.REFERENCE_COMMIT ?? 'unknown';
  const secret = newKeyHashSecret();
  const env = serviceEnv(url, secret);
  const key = await issueAdminKey(env);
  const record = join(tmpdir(), `gtad-reference-${process.pid}.jsonl`);
  writeFileSync(record, '');
  const port = await freePort();
  const child = spawn(process.execPath, ['-r', RECORDER, join(oldRoot, 'dist', 'src', 'main.js')], {
    cwd: oldRoot,
    env: { ...env, PORT: String(port), RECORD_FILE: record, LOG_LEVEL: 'error' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}/api/v1`;
  try {
    for (let i = 0; ; i++) {
      if (i > 240) throw new Error('the old service did not start');
      const ok = await fetch(`${base}/`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const samples = await pickSamples(url);
    const lists = benchEndpoints(samples, secret).filter((e) => e.kind === 'list');
    const file: ReferenceFile = {
      commit,
      doctors: Number(
        (
          (await (
            await fetch(`${base}/doctors?limit=1`, { headers: { authorization: `Bearer ${key}` } })
          ).json()) as { total?: number }
        ).total,
      ),
      seeded: (await seededDoctors(url)) ?? 0,
      sql: [],
      cases: {},
      refused: {},
    };
    const lineCount = () => readFileSync(record, 'utf8').split('\n').filter(Boolean).length;
    for (const e of lists) {
      const got: ReferenceFile['cases'][string] = [];
      for (const t of e.targets) {
        const get = () =>
          fetch(`${base}${t.path}`, {
            headers: { authorization: `Bearer ${key}`, accept: 'application/json' },
          });
        const first = await get();
        await first.arrayBuffer();
        if (first.status !== 200) {
          (file.refused[e.name] ??= []).push(`${first.status} ${t.path}`);
          continue;
        }
        await new Promise((r) => setTimeout(r, 20));
        const before = lineCount();
        const res = await get();
        await res.arrayBuffer();
        await new Promise((r) => setTimeout(r, 20));
        const lines = readFileSync(record, 'utf8')
          .split('\n')
          .filter(Boolean)
          .slice(before)
          .map((l) => JSON.parse(l) as Line);
        got.push({ path: t.path, statements: toStatements(lines, file.sql) });
      }
      if (got.length) file.cases[e.name] = got;
      process.stdout.write(
        `${e.name}: ${got.length} URLs, ${got.reduce((n, g) => n + g.statements.length, 0)} statements\n`,
      );
    }
    writeFileSync(out, `${JSON.stringify(file)}\n`);
  } finally {
    child.kill('SIGTERM');
    rmSync(record, { force: true });
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
  process.exit(1);
});
