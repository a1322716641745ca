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
 * The lists' columns in memory are as current as the directory (docs/list-reads.md, "Lists in
 * memory"): on `directory_changed` the copy is dropped at once (the lists are read from SQL,
 * which has the change), then loaded again, and the lists answer the change from it.
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

  it('drops its copy on directory_changed, answers the change from SQL, then from the new copy', async () => {
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
      const body = (
        await call(
          t.app,
          'GET',
          `/doctors?languages=${encodeURIComponent(lang.name)}&limit=100`,
          auth,
        )
      ).body as { total: number; doctors: { cpsoNumber: string }[] };
      return { total: body.total, cpsos: body.doctors.map((d) => d.cpsoNumber) };
    };
    const before = await list();
    expect(before.cpsos).not.toContain(doctor.cpso);
    expect(index.answered).toBeGreaterThan(0);

    await db.dataSource.query(
      `UPDATE doctors SET language_ids = language_ids || $1::smallint WHERE cpso_number = $2`,
      [lang.id, doctor.cpso],
    );
    await refreshReadModels((sql) => db.dataSource.query(sql));
    const heard = t.app.get(PgNotificationListener).nextNotification(DIRECTORY_CHANGED_CHANNEL);
    await db.dataSource.query(`NOTIFY ${DIRECTORY_CHANGED_CHANNEL}`);
    await heard;

    // Dropped at once: the next list is SQL's, which has the change.
    expect(index.loadedSize).toBe(0);
    const answered = index.answered;
    const fromSql = await list();
    expect(fromSql.total).toBe(before.total + 1);
    expect(fromSql.cpsos).toContain(doctor.cpso);

    // Loaded again: the same answer, now from the new copy.
    await index.ready();
    expect(index.loads).toBe(loads + 1);
    const fromMemory = await list();
    expect(index.answered).toBeGreaterThan(answered);
    expect(fromMemory).toEqual(fromSql);
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
});
