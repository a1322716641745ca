import { seedDemoData } from '../../src/infrastructure/seed/demo-data.seeder';
import { authHeaders } from '../support/auth';
import { call } from '../support/http';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/** Cached reads (summary, metadata, list totals) follow a replacement of the directory at once. */
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
    let afterA = await totals(a, authA);
    for (let i = 0; i < 50 && afterA.summary === before.summary; i++) {
      await new Promise((r) => setTimeout(r, 20));
      afterA = await totals(a, authA);
    }
    expect(afterA.summary).toBeLessThan(before.summary);
    expect(afterA.list).toBeLessThan(before.list);
    expect(afterA.metadata).toBeLessThan(before.metadata);
    expect(await totals(b, authB)).toEqual(afterA);
  });
});
