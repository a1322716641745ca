import StripeClient from 'stripe';
import type Stripe from 'stripe';
import {
  CheckoutSessionRequest,
  CreatedCheckoutSession,
  PaymentEvent,
  PaymentProvider,
  SessionPaymentStatus,
} from '../../application/checkout/payment-provider';
import { verifiedPaymentEvent } from './stripe-event.mapper';

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

  parseEvent(rawBody: Buffer, signature: string | undefined): Promise<PaymentEvent> {
    return verifiedPaymentEvent(
      this.stripe.webhooks,
      rawBody,
      signature,
      this.settings.webhookSecret,
      async (paymentIntent) => {
        const list = await this.stripe.checkout.sessions.list({
          payment_intent: paymentIntent,
          limit: 1,
        });
        return list.data[0]?.id ?? null;
      },
    );
  }
}
