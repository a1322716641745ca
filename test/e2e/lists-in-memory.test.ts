import { PgNotificationListener } from '../../src/infrastructure/database/pg-notification-listener';
import { DoctorMemoryIndex } from '../../src/infrastructure/persistence/directory/memory/doctor-memory-index';
import { refreshReadModels } from '../../src/infrastructure/persistence/directory/read-models';
import { DIRECTORY_CHANGED_CHANNEL } from '../../src/infrastructure/seed/demo-data.seeder';
import { authHeaders } from '../support/auth';
import { createDemoDatabase } from '../support/demo-database';
import { FixedClock } from '../support/fixed-clock';
import { call } from '../support/http';
import { createTestApp, TestApp } from '../support/test-app';
import { TestDatabase } from '../support/test-database';

/**
 * The lists' columns in memory follow the directory (docs/list-reads.md, "Lists in memory";
 * issue 49, item 2): on `directory_changed` the copy in service keeps answering, from memory,
 * while the next one loads; then the next one answers the change. No list is read from SQL
 * meanwhile, and the name search does not wait.
 */
const NOW = new Date('2026-11-27T17:00:00Z');

describe('lists in memory follow the directory (e2e)', () => {
  let db: TestDatabase;
  let t: TestApp;
  let auth: Record<string, string>;

  beforeAll(async () => {
    db = await createDemoDatabase(
      'lists-in-memory',
      { doctors: 200, seed: 42, now: NOW },
      'doctor_search',
    );
    t = await createTestApp(db, {}, new FixedClock(NOW));
    auth = await authHeaders(t, 'admin');
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it('keeps its copy in service on directory_changed while the next one loads, then answers the change from it', async () => {
    const index = t.app.get(DoctorMemoryIndex);
    await index.ready();
    const loads = index.loads;
    // A language and a doctor who does not speak it yet (the rarest language: room to grow).
    const [lang] = await db.dataSource.query<{ id: number; name: string }[]>(
      `SELECT l.id, l.name FROM languages l
        ORDER BY (SELECT count(*) FROM doctor_search s WHERE l.id = ANY(s.language_ids)), l.id LIMIT 1`,
    );
    const [doctor] = await db.dataSource.query<{ cpso: string; name: string }[]>(
      `SELECT d.cpso_number AS cpso, d.name FROM doctor_search s JOIN doctors d ON d.id = s.doctor_id
        WHERE NOT ($1 = ANY(s.language_ids)) ORDER BY s.name_key LIMIT 1`,
      [lang.id],
    );
    const list = async () => {
      const { body } = await call(
        t.app,
        'GET',
        `/doctors?languages=${encodeURIComponent(lang.name)}&limit=100`,
        auth,
      );
      const b = body as { total: number; doctors: { cpsoNumber: string }[]; dataVersion: string };
      return { total: b.total, cpsos: b.doctors.map((d) => d.cpsoNumber), version: b.dataVersion };
    };
    const before = await list();
    expect(before.cpsos).not.toContain(doctor.cpso);
    expect(index.answered).toBeGreaterThan(0);

    await db.dataSource.query(
      `UPDATE doctors SET language_ids = language_ids || $1::smallint WHERE cpso_number = $2`,
      [lang.id, doctor.cpso],
    );
    await refreshReadModels((sql) => db.dataSource.query(sql));
    // A new data version, as an import's commit makes.
    const [{ version: newVersion }] = await db.dataSource.query<{ version: string }[]>(
      `INSERT INTO directory_versions (source, last_seq, floor_seq)
       SELECT 'test', last_seq, floor_seq FROM directory_versions ORDER BY version DESC LIMIT 1
       RETURNING version::text AS version`,
    );
    expect(Number(newVersion)).toBeGreaterThan(Number(before.version));
    // The next load is held on a lock of the read model it reads, so the copy in service is seen
    // answering while it waits.
    const holder = db.dataSource.createQueryRunner();
    await holder.connect();
    await holder.query('BEGIN');
    // REFRESH takes the view's ACCESS EXCLUSIVE lock (LOCK TABLE does not take a materialized view).
    await holder.query('REFRESH MATERIALIZED VIEW doctor_search');
    try {
      const heard = t.app.get(PgNotificationListener).nextNotification(DIRECTORY_CHANGED_CHANNEL);
      await db.dataSource.query(`NOTIFY ${DIRECTORY_CHANGED_CHANNEL}`);
      await heard;
      // Past the burst's pause: the next load has begun and waits on the lock.
      await new Promise((r) => setTimeout(r, 200));
      expect(index.loads).toBe(loads);
      const answered = index.answered;
      // The copy in service answers, from memory, as it was: no list waits or goes to SQL, and
      // its dataVersion is the copy's (a client syncing from it misses nothing), not the newer one.
      expect(index.loadedSize).toBeGreaterThan(0);
      expect(await list()).toEqual(before);
      const manifest = await call(t.app, 'GET', '/bulk', auth);
      expect(manifest.body.dataVersion).toBe(newVersion);
      expect(index.answered).toBe(answered + 1);
      const ready = await call(t.app, 'GET', '/');
      expect(ready.status).toBe(200);
      const word = doctor.name.split(/\s+/).pop()!;
      const searching = await call(
        t.app,
        'GET',
        `/doctors/search?q=${encodeURIComponent(word)}`,
        auth,
      );
      expect(searching.status).toBe(200);
    } finally {
      await holder.query('ROLLBACK');
      await holder.release();
    }
    // Loaded again: the change, from the new copy.
    await index.ready();
    expect(index.loads).toBe(loads + 1);
    const fromMemory = await list();
    expect(fromMemory.total).toBe(before.total + 1);
    expect(fromMemory.cpsos).toContain(doctor.cpso);
    expect(fromMemory.version).toBe(newVersion);
    // The name search and the clinics see it too.
    const word = doctor.name.split(/\s+/).pop()!.slice(0, 4);
    const search = (
      await call(
        t.app,
        'GET',
        `/doctors/search?q=${encodeURIComponent(word)}&languages=${encodeURIComponent(lang.name)}&limit=100`,
        auth,
      )
    ).body as { doctors: { cpsoNumber: string }[] };
    expect(search.doctors.map((d) => d.cpsoNumber)).toContain(doctor.cpso);

    // Another change: the copy is loaded again without waiting for a request to ask.
    const heardAgain = t.app
      .get(PgNotificationListener)
      .nextNotification(DIRECTORY_CHANGED_CHANNEL);
    await db.dataSource.query(`NOTIFY ${DIRECTORY_CHANGED_CHANNEL}`);
    await heardAgain;
    for (let waited = 0; index.loads < loads + 2 && waited < 10_000; waited += 20)
      await new Promise((r) => setTimeout(r, 20));
    expect(index.loads).toBe(loads + 2);
    expect(index.loadedSize).toBeGreaterThan(0);
  });
  it('loads the directory again after its listening connection was cut, so a change it did not hear shows', async () => {
    const index = t.app.get(DoctorMemoryIndex);
    const listener = t.app.get(PgNotificationListener);
    await index.ready();
    // A language and a practising doctor who does not speak it yet.
    const [lang] = await db.dataSource.query<{ id: number; name: string }[]>(
      `SELECT l.id, l.name FROM languages l
        ORDER BY (SELECT count(*) FROM doctor_search s WHERE l.id = ANY(s.language_ids)), l.id
        OFFSET 1 LIMIT 1`,
    );
    const [doctor] = await db.dataSource.query<{ cpso: string }[]>(
      `SELECT d.cpso_number AS cpso FROM doctor_search s JOIN doctors d ON d.id = s.doctor_id
        WHERE NOT ($1 = ANY(s.language_ids)) ORDER BY s.name_key DESC LIMIT 1`,
      [lang.id],
    );
    const list = async () =>
      (
        await call(
          t.app,
          'GET',
          `/doctors?languages=${encodeURIComponent(lang.name)}&limit=100`,
          auth,
        )
      ).body as { total: number; doctors: { cpsoNumber: string }[] };
    expect((await list()).doctors.map((d) => d.cpsoNumber)).not.toContain(doctor.cpso);

    // Cut the listening connection; the change and its notification happen while it is down.
    await db.dataSource.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
    );
    const deadline = Date.now() + 10_000;
    while (listener.listening && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(listener.listening).toBe(false);
    // The load the loss itself started ends first: only listening again can bring the change.
    await index.ready();
    const loads = index.loads;
    await db.dataSource.query(
      `UPDATE doctors SET language_ids = language_ids || $1::smallint WHERE cpso_number = $2`,
      [lang.id, doctor.cpso],
    );
    await refreshReadModels((sql) => db.dataSource.query(sql));
    await db.dataSource.query(`NOTIFY ${DIRECTORY_CHANGED_CHANNEL}`);

    // Listening again, the instance cannot know what it missed: it loads the directory again.
    while (!listener.listening && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(listener.listening).toBe(true);
    await index.ready();
    expect(index.loads).toBeGreaterThan(loads);
    // The answer is SQL's: every listed doctor (the read model the copy is loaded from) who
    // speaks the language.
    const [oracle] = await db.dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM doctor_search WHERE $1 = ANY(language_ids)`,
      [lang.id],
    );
    const after = await list();
    expect(after.total).toBe(oracle.n);
    expect(after.doctors.map((d) => d.cpsoNumber)).toContain(doctor.cpso);
  });
});

describe('an instance before its first load of the directory (e2e)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createDemoDatabase(
      'lists-first-load',
      { doctors: 120, seed: 7, now: NOW },
      'doctor_search',
    );
  }, 120_000);

  afterAll(async () => {
    await db?.drop();
  });

  it('is not ready until its index is loaded: readiness 503 with the reason, liveness pong, lists wait', async () => {
    // The first load is held on a lock of the read model it reads.
    const holder = db.dataSource.createQueryRunner();
    await holder.connect();
    await holder.query('BEGIN');
    // REFRESH takes the view's ACCESS EXCLUSIVE lock (LOCK TABLE does not take a materialized view).
    await holder.query('REFRESH MATERIALIZED VIEW doctor_search');
    let t: TestApp | undefined;
    let held = true;
    try {
      // A request's statement timeout shorter than the hold: the load's own statements are not
      // bound by it (a load is not a request), so the load waits and completes.
      t = await createTestApp(
        db,
        { DB_STATEMENT_TIMEOUT_MS: '250' },
        new FixedClock(NOW),
        undefined,
        { waitForIndex: false },
      );
      const auth = await authHeaders(t, 'admin');
      const ready = await call(t.app, 'GET', '/');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({
        status: 'unavailable',
        database: 'up',
        directory: 'loading',
        version: '1.0.0',
      });
      expect(String(ready.body.reason)).toMatch(/index is loading/);
      const live = await call(t.app, 'GET', '/ping');
      expect(live.status).toBe(200);
      expect(live.text).toBe('pong');

      // A list asked meanwhile waits for the index (it is never read another way).
      let answered = false;
      const listed = call(t.app, 'GET', '/doctors?limit=5', auth).then((r) => {
        answered = true;
        return r;
      });
      await new Promise((r) => setTimeout(r, 600));
      expect(answered).toBe(false);

      await holder.query('ROLLBACK');
      held = false;
      const r = await listed;
      // The first load itself, not a retry after one that failed on the request timeout.
      expect(t.app.get(DoctorMemoryIndex).failedLoads).toBe(0);
      expect(t.app.get(DoctorMemoryIndex).loads).toBe(1);
      expect(r.status).toBe(200);
      expect(r.body.total).toBeGreaterThan(0);
      expect((await call(t.app, 'GET', '/')).status).toBe(200);
    } finally {
      if (held) await holder.query('ROLLBACK');
      await holder.release();
      await t?.close();
    }
  });
});
