import { Clock } from '../../src/application/shared/clock';
import { PgNotificationListener } from '../../src/infrastructure/database/pg-notification-listener';
import { API_KEYS_CHANGED_CHANNEL } from '../../src/infrastructure/persistence/keys/api-key-cache';
import { runOperatorsCommand } from '../../src/interface/cli/commands/operators.command';
import { UsageRecorder } from '../../src/application/usage/usage';
import { BufferedUsageRecorder } from '../../src/infrastructure/usage/buffered-usage-recorder';
import { seedDemoData } from '../../src/infrastructure/seed/demo-data.seeder';
import { authHeaders } from '../support/auth';
import { call } from '../support/http';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';
import { WebClient } from '../support/web-client';

/** A clock the tests move forward (session idle and absolute timeouts). */
class MovableClock extends Clock {
  offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advanceMinutes(m: number): void {
    this.offsetMs += m * 60_000;
  }
}

const PASSWORD = 'correct horse battery staple';

/**
 * The dashboard's rules over HTTP (issue 10 §6): sign-in, session fixation, expiry, CSRF missing,
 * wrong or from another session, cross-origin posts, lockout, disabled operators, revocation seen
 * on a second instance at once, the sandbox key kept, the audit log, usage counts.
 */
describe('admin dashboard (e2e)', () => {
  let db: TestDatabase;
  let t: TestApp;
  let t2: TestApp;
  const clock = new MovableClock();
  let n = 0;

  async function operator(email = `ops${++n}@example.com`, password = PASSWORD) {
    await runOperatorsCommand(['add', email], db.dataSource, async () => password);
    return email;
  }
  async function signedIn(email: string, app = t, ip?: string) {
    const c = new WebClient(app, ip);
    await c.get('/admin/sign-in');
    const r = await c.post('/admin/sign-in', { email, password: PASSWORD });
    expect(r.status).toBe(303);
    expect(r.location).toBe('/admin');
    return c;
  }
  const audit = () =>
    db.dataSource.query<
      { action: string; target: string | null; ip: string | null; operator_email: string | null }[]
    >(`SELECT action, target, ip, operator_email FROM audit_log ORDER BY id`);

  beforeAll(async () => {
    db = await createTestDatabase('admin_e2e');
    await seedDemoData(db.dataSource, { doctors: 20, seed: 4 });
    [t, t2] = await Promise.all([
      createTestApp(db, { USAGE_FLUSH_SECONDS: '3600' }, clock),
      createTestApp(db, {}, clock),
    ]);
  });
  afterAll(async () => {
    await t?.close();
    await t2?.close();
    await db?.drop();
  });
  beforeEach(() => {
    clock.offsetMs = 0;
  });

  it('sends a signed-out browser to sign-in, and signs in with a new __Host- session cookie', async () => {
    const email = await operator();
    const c = new WebClient(t);
    for (const path of [
      '/admin',
      '/admin/keys',
      '/admin/orders',
      '/admin/audit',
      '/admin/account',
    ]) {
      const r = await c.get(path);
      expect({ path, status: r.status, location: r.location }).toEqual({
        path,
        status: 303,
        location: '/admin/sign-in',
      });
    }
    const page = await c.get('/admin/sign-in');
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(String(page.headers['content-security-policy'])).toMatch(/frame-ancestors 'none'/);
    const r = await c.post('/admin/sign-in', { email, password: PASSWORD });
    expect(r.status).toBe(303);
    const set = r.headers['set-cookie'];
    const cookie = (Array.isArray(set) ? set : [String(set)]).find((x) =>
      x.startsWith('__Host-gtad_admin='),
    )!;
    expect(cookie).toMatch(/^__Host-gtad_admin=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).not.toMatch(/Domain=/);
    const id = c.cookies.get('__Host-gtad_admin')!;
    const rows = await db.dataSource.query<{ id_hash: Buffer }[]>(
      `SELECT id_hash FROM operator_sessions`,
    );
    // Only a hash of the id is stored.
    expect(rows.some((row) => row.id_hash.toString('base64url') === id)).toBe(false);
    expect((await c.get('/admin')).status).toBe(200);
  });

  it('never adopts a session id chosen before sign-in, and a new sign-in ends the old session', async () => {
    const email = await operator();
    const c = new WebClient(t);
    const planted = 'A'.repeat(43);
    c.cookies.set('__Host-gtad_admin', planted);
    await c.get('/admin/sign-in');
    await c.post('/admin/sign-in', { email, password: PASSWORD });
    const first = c.cookies.get('__Host-gtad_admin')!;
    expect(first).not.toBe(planted);
    await c.get('/admin/account');
    await c.post('/admin/sign-in', { email, password: PASSWORD });
    const second = c.cookies.get('__Host-gtad_admin')!;
    expect(second).not.toBe(first);
    const old = new WebClient(t);
    old.cookies.set('__Host-gtad_admin', first);
    expect((await old.get('/admin')).status).toBe(303);
  });

  it('ends a session idle past 30 minutes, and any session after 12 hours', async () => {
    const email = await operator();
    const c = await signedIn(email);
    clock.advanceMinutes(29);
    expect((await c.get('/admin')).status).toBe(200);
    clock.advanceMinutes(31);
    expect((await c.get('/admin')).location).toBe('/admin/sign-in');

    clock.offsetMs = 0;
    const d = await signedIn(email);
    // Used every 29 minutes, it still ends 12 hours after sign-in.
    for (let i = 0; i < 24; i++) {
      clock.advanceMinutes(29);
      expect((await d.get('/admin')).status).toBe(200);
    }
    clock.advanceMinutes(29);
    expect((await d.get('/admin')).location).toBe('/admin/sign-in');
  });

  it('refuses a post without a CSRF token, with a wrong one, or with one made for another session', async () => {
    const alice = await signedIn(await operator());
    const bob = await signedIn(await operator());
    await alice.get('/admin/keys/new');
    await bob.get('/admin/keys/new');
    const before = await db.dataSource.query(`SELECT count(*)::int AS n FROM api_keys`);
    expect((await alice.post('/admin/keys', { _csrf: '', tier: 'admin' })).status).toBe(403);
    expect((await alice.post('/admin/keys', { _csrf: 'forged', tier: 'admin' })).status).toBe(403);
    // Bob's token (and his CSRF cookie, tossed into Alice's browser) does not work for Alice.
    alice.cookies.set('__Host-gtad_csrf', bob.cookies.get('__Host-gtad_csrf')!);
    const tossed = await alice.post('/admin/keys', { _csrf: bob.lastCsrf!, tier: 'admin' });
    expect(tossed.status).toBe(403);
    expect(tossed.headers['content-type']).toMatch(/^text\/html/);
    expect(await db.dataSource.query(`SELECT count(*)::int AS n FROM api_keys`)).toEqual(before);
  });

  it('refuses a cross-origin form post even with a valid token', async () => {
    const c = await signedIn(await operator());
    await c.get('/admin/keys/new');
    const cross = await c.post(
      '/admin/keys',
      { tier: 'admin' },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(cross.status).toBe(403);
    const origin = await c.post(
      '/admin/keys',
      { tier: 'admin' },
      { 'sec-fetch-site': '', origin: 'https://evil.example', host: 'directory.example' },
    );
    expect(origin.status).toBe(403);
    expect((await c.post('/admin/keys', { tier: 'admin' })).status).toBe(200);
  });

  it('locks an address after 5 failures in 15 minutes, with the same message for unknown addresses', async () => {
    const email = await operator();
    const c = new WebClient(t, '198.51.100.7');
    await c.get('/admin/sign-in');
    const unknown = await c.post('/admin/sign-in', {
      email: 'nobody@example.com',
      password: 'x'.repeat(12),
    });
    const wrong = await c.post('/admin/sign-in', { email, password: 'not the password' });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    const msg = (p: { text: string }) => /role="alert">([^<]+)</.exec(p.text)?.[1];
    expect(msg(unknown)).toBe(msg(wrong));
    for (let i = 0; i < 4; i++)
      await c.post('/admin/sign-in', { email, password: 'not the password' });
    const locked = await c.post('/admin/sign-in', { email, password: PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.text).toMatch(/refused for 15 more minute/);
    // Another address from another IP is not affected; this one opens after 15 minutes.
    const other = await signedIn(await operator(), t, '198.51.100.8');
    expect((await other.get('/admin')).status).toBe(200);
    clock.advanceMinutes(16);
    const later = await c.post('/admin/sign-in', { email, password: PASSWORD });
    expect(later.status).toBe(303);
    const actions = (await audit()).filter((a) => a.target === email).map((a) => a.action);
    expect(actions.filter((a) => a === 'sign_in_failed')).toHaveLength(5);
    expect(actions).toContain('sign_in_refused');
  });

  it('locks an IP after 20 failures whatever the addresses', async () => {
    const c = new WebClient(t, '198.51.100.99');
    await c.get('/admin/sign-in');
    for (let i = 0; i < 20; i++)
      await c.post('/admin/sign-in', { email: `guess${i}@example.com`, password: 'y'.repeat(12) });
    const email = await operator();
    const r = await c.post('/admin/sign-in', { email, password: PASSWORD });
    expect(r.status).toBe(429);
  });

  it('cuts a disabled operator off at once, and refuses their sign-in like a wrong password', async () => {
    const email = await operator();
    const c = await signedIn(email);
    expect((await c.get('/admin')).status).toBe(200);
    await runOperatorsCommand(['disable', email], db.dataSource);
    expect((await c.get('/admin')).location).toBe('/admin/sign-in');
    const again = new WebClient(t, '203.0.113.50');
    await again.get('/admin/sign-in');
    const r = await again.post('/admin/sign-in', { email, password: PASSWORD });
    expect(r.status).toBe(401);
    expect(r.text).toMatch(/Wrong e-mail address or password/);
  });

  it('issues an admin key shown once, which works; revoking it is refused by another instance at once', async () => {
    const c = await signedIn(await operator());
    await c.get('/admin/keys/new');
    const issued = await c.post('/admin/keys', { tier: 'admin', label: 'on-call <b>test</b>' });
    expect(issued.status).toBe(200);
    expect(issued.text).not.toContain('<b>test</b>');
    const key = /id="new-key"[^>]*>([^<]+)</.exec(issued.text)![1];
    expect(key).toMatch(/^gtad_admin_/);
    expect(
      (await call(t2.app, 'GET', '/doctors?limit=100', { authorization: `Bearer ${key}` })).status,
    ).toBe(200);

    const list = await c.get(`/admin/keys?prefix=${key.slice(0, 17)}`);
    expect(list.text).toContain(key.slice(0, 17));
    expect(list.text).not.toContain(key);
    const id = /\/admin\/keys\/([0-9a-f-]{36})\/revoke/.exec(list.text)![1];
    const confirm = await c.get(`/admin/keys/${id}/revoke`);
    expect(confirm.text).toMatch(/cannot be undone/);
    const heard = t2.app.get(PgNotificationListener).nextNotification(API_KEYS_CHANGED_CHANNEL);
    const revoked = await c.post(`/admin/keys/${id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.text).toContain(`Revoked: <code>${key.slice(0, 17)}</code>`);
    await heard;
    const r = await call(t2.app, 'GET', '/doctors?limit=1', { authorization: `Bearer ${key}` });
    expect(r.status).toBe(401);
    const log = (await audit()).filter((a) => a.target === key.slice(0, 17));
    expect(log.map((a) => a.action)).toEqual(['key_issued', 'key_revoked']);
    expect(log[0].ip).toBe('203.0.113.10');
  });

  it('keeps the published sandbox key: not revocable from the dashboard', async () => {
    const c = await signedIn(await operator());
    const sandbox = await authHeaders(t, 'sandbox');
    const [{ id }] = await db.dataSource.query<{ id: string }[]>(
      `SELECT id FROM api_keys WHERE tier = 'sandbox' AND revoked_at IS NULL`,
    );
    const page = await c.get(`/admin/keys/${id}/revoke`);
    expect(page.text).toMatch(/cannot be revoked here/);
    await c.get('/admin/keys/new');
    const r = await c.post(`/admin/keys/${id}/revoke`);
    expect(r.status).toBe(403);
    expect((await call(t.app, 'GET', '/doctors?limit=1', sandbox)).status).toBe(200);
  });

  it('filters keys by tier and state and pages them', async () => {
    const c = await signedIn(await operator());
    const live = await c.get('/admin/keys?tier=live&state=active');
    expect(live.status).toBe(200);
    expect(live.text).not.toMatch(/<td>gateway<\/td>/);
    const bad = await c.get('/admin/keys?prefix=%25%27--');
    expect(bad.status).toBe(200);
    expect(bad.text).toMatch(/A prefix is letters/);
    expect((await c.get('/admin/keys?page=99999')).status).toBe(200);
    // Hostile filters and ids, signed in: answered, never a 5xx.
    for (const path of [
      '/admin/keys?tier=%00&state=%FF&page=-1',
      '/admin/keys?tier=live&tier=admin',
      `/admin/keys?prefix=${'a'.repeat(2000)}`,
      '/admin/keys/%00/revoke',
      '/admin/keys?chain=%00&chain=%FF',
      `/admin/keys?chain=${'0'.repeat(2000)}`,
      '/admin/keys?chain=00000000-0000-4000-8000-000000000000&revoked=%3Cscript%3E',
      '/admin/orders?page=%00',
      '/admin/audit?page=1e309',
    ]) {
      const r = await c.get(path);
      expect({ path, ok: r.status < 500 }).toEqual({ path, ok: true });
    }
  });

  it('changes the password (other sessions end) and ends other sessions on request', async () => {
    const email = await operator();
    const here = await signedIn(email);
    const there = await signedIn(email);
    await here.get('/admin/account');
    const wrong = await here.post('/admin/account/password', {
      current: 'not it at all',
      password: 'a brand new password',
      confirm: 'a brand new password',
    });
    expect(wrong.status).toBe(400);
    const ok = await here.post('/admin/account/password', {
      current: PASSWORD,
      password: 'a brand new password',
      confirm: 'a brand new password',
    });
    expect(ok.location).toBe('/admin/account?done=password');
    expect((await there.get('/admin')).location).toBe('/admin/sign-in');
    expect((await here.get('/admin')).status).toBe(200);

    const third = new WebClient(t);
    await third.get('/admin/sign-in');
    expect(
      (await third.post('/admin/sign-in', { email, password: 'a brand new password' })).status,
    ).toBe(303);
    await here.get('/admin/account');
    await here.post('/admin/account/sessions');
    expect((await third.get('/admin')).location).toBe('/admin/sign-in');
    await here.get('/admin/account');
    const out = await here.post('/admin/sign-out');
    expect(out.location).toBe('/admin/sign-in?signed_out=1');
    expect((await here.get('/admin')).location).toBe('/admin/sign-in');
  });

  it('counts requests per key and day without a write per request, and charts them by tier', async () => {
    const c = await signedIn(await operator());
    const live = await authHeaders(t, 'live');
    const before = await db.dataSource.query(`SELECT count(*)::int AS n FROM key_usage_daily`);
    for (let i = 0; i < 7; i++)
      expect((await call(t.app, 'GET', '/metadata/languages', live)).status).toBe(200);
    // Nothing written yet (the flush interval of this instance is an hour).
    expect(await db.dataSource.query(`SELECT count(*)::int AS n FROM key_usage_daily`)).toEqual(
      before,
    );
    await t.app.get<UsageRecorder, BufferedUsageRecorder>(UsageRecorder).flush();
    const [row] = await db.dataSource.query<{ requests: string }[]>(
      `SELECT u.requests::text FROM key_usage_daily u JOIN api_keys k ON k.id = u.key_id
        WHERE k.tier = 'live' ORDER BY u.requests DESC LIMIT 1`,
    );
    expect(Number(row.requests)).toBeGreaterThanOrEqual(7);
    const overview = await c.get('/admin');
    const today = new Date().toISOString().slice(0, 10);
    expect(overview.text).toMatch(new RegExp(`<title>${today} live: \\d+</title>`));
  });

  it('shows orders (an empty state first) and an append-only audit log', async () => {
    const c = await signedIn(await operator());
    const orders = await c.get('/admin/orders');
    expect(orders.text).toMatch(/No orders yet/);
    const log = await c.get('/admin/audit');
    expect(log.text).toMatch(/sign_in_failed/);
    expect(log.text).toMatch(/key_revoked/);
    await expect(db.dataSource.query(`UPDATE audit_log SET action = 'x'`)).rejects.toThrow(
      /append-only/,
    );
    await expect(db.dataSource.query(`DELETE FROM audit_log`)).rejects.toThrow(/append-only/);
  });
});
