import { ConfigError, loadConfig } from '../../src/infrastructure/config/app-config';
import { startStripeLikeServer, StripeLikeServer } from '../support/stripe-like-server';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';
import { WebClient } from '../support/web-client';

/**
 * The checkout with Stripe settings, the SDK pointed at a local Stripe-like server that counts
 * its calls (issue 30, 4(c) and 4(d)): the completion page of a pending order asks Stripe at most
 * once every few seconds per order, and its questions count against CHECKOUT_RATE_PER_MIN.
 */
const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_local_server',
  STRIPE_WEBHOOK_SECRET: 'whsec_test_0123456789abcdefghijklmnopqrstuv',
};

describe('checkout with Stripe (e2e, local Stripe-like server)', () => {
  let stripe: StripeLikeServer;
  let db: TestDatabase;
  let t: TestApp;
  const LIMIT = 4;

  /** POST /checkout from `c`: the session id Stripe gave. */
  async function start(c: WebClient): Promise<string> {
    const r = await c.post('/checkout');
    expect(r.status).toBe(303);
    expect(r.location).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_\d+$/);
    return String(r.location).split('/').pop()!;
  }
  const completion = (sessionId: string) => `/checkout/complete?session_id=${sessionId}`;
  /** The address the processing page refreshes itself to. */
  const refreshed = (sessionId: string) => `${completion(sessionId)}&refresh=1`;

  beforeAll(async () => {
    stripe = await startStripeLikeServer();
    db = await createTestDatabase('checkout_stripe');
    t = await createTestApp(db, {
      ...STRIPE_ENV,
      STRIPE_API_BASE: stripe.base,
      PUBLIC_URL: 'https://directory.example',
      CHECKOUT_RATE_PER_MIN: String(LIMIT),
    });
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
    await stripe?.close();
  });

  it("(d) 20 automatic refreshes of a pending order's completion page, one after another or 20 loads at once, ask Stripe once", async () => {
    const c = new WebClient(t, '198.51.100.1');
    const sessionId = await start(c);
    for (let i = 0; i < 20; i++) {
      const p = await c.get(refreshed(sessionId));
      expect(p.status).toBe(200);
      expect(p.text).toMatch(/not paid yet/);
    }
    expect(stripe.retrievals(sessionId)).toBe(1);
    const another = await start(new WebClient(t, '198.51.100.2'));
    const pages = await Promise.all(
      Array.from({ length: 20 }, () => new WebClient(t, '198.51.100.2').get(completion(another))),
    );
    expect(pages.every((p) => p.status === 200)).toBe(true);
    expect(stripe.retrievals(another)).toBe(1);
  });

  it("(d) the page's questions to Stripe count against CHECKOUT_RATE_PER_MIN per address; remembered answers do not", async () => {
    const c = new WebClient(t, '198.51.100.3');
    const [a, b, d] = [await start(c), await start(c), await start(c)]; // 3 of 4
    expect((await c.get(completion(a))).status).toBe(200); // 4 of 4: asks Stripe
    const before = stripe.retrievals();
    const refused = await c.get(completion(b));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.text).toMatch(/Too many checkouts from your address \(4 a minute\)/);
    expect(stripe.retrievals()).toBe(before);
    // The answer about a is remembered: the page's own refresh is served without asking, without
    // counting (a return from Stripe asks afresh: the next test).
    expect((await c.get(refreshed(a))).status).toBe(200);
    expect(stripe.retrievals()).toBe(before);
    // Another address has its own allowance.
    expect((await new WebClient(t, '198.51.100.4').get(completion(d))).status).toBe(200);
    expect(stripe.retrievals()).toBe(before + 1);
  });

  it('a paid session shows the key to the browser that paid; a settling one refreshes every 10 s', async () => {
    const c = new WebClient(t, '198.51.100.5');
    const sessionId = await start(c);
    Object.assign(stripe.sessions.get(sessionId)!, {
      status: 'complete',
      payment_status: 'unpaid',
    });
    const settling = await c.get(completion(sessionId));
    expect(settling.text).toMatch(/still being processed/);
    expect(settling.text).toContain(
      `<meta http-equiv="refresh" content="10; url=/checkout/complete?session_id=${sessionId}&amp;refresh=1">`,
    );
    const settled = new WebClient(t, '198.51.100.6');
    const other = await start(settled);
    Object.assign(stripe.sessions.get(other)!, { status: 'complete', payment_status: 'paid' });
    const shown = await settled.get(completion(other));
    expect(shown.text).toMatch(/<textarea id="live-key"[^>]*>gtad_live_/);
    // The usage example names PUBLIC_URL, and claims are Secure cookies (PUBLIC_URL is https).
    expect(shown.text).toContain('https://directory.example/api/v1/doctors?');
    const posted = await t.app.inject({ method: 'POST', url: '/checkout' });
    expect(String(posted.headers['set-cookie'])).toMatch(/^gtad_claim_[^;]+;.*Secure/);
  });

  it('a buyer who loaded the return page before paying sees the key as soon as they come back paid (issue 48, item 7)', async () => {
    const c = new WebClient(t, '198.51.100.7');
    const sessionId = await start(c);
    expect((await c.get(completion(sessionId))).text).toMatch(/not paid yet/);
    // Paid at Stripe a moment later (no webhook yet); Stripe sends the buyer back at once, well
    // within the 5 s the first answer is remembered.
    await new Promise((r) => setTimeout(r, 1100));
    Object.assign(stripe.sessions.get(sessionId)!, { status: 'complete', payment_status: 'paid' });
    const back = await c.get(completion(sessionId));
    expect(back.text).toMatch(/<textarea id="live-key"[^>]*>gtad_live_/);
    expect(stripe.retrievals(sessionId)).toBe(2);
  });

  it('(c) Stripe settings without PUBLIC_URL refuse to start, naming PUBLIC_URL and why', () => {
    for (const env of [STRIPE_ENV, { ...STRIPE_ENV, PUBLIC_URL: '' }]) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(
        /^Invalid configuration: PUBLIC_URL must be set with STRIPE_SECRET_KEY: Stripe sends paid buyers back to it/,
      );
    }
    expect(() => loadConfig({ ...STRIPE_ENV, NODE_ENV: 'production' })).toThrow(/PUBLIC_URL/);
  });
});
