import { CheckoutSettings } from '../../src/application/checkout/checkout-settings';
import {
  CompleteCheckoutUseCase,
  CompletionView,
} from '../../src/application/checkout/complete-checkout.use-case';
import { HandlePaymentEventUseCase } from '../../src/application/checkout/handle-payment-event.use-case';
import {
  PaymentEvent,
  SessionPaymentStatus,
} from '../../src/application/checkout/payment-provider';
import {
  RememberedSessionStatus,
  SESSION_STATUS_TTL_MS,
} from '../../src/application/checkout/remembered-session-status';
import { StartCheckoutUseCase } from '../../src/application/checkout/start-checkout.use-case';
import { RotateKeyUseCase } from '../../src/application/keys/rotate-key.use-case';
import { SystemClock } from '../../src/application/shared/clock';
import { PaymentOutcome } from '../../src/domain/checkout/order';
import { TypeOrmApiKeyRepository } from '../../src/infrastructure/persistence/keys/typeorm-api-key.repository';
import { TypeOrmOrderRepository } from '../../src/infrastructure/persistence/orders/typeorm-order.repository';
import { HmacKeyHasher } from '../../src/infrastructure/security/hmac-key-hasher';
import { FakePaymentProvider } from '../support/fake-payment-provider';
import { SteppingClock } from '../support/stepping-clock';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/**
 * The order and key rules of the checkout (issue 9 §3, §6) on a real PostgreSQL with a fake
 * provider: every ordering of return page, webhook, duplicate, refund and dispute, and concurrent
 * fulfilment.
 */
