import { FIXTURE_NOW, loadDirectoryFixture } from '../fixtures/directory.fixture';
import { authHeaders } from './auth';
import { FixedClock } from './fixed-clock';
import { call, HttpResult } from './http';
import { createTestApp, TestApp } from './test-app';
import { createTestDatabase, TestDatabase } from './test-database';

export interface FixtureApp {
  db: TestDatabase;
  t: TestApp;
  /** Bearer header of a live key. */
  auth: Record<string, string>;
  /** GET under /api/v1 with the live key. */
  get(path: string, headers?: Record<string, string>): Promise<HttpResult>;
}

/**
 * Registers the suite's beforeAll/afterAll: a database of its own holding the hand-made fixture
 * (plus whatever `prepare` adds), the real app with the clock at FIXTURE_NOW, and a live key.
 */
export function useFixtureApp(
  label: string,
  prepare?: (db: TestDatabase) => Promise<void>,
): FixtureApp {
  const ctx = {
    auth: {},
    get: (path: string, headers: Record<string, string> = {}) =>
      call(ctx.t.app, 'GET', path, { ...ctx.auth, ...headers }),
  } as FixtureApp;
  beforeAll(async () => {
    ctx.db = await createTestDatabase(label);
    await loadDirectoryFixture(ctx.db.dataSource);
    if (prepare) await prepare(ctx.db);
    ctx.t = await createTestApp(ctx.db, {}, new FixedClock(FIXTURE_NOW));
    ctx.auth = await authHeaders(ctx.t, 'live');
  });
  afterAll(async () => {
    await ctx.t?.close();
    await ctx.db?.drop();
  });
  return ctx;
}
