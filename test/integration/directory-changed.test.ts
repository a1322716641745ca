import { seedDemoData } from '../../src/infrastructure/seed/demo-data.seeder';
import { authHeaders } from '../support/auth';
import { call } from '../support/http';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/**
 * Cached reads (summary, metadata) follow a replacement of the directory at once; the lists, which
 * answer from each instance's copy of the directory, once that instance has loaded its next copy
 * (issue 49: the copy in service answers meanwhile).
 */
describe('caches dropped when the directory changes', () => {
  let db: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  let authA: Record<string, string>;
  let authB: Record<string, string>;

  beforeAll(async () => {
    db = await createTestDatabase('dir_changed');
    await seedDemoData(db.dataSource, { doctors: 150, seed: 1 });
    a = await createTestApp(db);
    b = await createTestApp(db);
    authA = await authHeaders(a, 'admin');
    authB = await authHeaders(b, 'admin');
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await db?.drop();
  });

  const totals = async (t: TestApp, auth: Record<string, string>) => ({
    summary: (await call(t.app, 'GET', '/doctors/summary', auth)).body.totalDoctors as number,
    list: (await call(t.app, 'GET', '/doctors?accepting=false&limit=0', auth)).body.total as number,
    metadata: (
      (await call(t.app, 'GET', '/metadata/specialties', auth)).body.specialties as {
        doctorCount: number;
      }[]
    )
      .map((s) => s.doctorCount)
      .reduce((x, y) => x + y, 0),
  });

  it('serves the new data on every instance once a seed commits', async () => {
    const before = await totals(a, authA);
    expect(await totals(b, authB)).toEqual(before);

    await seedDemoData(db.dataSource, { doctors: 60, seed: 2 });
    // Each instance on its own: the notification, then its next copy (at most 10 s here).
    const settled = async (t: TestApp, auth: Record<string, string>) => {
      let now = await totals(t, auth);
      for (
        let i = 0;
        i < 500 && (now.summary === before.summary || now.list === before.list);
        i++
      ) {
        await new Promise((r) => setTimeout(r, 20));
        now = await totals(t, auth);
      }
      return now;
    };
    const afterA = await settled(a, authA);
    expect(afterA.summary).toBeLessThan(before.summary);
    expect(afterA.list).toBeLessThan(before.list);
    expect(afterA.metadata).toBeLessThan(before.metadata);
    expect(await settled(b, authB)).toEqual(afterA);
  });
});
