import { randomBytes } from 'node:crypto';
import StripeClient from 'stripe';
import { DataSource } from 'typeorm';
import {
  CheckoutSessionRequest,
  CreatedCheckoutSession,
  PaymentEvent,
  PaymentProvider,
  SessionPaymentStatus,
} from '../../application/checkout/payment-provider';
import { DEFAULT_DEMO_WEBHOOK_SECRET } from '../config/app-config';
import { verifiedPaymentEvent } from './stripe-event.mapper';

export interface DemoSession {
  readonly id: string;
  readonly amountCents: number;
  readonly currency: string;
  readonly status: 'open' | 'paid' | 'cancelled' | 'refunded';
  readonly successUrl: string;
  readonly cancelUrl: string;
}

const DEMO_ID = /^demo_cs_[A-Za-z0-9_-]{16,64}$/;

/**
 * The payment provider of a fresh machine: no account anywhere and no money moves. Its hosted
 * page is `GET /checkout/demo/{id}` (interface/web); Pay and Cancel there produce the same events
 * a Stripe webhook would, and its webhook accepts Stripe-shaped events signed with the demo
 * secret (so a refund can be played too). Refused in production (configuration). Which clients
 * it serves (loopback ones unless CHECKOUT_DEMO_PUBLIC) is the checkout pages' decision.
 */
export class DemoPaymentProvider extends PaymentProvider {
  readonly name = 'demo';
  /** Only the webhook verifier of the package is used: no request ever leaves the machine. */
  private readonly verifier = new StripeClient('sk_test_demo_provider_never_calls_out');

  /**
   * True when no DEMO_WEBHOOK_SECRET was set: events are then verified with the published
   * default secret, which anyone can sign with, so the webhook takes them from loopback only.
   */
  readonly webhookLoopbackOnly: boolean;
  private readonly webhookSecret: string;

  /**
   * @param base what the hosted page's address starts with: PUBLIC_URL, or '' for a path
   *   relative to the buyer's page (the page's own origin, whatever address it was opened at)
   * @param webhookSecret DEMO_WEBHOOK_SECRET when set
   */
  constructor(
    private readonly ds: DataSource,
    private readonly base: string,
    webhookSecret: string | undefined,
  ) {
    super();
    this.webhookLoopbackOnly = webhookSecret === undefined;
    this.webhookSecret = webhookSecret ?? DEFAULT_DEMO_WEBHOOK_SECRET;
  }

  async createSession(r: CheckoutSessionRequest): Promise<CreatedCheckoutSession> {
    const id = `demo_cs_${randomBytes(18).toString('base64url')}`;
    const paymentRef = `demo_pi_${randomBytes(18).toString('base64url')}`;
    await this.ds.query(
      `INSERT INTO demo_payment_sessions (id, payment_ref, amount_cents, currency, status, success_url, cancel_url)
       VALUES ($1, $2, $3, $4, 'open', $5, $6)`,
      [
        id,
        paymentRef,
        r.amountCents,
        r.currency,
        r.successUrl.replace('{SESSION_ID}', id),
        r.cancelUrl,
      ],
    );
    return { sessionId: id, url: `${this.base}/checkout/demo/${id}` };
  }

  async sessionStatus(sessionId: string): Promise<SessionPaymentStatus> {
    const s = await this.session(sessionId);
    if (!s) return 'unknown';
    if (s.status === 'paid' || s.status === 'refunded') return 'paid';
    if (s.status === 'cancelled') return 'expired';
    return 'open';
  }

  parseEvent(rawBody: Buffer, signature: string | undefined): Promise<PaymentEvent> {
    return verifiedPaymentEvent(
      this.verifier.webhooks,
      rawBody,
      signature,
      this.webhookSecret,
      async (paymentRef) => {
        const rows = await this.ds.query<{ id: string }[]>(
          `SELECT id FROM demo_payment_sessions WHERE payment_ref = $1`,
          [paymentRef],
        );
        return rows[0]?.id ?? null;
      },
    );
  }

  /** The session behind the demo's hosted page; null for an unknown or malformed id. */
  async session(id: string): Promise<DemoSession | null> {
    if (!DEMO_ID.test(id)) return null;
    const rows = await this.ds.query<
      {
        id: string;
        amount_cents: number;
        currency: string;
        status: DemoSession['status'];
        success_url: string;
        cancel_url: string;
      }[]
    >(
      `SELECT id, amount_cents, currency, status, success_url, cancel_url
         FROM demo_payment_sessions WHERE id = $1`,
      [id],
    );
    const r = rows[0];
    return r
      ? {
          id: r.id,
          amountCents: r.amount_cents,
          currency: r.currency,
          status: r.status,
          successUrl: r.success_url,
          cancelUrl: r.cancel_url,
        }
      : null;
  }

  /** The payment reference (Stripe's payment intent) of a session, for a played refund. */
  async paymentRef(id: string): Promise<string | null> {
    const rows = await this.ds.query<{ payment_ref: string }[]>(
      `SELECT payment_ref FROM demo_payment_sessions WHERE id = $1`,
      [id],
    );
    return rows[0]?.payment_ref ?? null;
  }

  /**
   * Pay on the demo page: the session becomes paid once, and the event Stripe would send
   * (`checkout.session.completed`) is returned for the same fulfilment path; null when the
   * session was not open (paid or cancelled already).
   */
  async pay(id: string): Promise<PaymentEvent | null> {
    return this.settle(id, 'paid', 'checkout.session.completed');
  }

  /** Cancel on the demo page: the session ends as Stripe's would expire. */
  async cancel(id: string): Promise<PaymentEvent | null> {
    return this.settle(id, 'cancelled', 'checkout.session.expired');
  }

  private async settle(
    id: string,
    status: 'paid' | 'cancelled',
    type: string,
  ): Promise<PaymentEvent | null> {
    const result = await this.ds.query<[unknown[], number]>(
      `UPDATE demo_payment_sessions SET status = $2 WHERE id = $1 AND status = 'open' RETURNING id`,
      [id, status],
    );
    const rows = Array.isArray(result[0]) ? result[0] : (result as unknown as unknown[]);
    if (rows.length === 0) return null;
    return {
      eventId: `demo_evt_${randomBytes(18).toString('base64url')}`,
      type,
      outcome: status === 'paid' ? 'paid' : 'expired',
      sessionId: id,
    };
  }
}
