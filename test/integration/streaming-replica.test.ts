import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { Pool, QueryConfig } from 'pg';
import { DataSource } from 'typeorm';
import { openDataSource } from '../../src/infrastructure/database/data-source-options';
import { ReadRouting } from '../../src/infrastructure/database/directory-read-source';
import { PgNotificationListener } from '../../src/infrastructure/database/pg-notification-listener';
import { underlyingDataSource } from '../../src/infrastructure/database/prepared-reads';
import { API_KEYS_CHANGED_CHANNEL } from '../../src/infrastructure/persistence/keys/api-key-cache';
import {
  DIRECTORY_CHANGED_CHANNEL,
  seedDemoData,
} from '../../src/infrastructure/seed/demo-data.seeder';
import { runImportCommand } from '../../src/interface/cli/commands/directory-data.command';
import { runKeysCommand } from '../../src/interface/cli/commands/keys.command';
import { call } from '../support/http';
import { findPgBinaries, startStreamingPair, StreamingPair } from '../support/replica';
import { createTestApp, TEST_KEY_HASH_SECRET, TestApp } from '../support/test-app';
import { TEST_DB_SETTINGS, TestDatabase } from '../support/test-database';

/**
 * Several instances on a real streaming replica (issue 36, item 3): a primary made with initdb,
 * a hot standby made from it with pg_basebackup -R, and two instances of the service, each with
 * DATABASE_URL on the primary and DATABASE_READ_URL on the standby. Lag is made on purpose by
 * pausing the standby's replay (pg_wal_replay_pause), never by waiting.
 */
const found = findPgBinaries();
const bin = 'dir' in found ? found : undefined;
if (!bin) {
  console.log(
    `[streaming-replica] SKIPPED: the PostgreSQL server binaries are not usable here (${(found as { missing: string }).missing}). ` +
      'Install the server package (Debian: postgresql) or set PG_BIN to its bin folder to run it.',
  );
}
const describeWithServer = bin ? describe : describe.skip;

const SOURCE = 'partner-registry-2026';
const IMPORTED_CPSO = '512345';
const quiet = { stdin: new PassThrough(), stderr: new PassThrough() };
type Auth = Record<string, string>;

