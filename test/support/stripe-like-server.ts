import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';

export interface StripeLikeServer {
  /** http://127.0.0.1:<port>, for STRIPE_API_BASE. */
  readonly base: string;
  /** Checkout Sessions by id, as Stripe would answer them (tests change their fields). */
  readonly sessions: Map<string, Record<string, unknown>>;
  /** Every request seen: method and path. */
  readonly seen: { method: string; path: string }[];
  /** How many times a session was read (GET /v1/checkout/sessions/:id). */
  retrievals(sessionId?: string): number;
  close(): Promise<void>;
}

/**
 * A small local server that answers like Stripe's Checkout Sessions endpoints (create, retrieve,
 * list by payment intent), so a whole app can run with Stripe settings and count its calls.
 */
export async function startStripeLikeServer(): Promise<StripeLikeServer> {
  const sessions = new Map<string, Record<string, unknown>>();
  const seen: { method: string; path: string }[] = [];
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const url = new URL(req.url!, 'http://x');
      seen.push({ method: req.method!, path: url.pathname });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_1' });
        res.end(JSON.stringify(json));
      };
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const n = sessions.size + 1;
        const s = {
          id: `cs_test_${n}`,
          object: 'checkout.session',
          url: `https://checkout.stripe.com/c/pay/cs_test_${n}`,
          status: 'open',
          payment_status: 'unpaid',
          payment_intent: `pi_${n}`,
        };
        sessions.set(s.id, s);
        return send(200, s);
      }
      const m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && m) {
        const s = sessions.get(m[1]);
        return s
          ? send(200, s)
          : send(404, {
              error: { type: 'invalid_request_error', code: 'resource_missing', message: 'none' },
            });
      }
      send(404, { error: { type: 'invalid_request_error', message: 'unrouted' } });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sessions,
    seen,
    retrievals: (sessionId) =>
      seen.filter(
        (s) =>
          s.method === 'GET' &&
          (sessionId
            ? s.path === `/v1/checkout/sessions/${sessionId}`
            : /^\/v1\/checkout\/sessions\/[^/]+$/.test(s.path)),
      ).length,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