describe('checkout orders (application rules, real database, fake provider)', () => {
  let db: TestDatabase;
  let provider: FakePaymentProvider;
  let orders: TypeOrmOrderRepository;
  let start: StartCheckoutUseCase;
  let complete: CompleteCheckoutUseCase;
  let handle: HandlePaymentEventUseCase;
  const hasher = new HmacKeyHasher('checkout-orders-test-secret-0123456789');
  const clock = new SystemClock();
  /** The clock of the remembered provider answers: moved past them when a status changes. */
  const statusClock = new SteppingClock();
  const setStatus = (sessionId: string, status: SessionPaymentStatus) => {
    provider.setStatus(sessionId, status);
    statusClock.advance(SESSION_STATUS_TTL_MS);
  };
  let eventNo = 0;

  const event = (sessionId: string, outcome: PaymentOutcome, eventId?: string): PaymentEvent => ({
    eventId: eventId ?? `evt_${++eventNo}`,
    type: `test.${outcome}`,
    outcome,
    sessionId,
  });
  const liveKeys = async () =>
    (await db.dataSource.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM api_keys`))[0].n;
  const keyRows = (orderId: string) =>
    db.dataSource.query<{ id: string; revoked_at: Date | null; key_prefix: string }[]>(
      `WITH RECURSIVE chain AS (
         SELECT k.id, k.replaced_by, k.revoked_at, k.key_prefix FROM api_keys k
           JOIN orders o ON o.key_id = k.id WHERE o.id = $1
         UNION ALL
         SELECT k.id, k.replaced_by, k.revoked_at, k.key_prefix FROM api_keys k
           JOIN chain c ON k.id = c.replaced_by)
       SELECT id, revoked_at, key_prefix FROM chain`,
      [orderId],
    );
  const orderOf = async (sessionId: string) =>
    (await orders.findBySession('demo', sessionId))!.order;
  async function buy() {
    const started = await start.execute();
    const sessionId = [...provider.sessions.keys()].pop()!;
    return { ...started, sessionId };
  }

  beforeAll(async () => {
    db = await createTestDatabase('checkout_orders');
    provider = new FakePaymentProvider();
    orders = new TypeOrmOrderRepository(db.dataSource);
    const settings = new CheckoutSettings(500, 'https://directory.example');
    start = new StartCheckoutUseCase(provider, orders, settings, clock);
    complete = new CompleteCheckoutUseCase(
      provider,
      orders,
      hasher,
      clock,
      new RememberedSessionStatus(provider, statusClock),
    );
    handle = new HandlePaymentEventUseCase(provider, orders, clock);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('starts with a pending order at the price, storing only the claim hash, and a session with the return addresses', async () => {
    const b = await buy();
    const o = await orderOf(b.sessionId);
    expect(o).toMatchObject({ state: 'pending', amountCents: 500, currency: 'cad', keyId: null });
    const req = provider.sessions.get(b.sessionId)!.request;
    expect(req.successUrl).toBe(
      'https://directory.example/checkout/complete?session_id={SESSION_ID}',
    );
    expect(req.cancelUrl).toBe('https://directory.example/checkout?cancelled=1');
    const [row] = await db.dataSource.query<{ claim_hash: Buffer }[]>(
      `SELECT claim_hash FROM orders WHERE id = $1`,
      [b.orderId],
    );
    expect(row.claim_hash).toHaveLength(32);
    expect(row.claim_hash.toString('base64url')).not.toBe(b.claimToken);
  });

  it('return page first: asks the provider, shows the key once; the webhook after it and its duplicate change nothing', async () => {
    const b = await buy();
    expect(await complete.execute(b.sessionId, b.claimToken)).toEqual({ kind: 'not_paid' });
    setStatus(b.sessionId, 'paid');
    const first = await complete.execute(b.sessionId, b.claimToken);
    expect(first.kind).toBe('key');
    const again = await complete.execute(b.sessionId, b.claimToken);
    expect(again).toEqual({
      kind: 'already_shown',
      keyPrefix: (first as { keyPrefix: string }).keyPrefix,
    });
    const e = event(b.sessionId, 'paid');
    expect((await handle.execute(e)).order?.state).toBe('fulfilled');
    expect((await handle.execute(e)).duplicate).toBe(true);
    const o = await orderOf(b.sessionId);
    expect(o.state).toBe('fulfilled');
    expect(o.paidAt).not.toBeNull();
    expect(await keyRows(b.orderId)).toHaveLength(1);
  });

  it('webhook first: the return page then shows the key without asking the provider', async () => {
    const b = await buy();
    expect((await handle.execute(event(b.sessionId, 'paid'))).order?.state).toBe('paid');
    const calls = provider.statusCalls;
    const v = await complete.execute(b.sessionId, b.claimToken);
    expect(v.kind).toBe('key');
    expect(provider.statusCalls).toBe(calls);
    const stored = await keyRows(b.orderId);
    expect(stored).toHaveLength(1);
    expect(hasher.hash((v as { key: string }).key)).toEqual(
      (
        await db.dataSource.query<{ key_hash: Buffer }[]>(
          `SELECT key_hash FROM api_keys WHERE id = $1`,
          [stored[0].id],
        )
      )[0].key_hash,
    );
  });

  it('never trusts the return address alone: an unpaid session shows no key', async () => {
    const b = await buy();
    setStatus(b.sessionId, 'open');
    expect(await complete.execute(b.sessionId, b.claimToken)).toEqual({ kind: 'not_paid' });
    setStatus(b.sessionId, 'processing');
    expect(await complete.execute(b.sessionId, b.claimToken)).toEqual({ kind: 'processing' });
    setStatus(b.sessionId, 'expired');
    expect(await complete.execute(b.sessionId, b.claimToken)).toEqual({
      kind: 'ended',
      state: 'expired',
    });
    expect((await orderOf(b.sessionId)).keyId).toBeNull();
    expect(await complete.execute('fake_cs_unknown', b.claimToken)).toEqual({ kind: 'unknown' });
  });

  it("remembers the provider's answer about a pending order a few seconds: 20 loads ask once, then once more after", async () => {
    const b = await buy();
    const before = provider.statusCalls;
    for (let i = 0; i < 20; i++) {
      expect(await complete.execute(b.sessionId, b.claimToken)).toEqual({ kind: 'not_paid' });
    }
    expect(provider.statusCalls - before).toBe(1);
    // Concurrent loads share one question too.
    statusClock.advance(SESSION_STATUS_TTL_MS);
    await Promise.all(
      Array.from({ length: 20 }, () => complete.execute(b.sessionId, b.claimToken)),
    );
    expect(provider.statusCalls - before).toBe(2);
    // Another session is asked about on its own.
    const other = await buy();
    await complete.execute(other.sessionId, other.claimToken);
    expect(provider.statusCalls - before).toBe(3);
    // Just before the answer's time is up it is still reused; at it, the provider is asked again.
    statusClock.advance(SESSION_STATUS_TTL_MS - 1);
    await complete.execute(b.sessionId, b.claimToken);
    expect(provider.statusCalls - before).toBe(3);
    statusClock.advance(1);
    await complete.execute(b.sessionId, b.claimToken);
    expect(provider.statusCalls - before).toBe(4);
  });

  it('runs beforeAsking only when the provider is asked, and a refusal there asks nothing', async () => {
    const b = await buy();
    let counted = 0;
    const count = async () => {
      counted++;
    };
    const before = provider.statusCalls;
    await complete.execute(b.sessionId, b.claimToken, count);
    await complete.execute(b.sessionId, b.claimToken, count);
    expect([counted, provider.statusCalls - before]).toEqual([1, 1]);
    statusClock.advance(SESSION_STATUS_TTL_MS);
    const refused = new Error('over the limit');
    await expect(
      complete.execute(b.sessionId, b.claimToken, () => Promise.reject(refused)),
    ).rejects.toBe(refused);
    expect(provider.statusCalls - before).toBe(1);
    // A paid order (webhook first) is answered from the database: nothing counted, nothing asked.
    await handle.execute(event(b.sessionId, 'paid'));
    expect((await complete.execute(b.sessionId, b.claimToken, count)).kind).toBe('key');
    expect([counted, provider.statusCalls - before]).toEqual([1, 1]);
  });

  it('does not remember a failed question', async () => {
    const b = await buy();
    const failing = jest
      .spyOn(provider, 'sessionStatus')
      .mockRejectedValueOnce(new Error('provider down'));
    await expect(complete.execute(b.sessionId, b.claimToken)).rejects.toThrow('provider down');
    failing.mockRestore();
    // At the same instant, the next load asks again.
    provider.setStatus(b.sessionId, 'paid');
    expect((await complete.execute(b.sessionId, b.claimToken)).kind).toBe('key');
  });

  it('shows the key only to the browser holding the claim token', async () => {
    const b = await buy();
    setStatus(b.sessionId, 'paid');
    expect(await complete.execute(b.sessionId, undefined)).toEqual({ kind: 'wrong_browser' });
    expect(await complete.execute(b.sessionId, 'someone-elses-token')).toEqual({
      kind: 'wrong_browser',
    });
    expect((await orderOf(b.sessionId)).state).toBe('paid');
    expect((await complete.execute(b.sessionId, b.claimToken)).kind).toBe('key');
    // Afterwards any browser sees only the prefix.
    expect((await complete.execute(b.sessionId, undefined)).kind).toBe('already_shown');
  });

  it('gives exactly one key when return pages and webhook deliveries arrive at the same moment', async () => {
    for (let round = 0; round < 5; round++) {
      const b = await buy();
      setStatus(b.sessionId, 'paid');
      const before = await liveKeys();
      const e = event(b.sessionId, 'paid');
      const results = await Promise.all([
        ...Array.from({ length: 8 }, () => complete.execute(b.sessionId, b.claimToken)),
        handle.execute(e),
        handle.execute(e),
        handle.execute(event(b.sessionId, 'paid')),
      ]);
      const views = results.slice(0, 8) as CompletionView[];
      expect(views.filter((v) => v.kind === 'key')).toHaveLength(1);
      expect(views.filter((v) => v.kind !== 'key').every((v) => v.kind === 'already_shown')).toBe(
        true,
      );
      expect(results.slice(8).filter((r) => 'duplicate' in r && r.duplicate)).toHaveLength(1);
      expect(await liveKeys()).toBe(before + 1);
      expect((await orderOf(b.sessionId)).state).toBe('fulfilled');
    }
  });

  it('a refund after the key was shown revokes it at once, with the reason', async () => {
    const b = await buy();
    setStatus(b.sessionId, 'paid');
    const v = await complete.execute(b.sessionId, b.claimToken);
    expect(v.kind).toBe('key');
    const r = await handle.execute(event(b.sessionId, 'refunded'));
    expect(r.order).toMatchObject({ state: 'refunded', revocationReason: 'payment refunded' });
    const [k] = await keyRows(b.orderId);
    expect(k.revoked_at).not.toBeNull();
    expect(await complete.execute(b.sessionId, b.claimToken)).toEqual({
      kind: 'revoked',
      state: 'refunded',
    });
  });

  it('a refund that arrives before the payment event and the return page: no key is ever issued', async () => {
    const b = await buy();
    setStatus(b.sessionId, 'paid');
    expect((await handle.execute(event(b.sessionId, 'refunded'))).order?.state).toBe('refunded');
    expect((await handle.execute(event(b.sessionId, 'paid'))).order?.state).toBe('refunded');
    expect(await complete.execute(b.sessionId, b.claimToken)).toEqual({
      kind: 'revoked',
      state: 'refunded',
    });
    expect((await orderOf(b.sessionId)).keyId).toBeNull();
  });

  it("a dispute revokes the key that rotation put in place of the order's first key", async () => {
    const b = await buy();
    setStatus(b.sessionId, 'paid');
    const v = (await complete.execute(b.sessionId, b.claimToken)) as { key: string };
    const keysRepo = new TypeOrmApiKeyRepository(db.dataSource);
    const first = (await keysRepo.findByHash(hasher.hash(v.key)))!;
    const rotated = await new RotateKeyUseCase(keysRepo, hasher, clock).execute({
      keyId: first.id,
      tier: 'live',
    });
    expect((await orderOf(b.sessionId)).currentKeyPrefix).toBe(rotated.keyPrefix);
    const r = await handle.execute(event(b.sessionId, 'disputed'));
    expect(r.order).toMatchObject({ state: 'disputed', revocationReason: 'payment disputed' });
    const chain = await keyRows(b.orderId);
    expect(chain).toHaveLength(2);
    expect(chain.every((k) => k.revoked_at !== null)).toBe(true);
    // A refund after the dispute leaves the dispute standing.
    expect((await handle.execute(event(b.sessionId, 'refunded'))).order?.state).toBe('disputed');
  });

  it('records an event for an unknown session or of an ignored type, and changes no order', async () => {
    const r = await handle.execute(event('fake_cs_nobody', 'paid'));
    expect(r).toEqual({ duplicate: false, order: null });
    const ignored = await handle.execute({
      eventId: 'evt_ignored',
      type: 'customer.created',
      outcome: null,
      sessionId: null,
    });
    expect(ignored.order).toBeNull();
    const rows = await db.dataSource.query<{ event_id: string }[]>(
      `SELECT event_id FROM payment_events WHERE event_id IN ($1, 'evt_ignored')`,
      [`evt_${eventNo}`],
    );
    expect(rows).toHaveLength(2);
  });

  /** Every ordering of: paid webhook, its duplicate, the return page, and a refund. */
  it('ends in the same place under every ordering of webhook, duplicate, return page and refund', async () => {
    const steps = ['paid', 'duplicate', 'page', 'refund'] as const;
    const perms: (typeof steps)[number][][] = [];
    const permute = (rest: (typeof steps)[number][], acc: (typeof steps)[number][]) => {
      if (rest.length === 0) perms.push(acc);
      rest.forEach((s, i) => permute([...rest.slice(0, i), ...rest.slice(i + 1)], [...acc, s]));
    };
    permute([...steps], []);
    expect(perms).toHaveLength(24);
    for (const perm of perms) {
      const b = await buy();
      setStatus(b.sessionId, 'paid');
      const paidEvent = event(b.sessionId, 'paid');
      let shown = 0;
      for (const step of perm) {
        if (step === 'paid' || step === 'duplicate') await handle.execute(paidEvent);
        else if (step === 'refund') await handle.execute(event(b.sessionId, 'refunded'));
        else if ((await complete.execute(b.sessionId, b.claimToken)).kind === 'key') shown++;
      }
      const o = await orderOf(b.sessionId);
      expect({ perm, state: o.state }).toEqual({ perm, state: 'refunded' });
      const keys = await keyRows(b.orderId);
      // A key was shown only when the page came before the refund, and then it is revoked.
      expect(shown).toBe(perm.indexOf('page') < perm.indexOf('refund') ? 1 : 0);
      expect(keys).toHaveLength(shown);
      expect(keys.every((k) => k.revoked_at !== null)).toBe(true);
      expect(
        await db.dataSource.query(`SELECT 1 FROM payment_events WHERE event_id = $1`, [
          paidEvent.eventId,
        ]),
      ).toHaveLength(1);
    }
  });
});
