import { PaymentOutcome } from '../../domain/checkout/order';

/** What the service asks the provider to sell: one item, once. */
export interface CheckoutSessionRequest {
  readonly orderId: string;
  readonly amountCents: number;
  readonly currency: string;
  readonly productName: string;
  /** Where the provider sends the browser after paying; `{SESSION_ID}` is replaced by the id. */
  readonly successUrl: string;
  /** Where the provider sends the browser when the buyer gives up. */
  readonly cancelUrl: string;
}

export interface CreatedCheckoutSession {
  readonly sessionId: string;
  /** The provider's hosted payment page. */
  readonly url: string;
}

/**
 * What the provider says of a session when asked: `paid` (money captured), `processing` (the
 * buyer finished but an asynchronous method has not settled), `open` (not paid yet), `expired`,
 * or `unknown` (no such session at this provider).
 */
export type SessionPaymentStatus = 'paid' | 'processing' | 'open' | 'expired' | 'unknown';

/** One verified provider event, reduced to what the order rules need. */
export interface PaymentEvent {
  /** The provider's event id: the same event delivered twice has the same id. */
  readonly eventId: string;
  /** The provider's own event type, kept for the record. */
  readonly type: string;
  /** What it means for the order; null for event types the service does not act on. */
  readonly outcome: PaymentOutcome | null;
  /** The checkout session the event concerns, when it can be told. */
  readonly sessionId: string | null;
}

/** The signature of an event is missing, wrong, or too old. */
export class InvalidPaymentEventError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidPaymentEventError';
  }
}

/**
 * Port: the payment provider (Stripe, or the demo provider of a fresh machine). The order and key
 * rules never depend on which one it is.
 */
export abstract class PaymentProvider {
  /** Short name stored with each order: `stripe` or `demo`. */
  abstract readonly name: string;

  /** Creates a one-time payment session and returns where to send the buyer. */
  abstract createSession(request: CheckoutSessionRequest): Promise<CreatedCheckoutSession>;

  /** Asks the provider (never the query string) whether the session is paid. */
  abstract sessionStatus(sessionId: string): Promise<SessionPaymentStatus>;

  /**
   * Verifies the signature of a webhook delivery over its raw body and parses it.
   * @throws InvalidPaymentEventError when unsigned, badly signed, too old or malformed.
   */
  abstract parseEvent(rawBody: Buffer, signature: string | undefined): Promise<PaymentEvent>;
}
