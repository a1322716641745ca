import { execFile } from 'node:child_process';
import {
  accessSync,
  appendFileSync,
  chownSync,
  constants,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { delimiter, join } from 'node:path';
import { Client } from 'pg';
import { isRecoveryConflict } from '../../src/infrastructure/database/replica-errors';

/**
 * A real streaming replica for tests (issue 36, item 3): a throwaway primary cluster made with
 * initdb (wal_level=replica) and a hot standby made from it with pg_basebackup -R (standby.signal
 * and primary_conninfo), each on a free port of 127.0.0.1, under a temporary folder. As root,
 * the servers run as the `postgres` user. Nothing touches the machine's own server.
 */

const TOOLS = ['initdb', 'pg_ctl', 'pg_basebackup', 'postgres'] as const;

export interface PgBinaries {
  readonly dir: string;
}

/**
 * Where initdb, pg_ctl, pg_basebackup and postgres are, or why they are not usable: PG_BIN when
 * set (and only there), else the newest /usr/lib/postgresql/<version>/bin, else PATH.
 */
export function findPgBinaries(): PgBinaries | { missing: string } {
  const candidates: string[] = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  const debian = '/usr/lib/postgresql';
  if (!process.env.PG_BIN && existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => join(debian, v, 'bin')));
  }
  if (!process.env.PG_BIN) {
    candidates.push(...(process.env.PATH ?? '').split(delimiter).filter(Boolean));
  }
  for (const dir of candidates) {
    const ok = TOOLS.every((t) => {
      try {
        accessSync(join(dir, t), constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
    if (ok) {
      if (userInfo().uid === 0 && postgresUser() === undefined) {
        return { missing: 'running as root and there is no postgres user to run the servers as' };
      }
      return { dir };
    }
  }
  return {
    missing: process.env.PG_BIN
      ? `PG_BIN=${process.env.PG_BIN} does not hold ${TOOLS.join(', ')}`
      : `no folder holds ${TOOLS.join(', ')} (looked in ${debian}/*/bin and PATH)`,
  };
}

function postgresUser(): { uid: number; gid: number } | undefined {
  try {
    const line = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('postgres:'));
    if (!line) return undefined;
    const [, , uid, gid] = line.split(':');
    return { uid: Number(uid), gid: Number(gid) };
  } catch {
    return undefined;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

export interface StreamingPair {
  readonly dir: string;
  readonly primaryPort: number;
  readonly replicaPort: number;
  /** A database's address on the primary (the cluster's own `postgres` database by default). */
  primaryUrl(params?: string): string;
  replicaUrl(params?: string): string;
  /** psql-like helpers on short-lived connections. */
  onPrimary<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  onReplica<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Resolves once the replica has replayed everything the primary has written so far. */
  waitReplayed(timeoutMs?: number): Promise<void>;
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  stopReplica(): Promise<void>;
  startReplica(): Promise<void>;
  /** Stops both servers at once and removes their files (safe to call twice, or half-made). */
  destroy(): Promise<void>;
}

/**
 * Makes the primary and its replica. `replicaSettings` go into the standby's postgresql.conf
 * (max_standby_streaming_delay, say).
 */
export async function startStreamingPair(
  bin: PgBinaries,
  replicaSettings: Record<string, string> = {},
): Promise<StreamingPair> {
  const runAs = userInfo().uid === 0 ? postgresUser() : undefined;
  const dir = mkdtempSync(join(tmpdir(), 'gtad-replica-'));
  if (runAs) chownSync(dir, runAs.uid, runAs.gid);
  const primaryDir = join(dir, 'primary');
  const replicaDir = join(dir, 'replica');
  const started = new Set<string>();
  const run = (tool: string, args: string[]): Promise<string> =>
    new Promise((resolve, reject) => {
      execFile(
        join(bin.dir, tool),
        args,
        {
          cwd: dir,
          uid: runAs?.uid,
          gid: runAs?.gid,
          env: { PATH: process.env.PATH ?? '', LC_ALL: 'C', LANG: 'C', HOME: dir },
          timeout: 60_000,
        },
        (err, stdout, stderr) => {
          if (!err) return resolve(stdout);
          const log = (name: string) => {
            const p = join(dir, `${name}.log`);
            return existsSync(p) ? `\n${name}.log:\n${readFileSync(p, 'utf8').slice(-2000)}` : '';
          };
          reject(
            new Error(
              `${tool} ${args.join(' ')} failed: ${stderr || err.message}${log('primary')}${log('replica')}`,
            ),
          );
        },
      );
    });
  const pgCtl = async (which: 'primary' | 'replica', action: string[]) =>
    run('pg_ctl', [
      ...action.slice(0, 1),
      '-D',
      which === 'primary' ? primaryDir : replicaDir,
      ...action.slice(1),
    ]);
  const start = async (which: 'primary' | 'replica') => {
    await pgCtl(which, ['start', '-w', '-t', '60', '-l', join(dir, `${which}.log`)]);
    started.add(which);
  };
  const stop = async (which: 'primary' | 'replica', mode: 'fast' | 'immediate') => {
    if (!started.has(which)) return;
    await pgCtl(which, ['stop', '-w', '-t', '60', '-m', mode]);
    started.delete(which);
  };

  const [primaryPort, replicaPort] = await Promise.all([freePort(), freePort()]);
  const url = (port: number, params?: string) =>
    `postgres://postgres@127.0.0.1:${port}/postgres${params ? `?${params}` : ''}`;
  const queryOnce = async <T>(port: number, sql: string, params?: unknown[]): Promise<T[]> => {
    const c = new Client({ connectionString: url(port), connectionTimeoutMillis: 5000 });
    await c.connect();
    try {
      return (await c.query(sql, params)).rows as T[];
    } finally {
      await c.end();
    }
  };
  /**
   * The test's own statements on the standby (positions, pg_stat_activity) are sent again when
   * the standby cancels them for a recovery conflict: a new connection reads the catalogs, and
   * replaying a prune of a catalog page it has pinned cancels it (CI saw this once, in setup).
   * Only the service's reads are under test for conflicts.
   */
  const query = async <T>(port: number, sql: string, params?: unknown[]): Promise<T[]> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await queryOnce<T>(port, sql, params);
      } catch (e) {
        if (port !== replicaPort || !isRecoveryConflict(e) || attempt >= 20) throw e;
        await new Promise((r) => setTimeout(r, 25));
      }
    }
  };

  const pair: StreamingPair = {
    dir,
    primaryPort,
    replicaPort,
    primaryUrl: (params) => url(primaryPort, params),
    replicaUrl: (params) => url(replicaPort, params),
    onPrimary: (sql, params) => query(primaryPort, sql, params),
    onReplica: (sql, params) => query(replicaPort, sql, params),
    async waitReplayed(timeoutMs = 30_000) {
      const [{ lsn }] = await pair.onPrimary<{ lsn: string }>(
        'SELECT pg_current_wal_lsn()::text AS lsn',
      );
      const until = Date.now() + timeoutMs;
      for (;;) {
        const [{ done }] = await pair.onReplica<{ done: boolean }>(
          'SELECT coalesce(pg_last_wal_replay_lsn() >= $1::pg_lsn, false) AS done',
          [lsn],
        );
        if (done) return;
        if (Date.now() > until)
          throw new Error(`replica has not replayed ${lsn} in ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async pauseReplay() {
      await pair.onReplica('SELECT pg_wal_replay_pause()');
      // Paused means the startup process has stopped applying, not just been asked to.
      for (;;) {
        const [{ state }] = await pair.onReplica<{ state: string }>(
          'SELECT pg_get_wal_replay_pause_state() AS state',
        );
        if (state === 'paused') return;
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    async resumeReplay() {
      await pair.onReplica('SELECT pg_wal_replay_resume()');
    },
    stopReplica: () => stop('replica', 'fast'),
    startReplica: () => start('replica'),
    async destroy() {
      await Promise.allSettled([stop('replica', 'immediate'), stop('primary', 'immediate')]);
      rmSync(dir, { recursive: true, force: true });
    },
  };

  try {
    await run('initdb', [
      '-D',
      primaryDir,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    // A small server: the test needs a few dozen connections, not the defaults' memory.
    appendFileSync(
      join(primaryDir, 'postgresql.conf'),
      [
        `port = ${primaryPort}`,
        `listen_addresses = '127.0.0.1'`,
        `unix_socket_directories = '${dir}'`,
        'wal_level = replica',
        'max_wal_senders = 4',
        'max_connections = 60',
        'shared_buffers = 32MB',
        'fsync = off',
        // No background vacuum: its cleanup records, replayed on the standby, cancel reads
        // there at random moments; the test makes the conflicts it asserts on itself.
        'autovacuum = off',
        '',
      ].join('\n'),
    );
    await start('primary');
    await run('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      replicaDir,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
      '--no-sync',
    ]);
    if (!existsSync(join(replicaDir, 'standby.signal'))) {
      throw new Error('pg_basebackup -R wrote no standby.signal');
    }
    appendFileSync(
      join(replicaDir, 'postgresql.conf'),
      [
        `port = ${replicaPort}`,
        'hot_standby = on',
        // Replies often, so pg_stat_replication's lag columns move while the test watches.
        'wal_receiver_status_interval = 1s',
        ...Object.entries(replicaSettings).map(([k, v]) => `${k} = '${v}'`),
        '',
      ].join('\n'),
    );
    await start('replica');
    return pair;
  } catch (e) {
    await pair.destroy();
    throw e;
  }
}