describeWithServer('several instances on a real streaming replica', () => {
  let pair: StreamingPair;
  let primary: DataSource;
  let a: TestApp;
  let b: TestApp;
  /** Started while the replica is stopped. */
  let c: TestApp | undefined;
  let auth: Auth;
  let cpso: string;
  let phone: string;
  let files: string | undefined;
  const figures: Record<string, unknown> = {};
  const started = Date.now();

  const instances = () => [a, b];
  const get = (t: TestApp, path: string, headers: Auth = auth) => call(t.app, 'GET', path, headers);
  const routing = (t: TestApp) => t.app.get(ReadRouting);
  const heard = (t: TestApp, channel: string) =>
    t.app.get(PgNotificationListener).nextNotification(channel);
  const total = async (t: TestApp) => (await get(t, '/doctors?limit=1')).body.total as number;
  const primaryCount = async (sql: string) =>
    Number((await pair.onPrimary<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`))[0].n);

  /** Polls until `probe` is true (a wait for an event, not a timed assertion). */
  async function until(what: string, probe: () => Promise<boolean>, ms = 20_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!(await probe())) {
      if (Date.now() > deadline) throw new Error(`still waiting for ${what} after ${ms} ms`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  /**
   * Where an instance's doctor reads come from: with the standby's replay paused, a doctor's
   * booking phone is changed on the primary; the replica still has the old one.
   */
  async function phoneSeenWhilePaused(t: TestApp): Promise<'replica' | 'primary'> {
    await pair.pauseReplay();
    const changed = phone.endsWith('0') ? phone.slice(0, -1) + '1' : phone.slice(0, -1) + '0';
    try {
      await pair.onPrimary('UPDATE doctors SET booking_phone = $1 WHERE cpso_number = $2', [
        changed,
        cpso,
      ]);
      const seen = (await get(t, `/doctors/${cpso}`)).body.doctor.bookingMethod.phone as string;
      expect([phone, changed]).toContain(seen);
      return seen === phone ? 'replica' : 'primary';
    } finally {
      await pair.resumeReplay();
      await pair.waitReplayed();
      phone = changed;
    }
  }

  beforeAll(async () => {
    files = mkdtempSync(join(tmpdir(), 'gtad-replica-import-'));
    pair = await startStreamingPair(bin!, {
      // A conflicting replay cancels a standby read that still runs after 1 s (the default
      // waits 30 s): the test's 4-second reads are cancelled, the service's short reads that
      // happen to pin a page being replayed are not (at 0 they were, at random: CI saw it).
      max_standby_streaming_delay: '1s',
    });
    figures.clusters_ready_ms = Date.now() - started;
    primary = await openDataSource(pair.primaryUrl(), TEST_DB_SETTINGS);
    await primary.runMigrations({ transaction: 'each' });
    // Lag while the seed's rows stream to the standby, sampled on the primary.
    let sampling = true;
    const lag = { maxBytes: 0, maxReplayLagMs: 0 };
    const sampler = (async () => {
      while (sampling) {
        const rows = await pair.onPrimary<{ bytes: string; replay_ms: number | null }>(
          `SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn)::text AS bytes,
                  (extract(epoch FROM replay_lag) * 1000)::float8 AS replay_ms
             FROM pg_stat_replication`,
        );
        for (const r of rows) {
          lag.maxBytes = Math.max(lag.maxBytes, Number(r.bytes));
          lag.maxReplayLagMs = Math.max(lag.maxReplayLagMs, r.replay_ms ?? 0);
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    await seedDemoData(primary, { doctors: 40, seed: 11 });
    await pair.waitReplayed();
    sampling = false;
    await sampler;
    figures.seed_lag = lag;
    const db: TestDatabase = { url: pair.primaryUrl(), dataSource: primary, drop: async () => {} };
    // application_name in the replica's address names each instance's sessions there.
    [a, b] = await Promise.all(
      ['a', 'b'].map((n) =>
        createTestApp(db, {
          DATABASE_READ_URL: pair.replicaUrl(`application_name=instance-${n}-reads`),
        }),
      ),
    );
    const issued = (await runKeysCommand(['issue', 'live'], {
      dataSource: a.dataSource,
      keyHashSecret: TEST_KEY_HASH_SECRET,
      config: a.config,
    })) as { key: string };
    auth = { authorization: `Bearer ${issued.key}` };
    const [row] = await pair.onPrimary<{ cpso_number: string; booking_phone: string }>(
      `SELECT cpso_number, booking_phone FROM doctors WHERE expired_at IS NULL ORDER BY cpso_number LIMIT 1`,
    );
    [cpso, phone] = [row.cpso_number, row.booking_phone];
    figures.setup_ms = Date.now() - started;
  });

  afterAll(async () => {
    await Promise.allSettled([a?.close(), b?.close(), c?.close()]);
    if (primary?.isInitialized) await primary.destroy().catch(() => undefined);
    await pair?.destroy();
    if (files) rmSync(files, { recursive: true, force: true });
    figures.total_ms = Date.now() - started;
    console.log(`[streaming-replica] figures: ${JSON.stringify(figures)}`);
  });

  it('is a real standby streaming from the primary', async () => {
    const [standby] = await pair.onReplica<{ r: boolean }>('SELECT pg_is_in_recovery() AS r');
    expect(standby.r).toBe(true);
    const senders = await pair.onPrimary<{ state: string }>(
      'SELECT state FROM pg_stat_replication',
    );
    expect(senders).toEqual([{ state: 'streaming' }]);
    for (const t of instances()) expect(routing(t).replicaServing).toBe(true);
  });

  it('serves directory reads from the replica, on both instances', async () => {
    for (const t of instances()) {
      expect((await get(t, '/doctors?limit=5')).body.total).toBe(
        await primaryCount('doctors WHERE expired_at IS NULL'),
      );
      // The replica has not replayed the primary's new phone: the answer came from the replica.
      expect(await phoneSeenWhilePaused(t)).toBe('replica');
    }
    const sessions = await pair.onReplica<{ application_name: string }>(
      `SELECT DISTINCT application_name FROM pg_stat_activity
        WHERE application_name LIKE 'instance-%' ORDER BY 1`,
    );
    expect(sessions.map((s) => s.application_name)).toEqual([
      'instance-a-reads',
      'instance-b-reads',
    ]);
  });

  it('an import on the primary shows on both instances once replayed, with no stale cached total', async () => {
    const before = await Promise.all(instances().map(total));
    expect(before[0]).toBe(before[1]);
    await pair.pauseReplay();
    const notified = instances().map((t) => heard(t, DIRECTORY_CHANGED_CHANNEL));
    const file = join(files!, 'good.ndjson');
    copyFileSync(join(__dirname, '..', 'fixtures', 'import', 'good.ndjson'), file);
    const summary = await runImportCommand([file, '--source', SOURCE], primary, quiet);
    expect(summary).toMatchObject({ inserted: 8, applied: true });
    await Promise.all(notified);
    // Both instances heard the change; the replica has not replayed it: old total, no doctor.
    for (const t of instances()) {
      expect(await total(t)).toBe(before[0]);
      expect((await get(t, `/doctors/${IMPORTED_CPSO}`)).status).toBe(404);
    }
    const [behind] = await pair.onPrimary<{ bytes: string }>(
      `SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn)::text AS bytes FROM pg_stat_replication`,
    );
    figures.import_wal_bytes_behind_while_paused = Number(behind.bytes);
    const resumed = Date.now();
    await pair.resumeReplay();
    await pair.waitReplayed();
    figures.import_replay_after_resume_ms = Date.now() - resumed;
    const after = await primaryCount('doctors WHERE expired_at IS NULL');
    expect(after).toBe(before[0] + 3);
    // Each instance kept nothing while the replica lagged, and reads the new total once it has
    // replayed (a total cached before the replay would stay old here until its time ran out).
    for (const t of instances()) {
      await until('the new total', async () => (await total(t)) === after);
      expect(await total(t)).toBe(after);
      expect((await get(t, `/doctors/${IMPORTED_CPSO}`)).body.doctor.name).toBe('Anjali Raman');
    }
    figures.import_visible_after_resume_ms = Date.now() - resumed;
  });

  it('a revoked key is refused at once on both instances while the replica lags', async () => {
    const issued = (await runKeysCommand(['issue', 'live'], {
      dataSource: a.dataSource,
      keyHashSecret: TEST_KEY_HASH_SECRET,
      config: a.config,
    })) as { key: string; key_prefix: string };
    const key = { authorization: `Bearer ${issued.key}` };
    await pair.waitReplayed();
    for (const t of instances()) expect((await get(t, '/doctors?limit=1', key)).status).toBe(200);
    await pair.pauseReplay();
    try {
      const notified = instances().map((t) => heard(t, API_KEYS_CHANGED_CHANNEL));
      await runKeysCommand(['revoke', issued.key_prefix], {
        dataSource: a.dataSource,
        keyHashSecret: TEST_KEY_HASH_SECRET,
        config: a.config,
      });
      await Promise.all(notified);
      // The replica still has the key active; both instances refuse it all the same.
      const [onReplica] = await pair.onReplica<{ revoked_at: Date | null }>(
        'SELECT revoked_at FROM api_keys WHERE key_prefix = $1',
        [issued.key_prefix],
      );
      expect(onReplica.revoked_at).toBeNull();
      for (const t of instances()) {
        const r = await get(t, '/doctors?limit=1', key);
        expect(r.status).toBe(401);
        expect(r.body.error).toBe('invalid_key');
      }
    } finally {
      await pair.resumeReplay();
    }
  });

  /**
   * Makes the next `times` reads of a doctor's detail on `t`'s replica pool last 4 s (the read,
   * wrapped with a pg_sleep, holds its locks and snapshot meanwhile): long enough for the test to
   * see it running on the replica and take an ACCESS EXCLUSIVE lock on `doctors` on the primary.
   * The standby must replay that lock, so it cancels the read: a real recovery conflict.
   */
  function slowDetailReads(t: TestApp, times: number): () => void {
    const replica = routing(t).replica!;
    const pool = (underlyingDataSource(replica).driver as unknown as { master: Pool }).master;
    const original = pool.query.bind(pool) as (q: QueryConfig) => Promise<unknown>;
    let left = times;
    (pool as unknown as { query: unknown }).query = (q: QueryConfig, ...rest: unknown[]) => {
      if (left > 0 && typeof q === 'object' && /cpso_number = \$1/.test(q.text)) {
        left--;
        return original({
          text: `SELECT s.* FROM (${q.text}) s CROSS JOIN (SELECT pg_sleep(4)) slow`,
          values: q.values,
        });
      }
      return (original as (...args: unknown[]) => Promise<unknown>)(q, ...rest);
    };
    return () => {
      (pool as unknown as { query: unknown }).query = original;
    };
  }

  const sleepingReads = async (t: TestApp) =>
    (
      await pair.onReplica<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity
          WHERE application_name = $1 AND wait_event = 'PgSleep' AND state = 'active'`,
        [`instance-${t === a ? 'a' : 'b'}-reads`],
      )
    ).map((r) => r.pid);
  const lockDoctorsOnPrimary = () =>
    pair.onPrimary('BEGIN; LOCK TABLE doctors IN ACCESS EXCLUSIVE MODE; COMMIT');
  const lockConflicts = async () =>
    Number(
      (
        await pair.onReplica<{ n: string }>(
          `SELECT confl_lock::text AS n FROM pg_stat_database_conflicts WHERE datname = 'postgres'`,
        )
      )[0].n,
    );

  it('a read the replica cancels for a recovery conflict is sent again and answered', async () => {
    const restore = slowDetailReads(a, 1);
    try {
      const conflictsBefore = routing(a).conflicts;
      const pending = get(a, `/doctors/${cpso}`);
      await until('the slow read on the replica', async () => (await sleepingReads(a)).length > 0);
      await lockDoctorsOnPrimary();
      const r = await pending;
      expect(r.status).toBe(200);
      expect(r.body.doctor.cpsoNumber).toBe(cpso);
      expect(routing(a).conflicts).toBe(conflictsBefore + 1);
    } finally {
      restore();
    }
  });

  it('a read cancelled again on its retry is 503 unavailable, never 500', async () => {
    const restore = slowDetailReads(a, 2);
    try {
      const before = await lockConflicts();
      const conflictsBefore = routing(a).conflicts;
      const pending = get(a, `/doctors/${cpso}`);
      let first: number[] = [];
      await until('the slow read', async () => (first = await sleepingReads(a)).length > 0);
      await lockDoctorsOnPrimary();
      // The retry is a new statement (perhaps on another connection): wait for it to sleep.
      await until(
        'the retried read',
        async () => routing(a).conflicts > conflictsBefore && (await sleepingReads(a)).length > 0,
      );
      await lockDoctorsOnPrimary();
      const r = await pending;
      expect(r.status).toBe(503);
      expect(r.body).toEqual({
        error: 'unavailable',
        message: 'The directory was updating while this was read; retry shortly.',
        requestId: expect.any(String),
      });
      expect(r.headers['retry-after']).toBe('1');
      expect(first.length).toBe(1);
      expect(routing(a).conflicts).toBe(conflictsBefore + 2);
      // The standby counted both cancellations as lock conflicts.
      await until('the second conflict counted', async () => (await lockConflicts()) >= before + 2);
    } finally {
      restore();
    }
  });

  it('the replica stopped: readiness says so, reads fall back to the primary, no 500', async () => {
    await pair.stopReplica();
    // Instance a learns it from its readiness probe, instance b from a failed read.
    const ready = await get(a, '/', {});
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ok', database: 'up', replica: 'down', version: '1.0.0' });
    const expected = await primaryCount('doctors WHERE expired_at IS NULL');
    for (const t of [b, a]) {
      const list = await get(t, '/doctors?limit=3');
      expect(list.status).toBe(200);
      expect(list.body.total).toBe(expected);
      const detail = await get(t, `/doctors/${cpso}`);
      expect(detail.status).toBe(200);
      expect(detail.body.doctor.bookingMethod.phone).toBe(phone);
      expect((await get(t, '/clinics?limit=2')).status).toBe(200);
      expect((await get(t, '/metadata/languages')).status).toBe(200);
      expect(routing(t).replicaServing).toBe(false);
      expect(routing(t).fallbacks).toBeGreaterThan(0);
    }
    expect((await get(b, '/', {})).body.replica).toBe('down');
    // An instance started now serves from the primary and says its replica is down.
    const db: TestDatabase = { url: pair.primaryUrl(), dataSource: primary, drop: async () => {} };
    c = await createTestApp(db, {
      DATABASE_READ_URL: pair.replicaUrl('application_name=instance-c-reads'),
    });
    expect((await get(c, '/', {})).body).toEqual({
      status: 'ok',
      database: 'up',
      replica: 'down',
      version: '1.0.0',
    });
    expect((await get(c, '/doctors?limit=3')).body.total).toBe(expected);
  });

  it('the replica back: once it has caught up, reads return to it', async () => {
    await pair.startReplica();
    await pair.waitReplayed();
    for (const t of [...instances(), c!]) {
      await until('the replica back in service', async () => {
        const r = await get(t, '/', {});
        return r.body.replica === 'up';
      });
      expect(routing(t).replicaServing).toBe(true);
      expect(await phoneSeenWhilePaused(t)).toBe('replica');
    }
  });
});
