import { Clock } from '../../src/application/shared/clock';
import { runOperatorsCommand } from '../../src/interface/cli/commands/operators.command';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';
import { WebClient, WebPage } from '../support/web-client';

/** A clock the tests move forward (idle timeouts). */
class MovableClock extends Clock {
  offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advanceSeconds(s: number): void {
    this.offsetMs += s * 1000;
  }
}

const PASSWORD = 'correct horse battery staple';

/**
 * Dashboard sessions and pages (issue 30, item 3 f and g): a session is touched at a fraction of
 * the idle window, and HTML 404 pages do not repeat the path.
 */
describe('admin sessions and pages (e2e)', () => {
  let db: TestDatabase;
  let t: TestApp;
  const clock = new MovableClock();

  async function client(ip: string, app = t) {
    const c = new WebClient(app, ip);
    await c.get('/admin/sign-in');
    return c;
  }
  const signIn = (c: WebClient, email: string, password: string) =>
    c.post('/admin/sign-in', { email, password });

  beforeAll(async () => {
    db = await createTestDatabase('admin_sessions');
    t = await createTestApp(db, {}, clock);
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });
  beforeEach(() => {
    clock.offsetMs = 0;
  });

  it('keeps an operator active every 20 seconds signed in with ADMIN_IDLE_MINUTES=1', async () => {
    const short = await createTestApp(db, { ADMIN_IDLE_MINUTES: '1' }, clock);
    try {
      const email = 'idle@example.com';
      await runOperatorsCommand(['add', email], db.dataSource, async () => PASSWORD);
      const c = await client('203.0.113.70', short);
      expect((await signIn(c, email, PASSWORD)).status).toBe(303);
      for (let i = 0; i < 15; i++) {
        clock.advanceSeconds(20);
        const r = await c.get('/admin/account');
        expect({ at: (i + 1) * 20, status: r.status }).toEqual({ at: (i + 1) * 20, status: 200 });
      }
      clock.advanceSeconds(61);
      expect((await c.get('/admin')).location).toBe('/admin/sign-in');
    } finally {
      await short.close();
    }
  });

  it('answers HTML 404 pages without repeating the path', async () => {
    const marker = 'Your-account-is-suspended-call-555-0100';
    for (const path of [`/admin/${marker}`, `/checkout/${marker}`, `/admin/keys/x/${marker}?q=1`]) {
      const r: WebPage = await new WebClient(t).get(path);
      expect({ path, status: r.status }).toEqual({ path, status: 404 });
      expect(r.headers['content-type']).toMatch(/^text\/html/);
      expect(r.text).not.toContain(marker);
      expect(r.text).toContain('There is no page at this address.');
    }
  });
});
