import Stripe from 'stripe';
import { DEFAULT_DEMO_WEBHOOK_SECRET } from '../../src/infrastructure/config/app-config';
import { PgNotificationListener } from '../../src/infrastructure/database/pg-notification-listener';
import { API_KEYS_CHANGED_CHANNEL } from '../../src/infrastructure/persistence/keys/api-key-cache';
import { runOrdersCommand } from '../../src/interface/cli/commands/orders.command';
import { seedDemoData } from '../../src/infrastructure/seed/demo-data.seeder';
import { authHeaders } from '../support/auth';
import { call } from '../support/http';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';
import { WebClient } from '../support/web-client';

/**
 * The purchase end to end over HTTP on the demo provider (issue 9 §1, §6): buy, see the key once,
 * use it (uncapped, live limits), rotate it, refund it through a signed webhook, see 401 on every
 * instance.
 */
const signer = new Stripe('sk_test_signer_only');
const PUBLIC_URL = 'https://directory.example';

interface Page {
  status: number;
  text: string;
  headers: Record<string, string | string[] | number | undefined>;
}

describe('checkout (e2e, demo provider)', () => {
  let db: TestDatabase;
  let t: TestApp;
  let t2: TestApp;

  const page = async (
    app: TestApp,
    method: 'GET' | 'POST',
    url: string,
    headers: Record<string, string> = {},
    payload?: string,
  ): Promise<Page> => {
    const r = await app.app.inject({ method, url, headers, payload });
    return { status: r.statusCode, text: r.body, headers: r.headers };
  };
  const cookieOf = (p: Page): string | undefined => {
    const raw = p.headers['set-cookie'];
    const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
    return list.find((c) => c.startsWith('gtad_claim_'));
  };
  const pathOf = (location: unknown) =>
    new URL(String(location)).pathname + new URL(String(location)).search;
  const keyIn = (html: string) =>
    /<textarea id="live-key"[^>]*>([^<]+)<\/textarea>/.exec(html)?.[1];

  /** POST /checkout and the demo's Pay: returns the completion address and the claim cookie. */
  async function buy(app = t) {
    const started = await page(app, 'POST', '/checkout', { 'sec-fetch-site': 'same-origin' });
    expect(started.status).toBe(303);
    const cookie = cookieOf(started)!;
    const demoPath = pathOf(started.headers.location);
    expect(demoPath).toMatch(/^\/checkout\/demo\/demo_cs_/);
    const sessionId = demoPath.split('/').pop()!;
    return { cookie: cookie.split(';')[0], demoPath, sessionId };
  }
  async function pay(demoPath: string) {
    const paid = await page(t, 'POST', `${demoPath}/pay`, { 'sec-fetch-site': 'same-origin' });
    expect(paid.status).toBe(303);
    return pathOf(paid.headers.location);
  }
  async function webhook(event: object, secret = DEFAULT_DEMO_WEBHOOK_SECRET) {
    const payload = JSON.stringify(event);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
    return page(
      t,
      'POST',
      '/checkout/webhook',
      { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    );
  }
  const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
  const heard = (app: TestApp) =>
    app.app.get(PgNotificationListener).nextNotification(API_KEYS_CHANGED_CHANNEL);

  beforeAll(async () => {
    db = await createTestDatabase('checkout_e2e');
    await seedDemoData(db.dataSource, { doctors: 60, seed: 9 });
    const env = { PUBLIC_URL, CHECKOUT_RATE_PER_MIN: '1000' };
    [t, t2] = await Promise.all([createTestApp(db, env), createTestApp(db, env)]);
  });
  afterAll(async () => {
    await t?.close();
    await t2?.close();
    await db?.drop();
  });

  it('GET /checkout says what a live key gives, the price, that it is shown once, and has one button', async () => {
    const p = await page(t, 'GET', '/checkout');
    expect(p.status).toBe(200);
    expect(p.headers['content-type']).toMatch(/^text\/html/);
    expect(p.headers['cache-control']).toBe('no-store');
    expect(p.text).toContain('5.00 CAD');
    expect(p.text).toMatch(/shown once/);
    expect(p.text).toMatch(/no account/);
    expect(p.text).toMatch(/never recovered/);
    expect(p.text).toContain('600 requests a minute');
    expect(p.text.match(/<button/g)).toHaveLength(1);
    // No inline script anywhere, and a policy that forbids it.
    expect(p.text).not.toMatch(/<script(?![^>]*\bsrc=)/);
    const csp = String(p.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('buys a key: pending order, demo page, pay, the key shown once to the paying browser', async () => {
    const b = await buy();
    // One claim per order, named after its session: "<set at, base 36>.<token>".
    expect(b.cookie).toMatch(/^gtad_claim_[A-Za-z0-9_-]{16}=[0-9a-z]{6,8}\.[A-Za-z0-9_-]{43}$/);
    const demo = await page(t, 'GET', b.demoPath);
    expect(demo.status).toBe(200);
    expect(demo.text).toContain('Demo payment: no money moves');
    expect(demo.text).toMatch(/action="\/checkout\/demo\/demo_cs_[^"]+\/pay"/);
    expect(demo.text).toMatch(/action="\/checkout\/demo\/demo_cs_[^"]+\/cancel"/);

    const completePath = await pay(b.demoPath);
    expect(completePath).toBe(`/checkout/complete?session_id=${b.sessionId}`);
    // Another browser first: paid, but not its order.
    const stranger = await page(t, 'GET', completePath);
    expect(stranger.text).toMatch(/the browser that paid/);
    const shown = await page(t, 'GET', completePath, { cookie: b.cookie });
    expect(shown.status).toBe(200);
    expect(shown.headers['cache-control']).toBe('no-store');
    const key = keyIn(shown.text)!;
    expect(key).toMatch(/^gtad_live_[A-Za-z0-9]{38}$/);
    expect(shown.text).toContain('data-copy="live-key"');
    expect(shown.text).toMatch(/<script src="\/assets\/copy\.js" defer><\/script>/);
    expect(shown.text).toMatch(/keys\/rotate/);
    expect(String(shown.headers['set-cookie'])).toContain(`${b.cookie.split('=')[0]}=;`);
    // A reload, a second tab (same cookie) or another browser: the prefix only.
    for (const headers of [{ cookie: b.cookie }, {}] as Record<string, string>[]) {
      const again = await page(t, 'GET', completePath, headers);
      expect(keyIn(again.text)).toBeUndefined();
      expect(again.text).toMatch(/already been shown/);
      expect(again.text).toContain(key.slice(0, 'gtad_live_'.length + 6));
    }
    // The copy script is served, as JavaScript.
    const js = await page(t, 'GET', '/assets/copy.js');
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
  });

  it('the key works uncapped at live limits, rotates, and a refund revokes the rotated key on every instance', async () => {
    const b = await buy();
    const shown = await page(t, 'GET', await pay(b.demoPath), { cookie: b.cookie });
    const key = keyIn(shown.text)!;

    const list = await call(t.app, 'GET', '/doctors?limit=25', bearer(key));
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(25);
    expect(list.headers['ratelimit-limit']).toBe('600');
    const sandbox = await call(t.app, 'GET', '/doctors?limit=25', await authHeaders(t, 'sandbox'));
    expect(sandbox.body.count).toBe(10);

    const rotated = await call(t.app, 'POST', '/keys/rotate', bearer(key));
    expect(rotated.status).toBe(200);
    const newKey = rotated.body.key as string;
    expect((await call(t2.app, 'GET', '/doctors?limit=1', bearer(newKey))).status).toBe(200);
    expect((await call(t2.app, 'GET', '/doctors?limit=1', bearer(key))).status).toBe(401);

    const [{ payment_ref: paymentRef }] = await db.dataSource.query<{ payment_ref: string }[]>(
      `SELECT payment_ref FROM demo_payment_sessions WHERE id = $1`,
      [b.sessionId],
    );
    const notified = heard(t2);
    const r = await webhook({
      id: `evt_refund_${b.sessionId}`,
      object: 'event',
      type: 'charge.refunded',
      data: { object: { id: 'ch_demo', object: 'charge', payment_intent: paymentRef } },
    });
    expect(r.status).toBe(200);
    expect(JSON.parse(r.text)).toEqual({ received: true });
    await notified;
    for (const app of [t, t2]) {
      const denied = await call(app.app, 'GET', '/doctors?limit=1', bearer(newKey));
      expect(denied.status).toBe(401);
      expect(denied.body.error).toBe('invalid_key');
    }
    const lines = (await runOrdersCommand(['list'], db.dataSource)).lines as Record<
      string,
      unknown
    >[];
    const line = lines.find((l) => l.provider_session_id === b.sessionId)!;
    expect(line).toMatchObject({
      provider: 'demo',
      amount_cents: 500,
      currency: 'cad',
      state: 'refunded',
      key_prefix: rotated.body.key_prefix,
      revocation_reason: 'payment refunded',
    });
    expect(JSON.stringify(lines)).not.toContain(newKey);
    const completion = await page(t, 'GET', `/checkout/complete?session_id=${b.sessionId}`);
    expect(completion.text).toMatch(/refunded, so its key no longer works/);
  });

  it('the webhook refuses unsigned, badly signed and stale deliveries with 400 in the contract shape, and takes a duplicate once', async () => {
    const event = { id: 'evt_x', object: 'event', type: 'customer.created', data: { object: {} } };
    const unsigned = await page(
      t,
      'POST',
      '/checkout/webhook',
      { 'content-type': 'application/json' },
      JSON.stringify(event),
    );
    expect(unsigned.status).toBe(400);
    expect(JSON.parse(unsigned.text)).toMatchObject({ error: 'invalid_param' });
    const bad = await webhook(event, 'whsec_not_the_secret');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text).message).toMatch(/^Webhook refused: No signatures found/);
    const payload = JSON.stringify(event);
    const stale = signer.webhooks.generateTestHeaderString({
      payload,
      secret: DEFAULT_DEMO_WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    const old = await page(
      t,
      'POST',
      '/checkout/webhook',
      { 'content-type': 'application/json', 'stripe-signature': stale },
      payload,
    );
    expect(old.status).toBe(400);
    expect((await webhook(event)).status).toBe(200);
    expect((await webhook(event)).status).toBe(200);
    const rows = await db.dataSource.query(`SELECT 1 FROM payment_events WHERE event_id = 'evt_x'`);
    expect(rows).toHaveLength(1);
  });

  it('a cancelled demo payment leads back to /checkout with a message, and the order expires', async () => {
    const b = await buy();
    const cancelled = await page(t, 'POST', `${b.demoPath}/cancel`, {
      'sec-fetch-site': 'same-origin',
    });
    expect(cancelled.status).toBe(303);
    expect(pathOf(cancelled.headers.location)).toBe('/checkout?cancelled=1');
    const back = await page(t, 'GET', '/checkout?cancelled=1');
    expect(back.text).toMatch(/Checkout cancelled: nothing was charged/);
    const [o] = await db.dataSource.query<{ state: string }[]>(
      `SELECT state FROM orders WHERE provider_session_id = $1`,
      [b.sessionId],
    );
    expect(o.state).toBe('expired');
    // Paying after cancelling changes nothing.
    await page(t, 'POST', `${b.demoPath}/pay`, { 'sec-fetch-site': 'same-origin' });
    const done = await page(t, 'GET', `/checkout/complete?session_id=${b.sessionId}`, {
      cookie: b.cookie,
    });
    expect(done.text).toMatch(/expired or was cancelled/);
  });

  it('refuses a cross-site form post, and answers bad addresses with HTML pages', async () => {
    const cross = await page(t, 'POST', '/checkout', { 'sec-fetch-site': 'cross-site' });
    expect(cross.status).toBe(403);
    const noSession = await page(t, 'GET', '/checkout/complete');
    expect(noSession.status).toBe(400);
    expect(noSession.headers['content-type']).toMatch(/^text\/html/);
    const badSession = await page(t, 'GET', '/checkout/complete?session_id=%3Cscript%3E');
    expect(badSession.status).toBe(400);
    expect(badSession.text).not.toContain('<script>');
    const unknown = await page(
      t,
      'GET',
      '/checkout/complete?session_id=demo_cs_nobody_here_at_all',
    );
    expect(unknown.text).toMatch(/No order has this checkout session/);
    const demo404 = await page(t, 'GET', '/checkout/demo/not-a-session');
    expect(demo404.status).toBe(404);
    expect(demo404.headers['content-type']).toMatch(/^text\/html/);
  });
});

describe('checkout rate limit (e2e)', () => {
  let db: TestDatabase;
  let t: TestApp;
  beforeAll(async () => {
    db = await createTestDatabase('checkout_rate');
    t = await createTestApp(db, { CHECKOUT_RATE_PER_MIN: '2' });
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it('limits POST /checkout per client IP, with Retry-After', async () => {
    const post = () => t.app.inject({ method: 'POST', url: '/checkout' });
    expect((await post()).statusCode).toBe(303);
    expect((await post()).statusCode).toBe(303);
    const third = await post();
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(third.body).toMatch(/Too many checkouts/);
    const [{ n }] = await db.dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM orders`,
    );
    expect(n).toBe(2);
  });
});

/**
 * Issue 30, item 4 (a)-(c), on the demo provider without PUBLIC_URL: addresses relative to the
 * page's origin, one claim per order, and the demo served to loopback clients only unless opened
 * up (CHECKOUT_DEMO_PUBLIC, DEMO_WEBHOOK_SECRET).
 */
describe('demo checkout without PUBLIC_URL: origin, claims, loopback (e2e)', () => {
  let db: TestDatabase;
  let t: TestApp;
  let open: TestApp;
  const DEMO_SECRET = 'whsec_demo_secret_of_this_machine_0123456789';
  const LOCAL = '127.0.0.1';
  const ELSEWHERE = '203.0.113.10';
  const keyIn = (html: string) =>
    /<textarea id="live-key"[^>]*>([^<]+)<\/textarea>/.exec(html)?.[1];
  const claims = (c: WebClient) => [...c.cookies.keys()].filter((n) => n.startsWith('gtad_claim_'));
  const count = async (sql: string, params: unknown[] = []) =>
    (await db.dataSource.query<{ n: number }[]>(sql, params))[0].n;

  /** POST /checkout in `c`: the demo page's path and the session id. */
  async function startIn(c: WebClient) {
    const r = await c.post('/checkout');
    expect(r.status).toBe(303);
    const demoPath = String(r.location);
    return { demoPath, sessionId: demoPath.split('/').pop()! };
  }
  async function payIn(c: WebClient, demoPath: string): Promise<string> {
    const r = await c.post(`${demoPath}/pay`);
    expect(r.status).toBe(303);
    return String(r.location);
  }
  async function webhook(app: TestApp, ip: string, event: object, secret: string) {
    const payload = JSON.stringify(event);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
    return app.app.inject({
      method: 'POST',
      url: '/checkout/webhook',
      remoteAddress: ip,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  }

  beforeAll(async () => {
    db = await createTestDatabase('checkout_origin');
    await seedDemoData(db.dataSource, { doctors: 20, seed: 5 });
    // PUBLIC_URL unset, as after `npm start` (an empty value counts as unset).
    const env = { PUBLIC_URL: '', PORT: '3000', CHECKOUT_RATE_PER_MIN: '1000' };
    [t, open] = await Promise.all([
      createTestApp(db, env),
      createTestApp(db, { ...env, CHECKOUT_DEMO_PUBLIC: 'true', DEMO_WEBHOOK_SECRET: DEMO_SECRET }),
    ]);
  });
  afterAll(async () => {
    await t?.close();
    await open?.close();
    await db?.drop();
  });

  it('(a) sends the buyer to paths on the same origin: demo page, Pay, Cancel, return address', async () => {
    const c = new WebClient(t, LOCAL);
    const b = await startIn(c);
    expect(b.demoPath).toMatch(/^\/checkout\/demo\/demo_cs_[A-Za-z0-9_-]+$/);
    const demo = await c.get(b.demoPath);
    // Pages with a form send their real Origin with a same-origin post, also where browsers send
    // no Sec-Fetch-Site (plain HTTP at a LAN address); the app-wide no-referrer made it "null".
    expect(demo.headers['referrer-policy']).toBe('same-origin');
    expect((await c.get('/checkout')).headers['referrer-policy']).toBe('same-origin');
    expect(demo.text).toContain(`action="${b.demoPath}/pay"`);
    expect(demo.text).toContain(`action="${b.demoPath}/cancel"`);
    const back = await payIn(c, b.demoPath);
    expect(back).toBe(`/checkout/complete?session_id=${b.sessionId}`);
    // The usage example names the address the page was opened at (a LAN address, say).
    const shown = await c.get(back, { host: '192.168.1.20:3000' });
    expect(keyIn(shown.text)).toMatch(/^gtad_live_/);
    expect(shown.text).toContain('http://192.168.1.20:3000/api/v1/doctors?');
    const cancelled = await startIn(c);
    const r = await c.post(`${cancelled.demoPath}/cancel`);
    expect(r.location).toBe('/checkout?cancelled=1');
  });

  it('(a) a Host header unfit to be shown falls back to localhost in the example, never a 500', async () => {
    const c = new WebClient(t, LOCAL);
    const b = await startIn(c);
    const shown = await c.get(await payIn(c, b.demoPath), { host: 'a"b<c>' });
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('http://localhost:3000/api/v1/doctors?');
    expect(shown.text).not.toContain('a"b<c>');
  });

  it('(b) a second checkout in the same browser leaves the first its claim: both keys are shown', async () => {
    const c = new WebClient(t, LOCAL);
    const first = await startIn(c);
    const second = await startIn(c);
    expect(claims(c)).toHaveLength(2);
    // Paid in either order, each order's page shows its own key to this browser.
    const secondKey = keyIn((await c.get(await payIn(c, second.demoPath))).text);
    const firstKey = keyIn((await c.get(await payIn(c, first.demoPath))).text);
    expect(firstKey).toMatch(/^gtad_live_/);
    expect(secondKey).toMatch(/^gtad_live_/);
    expect(firstKey).not.toBe(secondKey);
    // Each claim is forgotten once its key is shown.
    expect(claims(c)).toHaveLength(0);
    const stranger = new WebClient(t, LOCAL);
    const third = await startIn(stranger);
    const page3 = await new WebClient(t, LOCAL).get(await payIn(stranger, third.demoPath));
    expect(page3.text).toMatch(/the browser that paid/);
  });

  it('(b) claims last 14 days, HttpOnly, SameSite=Lax, path /checkout; a browser keeps at most 10, the oldest go first', async () => {
    const c = new WebClient(t, LOCAL);
    const r = await t.app.inject({
      method: 'POST',
      url: '/checkout',
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    const set = String(r.headers['set-cookie']);
    expect(set).toMatch(/^gtad_claim_[A-Za-z0-9_-]{16}=/);
    expect(set).toContain('Max-Age=1209600');
    expect(set).toContain('Path=/checkout');
    expect(set).toContain('HttpOnly');
    expect(set).toContain('SameSite=Lax');
    expect(set).not.toContain('Secure'); // plain HTTP at 127.0.0.1
    const started: { demoPath: string; name: string }[] = [];
    for (let i = 0; i < 12; i++) {
      const before = new Set(claims(c));
      const b = await startIn(c);
      const name = claims(c).find((n) => !before.has(n))!;
      // Distinct set-at times, as checkouts minutes apart would have.
      const setAt = (1_700_000_000 + i).toString(36);
      c.cookies.set(name, c.cookies.get(name)!.replace(/^[0-9a-z]+/, setAt));
      started.push({ demoPath: b.demoPath, name });
    }
    const names = started.map((s) => s.name);
    expect(claims(c).sort()).toEqual(names.slice(2).sort());
    // The newest still claims its key; the dropped oldest does not.
    expect(keyIn((await c.get(await payIn(c, started[11].demoPath))).text)).toMatch(/^gtad_live_/);
    expect((await c.get(await payIn(c, started[0].demoPath))).text).toMatch(
      /the browser that paid/,
    );
  });

  it('(b) an order started before the upgrade (the single gtad_checkout_claim cookie) still shows its key', async () => {
    const c = new WebClient(t, LOCAL);
    const b = await startIn(c);
    const [name] = claims(c);
    const token = c.cookies.get(name)!.split('.')[1];
    c.cookies.delete(name);
    c.cookies.set('gtad_checkout_claim', token);
    const shown = await c.get(await payIn(c, b.demoPath));
    expect(keyIn(shown.text)).toMatch(/^gtad_live_/);
    expect(c.cookies.has('gtad_checkout_claim')).toBe(false);
  });

  it('(c) the demo serves only loopback clients: elsewhere it shows no button and refuses every step', async () => {
    const local = new WebClient(t, LOCAL);
    const b = await startIn(local);
    const orders = await count(`SELECT count(*)::int AS n FROM orders`);
    for (const c of [
      new WebClient(t, ELSEWHERE),
      new WebClient(t, '::ffff:198.51.100.7'),
      new WebClient(t, '2001:db8::5'),
    ]) {
      const page = await c.get('/checkout');
      expect(page.status).toBe(200);
      expect(page.text).toMatch(/CHECKOUT_DEMO_PUBLIC=true/);
      expect(page.text).not.toContain('<button');
      for (const r of [
        await c.post('/checkout'),
        await c.get(b.demoPath),
        await c.post(`${b.demoPath}/pay`),
        await c.post(`${b.demoPath}/cancel`),
      ]) {
        expect(r.status).toBe(403);
        expect(r.headers['content-type']).toMatch(/^text\/html/);
        expect(r.text).toMatch(/serves only\s+this machine/);
      }
    }
    expect(await count(`SELECT count(*)::int AS n FROM orders`)).toBe(orders);
    const [s] = await db.dataSource.query<{ status: string }[]>(
      `SELECT status FROM demo_payment_sessions WHERE id = $1`,
      [b.sessionId],
    );
    expect(s.status).toBe('open');
    // A reverse proxy on this machine connects from 127.0.0.1: the address it forwards for counts.
    const proxied: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.7' },
      { 'x-forwarded-for': '127.0.0.1, 203.0.113.7' },
      { 'x-real-ip': '203.0.113.7' },
      { forwarded: 'for="[2001:db8::1]:4711";proto=https' },
      { 'x-forwarded-for': 'not an address' },
    ];
    for (const headers of proxied) {
      expect((await local.post(`${b.demoPath}/pay`, {}, headers)).status).toBe(403);
    }
    expect(
      (await local.post(`${b.demoPath}/pay`, {}, { 'x-forwarded-for': '127.0.0.1' })).status,
    ).toBe(303);
    expect((await new WebClient(t, '::1').get('/checkout')).text).toContain('<button');
  });

  it('(c) without DEMO_WEBHOOK_SECRET the published secret is taken from loopback only', async () => {
    const event = (id: string) => ({
      id,
      object: 'event',
      type: 'customer.created',
      data: { object: {} },
    });
    const far = await webhook(t, ELSEWHERE, event('evt_far'), DEFAULT_DEMO_WEBHOOK_SECRET);
    expect(far.statusCode).toBe(403);
    expect(JSON.parse(far.body)).toMatchObject({ error: 'forbidden' });
    expect(JSON.parse(far.body).message).toMatch(/DEMO_WEBHOOK_SECRET/);
    const near = await webhook(t, LOCAL, event('evt_near'), DEFAULT_DEMO_WEBHOOK_SECRET);
    expect(near.statusCode).toBe(200);
    const proxied = await t.app.inject({
      method: 'POST',
      url: '/checkout/webhook',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ELSEWHERE },
      payload: '{}',
    });
    expect(proxied.statusCode).toBe(403);
    expect(
      await count(
        `SELECT count(*)::int AS n FROM payment_events WHERE event_id IN ('evt_far', 'evt_near')`,
      ),
    ).toBe(1);
  });

  it('(c) opened up with CHECKOUT_DEMO_PUBLIC and DEMO_WEBHOOK_SECRET: served everywhere, only the set secret signs', async () => {
    const c = new WebClient(open, ELSEWHERE);
    const b = await startIn(c);
    expect(keyIn((await c.get(await payIn(c, b.demoPath))).text)).toMatch(/^gtad_live_/);
    const event = {
      id: 'evt_open',
      object: 'event',
      type: 'customer.created',
      data: { object: {} },
    };
    expect((await webhook(open, ELSEWHERE, event, DEMO_SECRET)).statusCode).toBe(200);
    const published = await webhook(
      open,
      LOCAL,
      { ...event, id: 'evt_pub' },
      DEFAULT_DEMO_WEBHOOK_SECRET,
    );
    expect(published.statusCode).toBe(400);
  });
});
