import { ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { promisify } from 'node:util';
import { CLI_MAIN, PROJECT_ROOT, SERVICE_MAIN } from './paths';

const execFileP = promisify(execFile);

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() =>
        typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Environment of the service and of the CLI: the bench database, a fixed key secret, quiet logs. */
export function serviceEnv(
  databaseUrl: string,
  keyHashSecret: string,
  port?: number,
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    KEY_HASH_SECRET: keyHashSecret,
    LOG_LEVEL: 'warn',
  };
  // Counters in memory: the figures are the service's, not a Redis round trip's.
  delete env.REDIS_URL;
  if (port !== undefined) env.PORT = String(port);
  return env;
}

export function newKeyHashSecret(): string {
  return randomBytes(32).toString('base64url');
}

export interface RunningService {
  readonly baseUrl: string;
  readonly pid: number;
  /** The last lines the service wrote (for error messages). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts `node dist/src/main.js` (or another server, `main` with `args`, listening on PORT) and
 * waits until `GET /api/v1/` answers 200.
 */
export async function startService(
  env: NodeJS.ProcessEnv,
  port: number,
  timeoutMs = 120_000,
  main: string = SERVICE_MAIN,
  args: readonly string[] = [],
): Promise<RunningService> {
  const child: ChildProcess = spawn(process.execPath, [main, ...args], {
    cwd: PROJECT_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited: string | undefined;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = `exited with ${signal ?? `code ${code}`}`;
      resolve();
    }),
  );
  const baseUrl = `http://127.0.0.1:${port}/api/v1`;
  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const killed = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await exit;
    clearTimeout(killed);
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) throw new Error(`the service ${exited} before it was ready:\n${tail}`);
    try {
      const res = await fetch(`${baseUrl}/`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the service was not ready within ${timeoutMs / 1000} s:\n${tail}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { baseUrl, pid: child.pid!, output: () => tail, stop };
}

/**
 * Waits until the service's doctor lists answer from memory (its metrics show the columns
 * loaded), so that no measured request is one read from SQL while they load; a build without
 * them (an older commit, LISTS_FROM_SQL=true) is not waited for. Says what was loaded.
 */
export async function waitForListsInMemory(
  baseUrl: string,
  apiKey: string,
  timeoutMs = 300_000,
): Promise<string | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${new URL(baseUrl).origin}/metrics`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    const text = res.status === 200 ? await res.text() : '';
    const doctors = /^gtad_lists_in_memory_doctors (\d+)/m.exec(text);
    if (!doctors || process.env.LISTS_FROM_SQL === 'true') return undefined;
    if (Number(doctors[1]) > 0) {
      const seconds = /^gtad_lists_in_memory_last_load_seconds ([\d.e+-]+)/m.exec(text);
      return `${doctors[1]} doctors, loaded in ${Number(seconds?.[1]).toFixed(2)} s`;
    }
    if (Date.now() > deadline)
      throw new Error('the doctor lists were not loaded in memory in time');
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Issues an admin key with the operator CLI (`keys issue admin`), on the bench database. */
export async function issueAdminKey(env: NodeJS.ProcessEnv): Promise<string> {
  const { stdout } = await execFileP(
    process.execPath,
    [CLI_MAIN, 'keys', 'issue', 'admin', '--label', 'npm run bench'],
    {
      cwd: PROJECT_ROOT,
      env,
      timeout: 120_000,
    },
  );
  const line = stdout.trim().split('\n').pop() ?? '';
  const parsed = JSON.parse(line) as { key?: string; tier?: string };
  if (!parsed.key || parsed.tier !== 'admin')
    throw new Error(`unexpected answer of keys issue admin: ${line}`);
  return parsed.key;
}
