import StripeClient from 'stripe';
import type Stripe from 'stripe';
import {
  CheckoutSessionRequest,
  CreatedCheckoutSession,
  InvalidPaymentEventError,
  PaymentEvent,
  PaymentProvider,
  SessionPaymentStatus,
} from '../../application/checkout/payment-provider';
import { toPaymentEvent } from './stripe-event.mapper';

/** Webhook deliveries older than this are refused (decisions.md: 5 minutes). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface StripeSettings {
  readonly secretKey: string;
  readonly webhookSecret: string;
  /** Another address for the API (tests point it at a local server). */
  readonly apiBase?: string;
}

/** The client options that send the SDK to `apiBase` instead of api.stripe.com. */
export function stripeClientOptions(apiBase: string | undefined): Stripe.StripeConfig {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 10_000 };
  if (!apiBase) return options;
  const url = new URL(apiBase);
  return {
    ...options,
    host: url.hostname,
    port: url.port || (url.protocol === 'https:' ? 443 : 80),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
  };
}

/** The verifier's reason, first sentence only (its messages go on to explain framework setup). */
export function verifierMessage(e: unknown): string {
  const first = String((e as Error).message ?? e)
    .split('\n')[0]
    .trim();
  return first.replace(/\. .*$/, '').replace(/\.$/, '') || 'bad signature';
}

/**
 * Stripe Checkout through the official package: one-time Checkout Sessions in `payment` mode,
 * status read back from Stripe, webhooks verified by the package's own verifier over the raw body.
 */
export class StripePaymentProvider extends PaymentProvider {
  readonly name = 'stripe';
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    super();
    this.stripe = new StripeClient(settings.secretKey, stripeClientOptions(settings.apiBase));
  }

  async createSession(r: CheckoutSessionRequest): Promise<CreatedCheckoutSession> {
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: r.currency,
              unit_amount: r.amountCents,
              product_data: { name: r.productName },
            },
          },
        ],
        success_url: r.successUrl.replace('{SESSION_ID}', '{CHECKOUT_SESSION_ID}'),
        cancel_url: r.cancelUrl,
        client_reference_id: r.orderId,
        metadata: { order_id: r.orderId },
        payment_intent_data: { metadata: { order_id: r.orderId } },
      },
      { idempotencyKey: `order-${r.orderId}` },
    );
    if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
    return { sessionId: session.id, url: session.url };
  }

  async sessionStatus(sessionId: string): Promise<SessionPaymentStatus> {
    let s: Stripe.Checkout.Session;
    try {
      s = await this.stripe.checkout.sessions.retrieve(sessionId);
    } catch (e) {
      if ((e as { statusCode?: number }).statusCode === 404) return 'unknown';
      throw e;
    }
    if (s.payment_status === 'paid' || s.payment_status === 'no_payment_required') return 'paid';
    if (s.status === 'expired') return 'expired';
    if (s.status === 'complete') return 'processing';
    return 'open';
  }

  async parseEvent(rawBody: Buffer, signature: string | undefined): Promise<PaymentEvent> {
    if (!signature) throw new InvalidPaymentEventError('missing Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.settings.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
      );
    } catch (e) {
      throw new InvalidPaymentEventError(verifierMessage(e));
    }
    return toPaymentEvent(event, async (paymentIntent) => {
      const list = await this.stripe.checkout.sessions.list({
        payment_intent: paymentIntent,
        limit: 1,
      });
      return list.data[0]?.id ?? null;
    });
  }
}
