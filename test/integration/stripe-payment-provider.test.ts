import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { InvalidPaymentEventError } from '../../src/application/checkout/payment-provider';
import { StripePaymentProvider } from '../../src/infrastructure/payments/stripe-payment.provider';

/**
 * The Stripe adapter against a small local server that answers like Stripe's Checkout Sessions
 * endpoints (the SDK is pointed at it as STRIPE_API_BASE would), and webhook verification with
 * signatures made by the stripe package's own test helper.
 */
interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  form: URLSearchParams;
  headers: IncomingMessage['headers'];
}

const WEBHOOK_SECRET = 'whsec_test_0123456789abcdefghijklmnopqrstuv';
const signer = new Stripe('sk_test_signer_only');

describe('Stripe payment provider (local Stripe-like server)', () => {
  let server: Server;
  let base: string;
  const seen: Seen[] = [];
  const sessions = new Map<string, Record<string, unknown>>();
  let provider: StripePaymentProvider;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const url = new URL(req.url!, 'http://x');
        seen.push({
          method: req.method!,
          path: url.pathname,
          query: url.searchParams,
          form: new URLSearchParams(body),
          headers: req.headers,
        });
        const send = (status: number, json: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_1' });
          res.end(JSON.stringify(json));
        };
        if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
          const id = `cs_test_${sessions.size + 1}`;
          const s = {
            id,
            object: 'checkout.session',
            url: `https://checkout.stripe.com/c/pay/${id}`,
            status: 'open',
            payment_status: 'unpaid',
            payment_intent: `pi_${sessions.size + 1}`,
          };
          sessions.set(id, s);
          return send(200, s);
        }
        if (req.method === 'GET' && url.pathname === '/v1/checkout/sessions') {
          const pi = url.searchParams.get('payment_intent');
          const data = [...sessions.values()].filter((s) => s.payment_intent === pi);
          return send(200, { object: 'list', data, has_more: false, url: '/v1/checkout/sessions' });
        }
        const m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
        if (req.method === 'GET' && m) {
          const s = sessions.get(m[1]);
          if (!s)
            return send(404, {
              error: {
                type: 'invalid_request_error',
                code: 'resource_missing',
                message: `No such checkout.session: '${m[1]}'`,
              },
            });
          return send(200, s);
        }
        send(404, { error: { type: 'invalid_request_error', message: 'unrouted' } });
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    provider = new StripePaymentProvider({
      secretKey: 'sk_test_local_server',
      webhookSecret: WEBHOOK_SECRET,
      apiBase: base,
    });
  });
  afterAll(async () => {
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('creates a one-time Checkout Session in payment mode, in CAD, with the return addresses', async () => {
    const created = await provider.createSession({
      orderId: '4b1d7e2c-0000-4000-8000-000000000001',
      amountCents: 500,
      currency: 'cad',
      productName: 'Live key',
      successUrl: 'https://d.example/checkout/complete?session_id={SESSION_ID}',
      cancelUrl: 'https://d.example/checkout?cancelled=1',
    });
    expect(created).toEqual({
      sessionId: 'cs_test_1',
      url: 'https://checkout.stripe.com/c/pay/cs_test_1',
    });
    const req = seen.find((s) => s.method === 'POST')!;
    expect(req.headers.authorization).toBe('Bearer sk_test_local_server');
    expect(req.headers['idempotency-key']).toBe('order-4b1d7e2c-0000-4000-8000-000000000001');
    const f = req.form;
    expect(f.get('mode')).toBe('payment');
    expect(f.get('line_items[0][price_data][currency]')).toBe('cad');
    expect(f.get('line_items[0][price_data][unit_amount]')).toBe('500');
    expect(f.get('line_items[0][quantity]')).toBe('1');
    expect(f.get('success_url')).toBe(
      'https://d.example/checkout/complete?session_id={CHECKOUT_SESSION_ID}',
    );
    expect(f.get('cancel_url')).toBe('https://d.example/checkout?cancelled=1');
    expect(f.get('client_reference_id')).toBe('4b1d7e2c-0000-4000-8000-000000000001');
    // No e-mail address is asked of Stripe or kept.
    expect([...f.keys()].some((k) => k.includes('email'))).toBe(false);
  });

  it('reads whether a session is paid from Stripe', async () => {
    const s = sessions.get('cs_test_1')!;
    expect(await provider.sessionStatus('cs_test_1')).toBe('open');
    Object.assign(s, { status: 'complete', payment_status: 'unpaid' });
    expect(await provider.sessionStatus('cs_test_1')).toBe('processing');
    Object.assign(s, { status: 'complete', payment_status: 'paid' });
    expect(await provider.sessionStatus('cs_test_1')).toBe('paid');
    Object.assign(s, { status: 'expired', payment_status: 'unpaid' });
    expect(await provider.sessionStatus('cs_test_1')).toBe('expired');
    expect(await provider.sessionStatus('cs_test_nope')).toBe('unknown');
  });

  const deliver = (
    event: object,
    opts: { secret?: string; timestamp?: number; tamper?: boolean } = {},
  ) => {
    const payload = JSON.stringify(event);
    const header = signer.webhooks.generateTestHeaderString({
      payload,
      secret: opts.secret ?? WEBHOOK_SECRET,
      timestamp: opts.timestamp,
    });
    const body = opts.tamper ? payload.replace('"paid"', '"unpaid"') : payload;
    return provider.parseEvent(Buffer.from(body), header);
  };
  const completed = {
    id: 'evt_1',
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: { id: 'cs_test_1', object: 'checkout.session', payment_status: 'paid' } },
  };

  it('accepts an event signed with the webhook secret and maps it to the order outcome', async () => {
    expect(await deliver(completed)).toEqual({
      eventId: 'evt_1',
      type: 'checkout.session.completed',
      outcome: 'paid',
      sessionId: 'cs_test_1',
    });
    const pending = {
      ...completed,
      data: { object: { id: 'cs_test_1', payment_status: 'unpaid' } },
    };
    expect((await deliver(pending)).outcome).toBeNull();
    for (const [type, outcome] of [
      ['checkout.session.async_payment_succeeded', 'paid'],
      ['checkout.session.async_payment_failed', 'failed'],
      ['checkout.session.expired', 'expired'],
      ['customer.created', null],
    ] as const) {
      expect((await deliver({ ...completed, id: `evt_${type}`, type })).outcome).toBe(outcome);
    }
  });

  it('finds the session of a refunded or disputed payment through Stripe', async () => {
    const refunded = {
      id: 'evt_r',
      object: 'event',
      type: 'charge.refunded',
      data: { object: { id: 'ch_1', object: 'charge', payment_intent: 'pi_1' } },
    };
    expect(await deliver(refunded)).toMatchObject({ outcome: 'refunded', sessionId: 'cs_test_1' });
    const list = seen
      .filter((s) => s.method === 'GET' && s.path === '/v1/checkout/sessions')
      .pop()!;
    expect(list.query.get('payment_intent')).toBe('pi_1');
    const disputed = {
      ...refunded,
      id: 'evt_d',
      type: 'charge.dispute.created',
      data: { object: { id: 'dp_1', object: 'dispute', payment_intent: 'pi_unknown' } },
    };
    expect(await deliver(disputed)).toMatchObject({ outcome: 'disputed', sessionId: null });
  });

  it('refuses an unsigned, wrongly signed, tampered or too old delivery', async () => {
    await expect(
      provider.parseEvent(Buffer.from(JSON.stringify(completed)), undefined),
    ).rejects.toThrow(InvalidPaymentEventError);
    await expect(deliver(completed, { secret: 'whsec_someone_else' })).rejects.toThrow(
      /No signatures found matching/,
    );
    await expect(deliver(completed, { tamper: true })).rejects.toThrow(InvalidPaymentEventError);
    const sixMinutesAgo = Math.floor(Date.now() / 1000) - 360;
    await expect(deliver(completed, { timestamp: sixMinutesAgo })).rejects.toThrow(
      /Timestamp outside the tolerance zone/,
    );
    const fourMinutesAgo = Math.floor(Date.now() / 1000) - 240;
    expect((await deliver(completed, { timestamp: fourMinutesAgo })).outcome).toBe('paid');
  });
});
