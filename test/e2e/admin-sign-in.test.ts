import { Clock } from '../../src/application/shared/clock';
import { runOperatorsCommand } from '../../src/interface/cli/commands/operators.command';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';
import { WebClient, WebPage } from '../support/web-client';

/** A clock the tests move forward (idle timeouts, lock windows). */
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
const WRONG = 'not the password at all';

/**
 * Operators' sign-in under attack (issue 30, item 3): attempts recorded before argon2, locks per
 * address and IP pair (IPv6 /64), a growing delay instead of a lock for an address alone, unlock,
 * a bound on concurrent argon2 runs, one audit line per refused burst, sessions ended by a new
 * password.
 */
describe('operators sign-in (e2e)', () => {
  let db: TestDatabase;
  let t: TestApp;
  const clock = new MovableClock();
  let n = 0;

  async function operator(email = `signin${++n}@example.com`) {
    await runOperatorsCommand(['add', email], db.dataSource, async () => PASSWORD);
    return email;
  }
  async function client(ip: string, app = t) {
    const c = new WebClient(app, ip);
    await c.get('/admin/sign-in');
    return c;
  }
  const signIn = (c: WebClient, email: string, password: string) =>
    c.post('/admin/sign-in', { email, password });
  const audit = (email: string) =>
    db.dataSource.query<{ action: string; ip: string | null; detail: string | null }[]>(
      `SELECT action, ip, detail FROM audit_log WHERE target = $1 ORDER BY id`,
      [email],
    );
  const count = (rows: { action: string }[], action: string) =>
    rows.filter((r) => r.action === action).length;

  beforeAll(async () => {
    db = await createTestDatabase('admin_sign_in');
    t = await createTestApp(db, {}, clock);
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });
  beforeEach(() => {
    clock.offsetMs = 0;
  });

  it('checks at most 5 of 12 concurrent wrong passwords from one IP, and logs the refused burst once', async () => {
    const email = await operator();
    const c = await client('198.51.100.20');
    const answers = await Promise.all(Array.from({ length: 12 }, () => signIn(c, email, WRONG)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
    const log = await audit(email);
    expect(count(log, 'sign_in_failed')).toBe(5);
    // Seven refusals in the same minute: one line.
    expect(count(log, 'sign_in_refused')).toBe(1);
    // More refusals in that minute add nothing; the next minute adds one line.
    for (let i = 0; i < 5; i++) expect((await signIn(c, email, PASSWORD)).status).toBe(429);
    expect(count(await audit(email), 'sign_in_refused')).toBe(1);
    clock.advanceSeconds(60);
    expect((await signIn(c, email, PASSWORD)).status).toBe(429);
    expect(count(await audit(email), 'sign_in_refused')).toBe(2);
  });

  it('locks an IPv6 /64 after 20 failures whatever the addresses and host parts', async () => {
    for (let i = 0; i < 20; i++) {
      const c = await client(`2001:db8:7:9::${(i + 1).toString(16)}`);
      expect((await signIn(c, `guess${i}@example.com`, WRONG)).status).toBe(401);
    }
    const email = await operator();
    const sameNetwork = await client('2001:db8:7:9:ffff:1:2:3');
    expect((await signIn(sameNetwork, email, PASSWORD)).status).toBe(429);
    const otherNetwork = await client('2001:db8:7:a::1');
    expect((await signIn(otherNetwork, email, PASSWORD)).status).toBe(303);
  });

  it('locks only the address and IP pair: the right password from another IP still signs in', async () => {
    const email = await operator();
    const attacker = await client('198.51.100.30');
    for (let i = 0; i < 5; i++) expect((await signIn(attacker, email, WRONG)).status).toBe(401);
    expect((await signIn(attacker, email, PASSWORD)).status).toBe(429);
    const owner = await client('203.0.113.30');
    expect((await signIn(owner, email, PASSWORD)).status).toBe(303);
  });

  it('slows an address failing from many IPs with a growing delay, never locking the right password out', async () => {
    const email = await operator();
    const took: number[] = [];
    for (let i = 0; i < 7; i++) {
      const c = await client(`198.51.100.${40 + i}`);
      const started = Date.now();
      expect((await signIn(c, email, WRONG)).status).toBe(401);
      took.push(Date.now() - started);
    }
    // Failures 1-5 are not slowed; the 6th waits 1 s, the 7th 2 s.
    expect(Math.max(...took.slice(0, 5))).toBeLessThan(900);
    expect(took[5]).toBeGreaterThanOrEqual(1000);
    expect(took[6]).toBeGreaterThanOrEqual(2000);
    const owner = await client('203.0.113.40');
    const started = Date.now();
    const r = await signIn(owner, email, PASSWORD);
    expect(r.status).toBe(303);
    expect(Date.now() - started).toBeGreaterThanOrEqual(4000);
    const log = await audit(email);
    expect(log[log.length - 1]).toMatchObject({ action: 'sign_in', detail: 'after a 4 s delay' });
  }, 30_000);

  it('unlocks an address and IP pair from the command line, audited', async () => {
    const email = await operator();
    const c = await client('198.51.100.50');
    for (let i = 0; i < 5; i++) await signIn(c, email, WRONG);
    expect((await signIn(c, email, PASSWORD)).status).toBe(429);
    expect(await runOperatorsCommand(['unlock', email], db.dataSource)).toEqual({
      email,
      failures_cleared: 5,
    });
    expect((await signIn(c, email, PASSWORD)).status).toBe(303);
    const log = await audit(email);
    expect(log.find((l) => l.action === 'operator_unlocked')).toMatchObject({
      detail: '5 sign-in failure(s) cleared',
    });
    await expect(
      runOperatorsCommand(['unlock', 'nobody@example.com'], db.dataSource),
    ).rejects.toThrow(/no operator/);
  });

  it('ends every session of the operator when the command line sets a new password', async () => {
    const email = await operator();
    const a = await client('203.0.113.60');
    const b = await client('203.0.113.61');
    expect((await signIn(a, email, PASSWORD)).status).toBe(303);
    expect((await signIn(b, email, PASSWORD)).status).toBe(303);
    expect((await a.get('/admin')).status).toBe(200);
    const r = await runOperatorsCommand(
      ['password', email],
      db.dataSource,
      async () => 'a different long password',
    );
    expect(r).toEqual({ email, sessions_ended: 2 });
    expect((await a.get('/admin')).location).toBe('/admin/sign-in');
    expect((await b.get('/admin')).location).toBe('/admin/sign-in');
    const log = await audit(email);
    expect(log[log.length - 1]).toMatchObject({
      action: 'operator_password_set',
      detail: '2 session(s) ended; 0 sign-in failure(s) cleared',
    });
  });

  it('bounds the argon2 checks running at once: the excess is told to try again, and not counted', async () => {
    const one = await createTestApp(db, { ADMIN_PASSWORD_CHECKS: '1' }, clock);
    try {
      const answers = await Promise.all(
        Array.from({ length: 45 }, async (_, i) => {
          const c = await client(`192.0.2.${i + 1}`, one);
          return signIn(c, `flood${i}@example.com`, WRONG);
        }),
      );
      const busy = answers.filter((a) => a.status === 503);
      const failed = answers.filter((a) => a.status === 401);
      expect(busy.length + failed.length).toBe(45);
      expect(busy.length).toBeGreaterThan(0);
      expect(busy[0].text).toMatch(/Sign-in is busy right now: try again in a few seconds/);
      expect(busy[0].headers['retry-after']).toBe('5');
      // A refused attempt's password was never checked: it is no failure.
      const [attempts] = await db.dataSource.query<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM sign_in_attempts WHERE email LIKE 'flood%'`,
      );
      expect(attempts.n).toBe(failed.length);
      const refused = await db.dataSource.query<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM audit_log
          WHERE action = 'sign_in_refused' AND detail LIKE 'too many password checks%'`,
      );
      expect(refused[0].n).toBeLessThanOrEqual(2); // one a minute (the burst may straddle two)
      expect(refused[0].n).toBeGreaterThanOrEqual(1);
    } finally {
      await one.close();
    }
  });

  it('unlocks an address from the dashboard: the operators page shows its failures, the unlock is audited', async () => {
    const locked = await operator();
    const attacker = await client('198.51.100.80');
    for (let i = 0; i < 5; i++) await signIn(attacker, locked, WRONG);
    expect((await signIn(attacker, locked, PASSWORD)).status).toBe(429);
    const admin = await client('203.0.113.80');
    const me = await operator();
    expect((await signIn(admin, me, PASSWORD)).status).toBe(303);
    const page = await admin.get('/admin/operators');
    expect(page.status).toBe(200);
    const row = new RegExp(`<td>${locked}</td>[\\s\\S]*?</tr>`).exec(page.text)![0];
    expect(row.match(/<td>(\d+)<\/td>/g)).toEqual(['<td>5</td>', '<td>1</td>']);
    expect(row).toMatch(/<td>1 s<\/td>/);
    const done = await admin.post('/admin/operators/unlock', { email: locked });
    expect(done.status).toBe(200);
    expect(done.text).toContain(`Unlocked ${locked}: 5 sign-in failure(s) forgotten.`);
    expect((await signIn(attacker, locked, PASSWORD)).status).toBe(303);
    const [line] = await db.dataSource.query<{ operator_email: string; ip: string }[]>(
      `SELECT operator_email, ip FROM audit_log WHERE action = 'operator_unlocked' AND target = $1`,
      [locked],
    );
    expect(line).toEqual({ operator_email: me, ip: '203.0.113.80' });
    // Unknown and hostile addresses are answered on the page, never a 5xx.
    await admin.get('/admin/operators');
    const unknown = await admin.post('/admin/operators/unlock', { email: 'nobody@example.com' });
    expect(unknown.status).toBe(404);
    expect(unknown.text).toMatch(/no operator nobody@example.com/);
    for (const email of ['', '\u0000', 'x'.repeat(5000), '<script>@x']) {
      await admin.get('/admin/operators');
      const r = await admin.post('/admin/operators/unlock', { email });
      expect({ email: email.slice(0, 20), status: r.status }).toEqual({
        email: email.slice(0, 20),
        status: 400,
      });
    }
  });

  it('pages the audit log by entry (older, newer, newest), and ignores a malformed cursor', async () => {
    await db.dataSource.query(
      `INSERT INTO audit_log (at, action, target)
       SELECT now() - g * interval '1 second', 'key_issued', 'gtad_live_' || g FROM generate_series(1, 120) g`,
    );
    const admin = await client('203.0.113.90');
    const me = await operator();
    expect((await signIn(admin, me, PASSWORD)).status).toBe(303);
    const first = await admin.get('/admin/audit');
    expect(first.status).toBe(200);
    const rowsOf = (p: WebPage) => (p.text.match(/<tr>\s*<td>/g) ?? []).length;
    expect(rowsOf(first)).toBe(50);
    const olderHref = /href="(\/admin\/audit\?older_than=\d+)"/.exec(first.text)![1];
    const second = await admin.get(olderHref);
    expect(second.status).toBe(200);
    expect(second.text).toMatch(/href="\/admin\/audit">Newest</);
    const newerHref = /href="(\/admin\/audit\?newer_than=\d+)"/.exec(second.text)![1];
    const back = await admin.get(newerHref);
    const body = (p: WebPage) => /<tbody>([\s\S]*)<\/tbody>/.exec(p.text)![1];
    expect(body(back)).toBe(body(first));
    for (const q of [
      'older_than=abc',
      'older_than=99999999999999999999',
      'newer_than=-1',
      'page=1e309',
    ]) {
      const r = await admin.get(`/admin/audit?${q}`);
      expect({ q, status: r.status }).toEqual({ q, status: 200 });
    }
  });
});
