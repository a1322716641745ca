import type Stripe from 'stripe';
import { PaymentOutcome } from '../../domain/checkout/order';
import {
  InvalidPaymentEventError,
  PaymentEvent,
} from '../../application/checkout/payment-provider';

/** Webhook deliveries older than this are refused (decisions.md: 5 minutes). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Finds the checkout session of a payment (charge events name the payment, not the session). */
export type SessionOfPayment = (paymentRef: string) => Promise<string | null>;

/** The event types the service acts on (README: the events to subscribe to). */
export const STRIPE_EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'charge.refunded',
  'charge.dispute.created',
] as const;

const idOf = (v: unknown): string | null =>
  typeof v === 'string' ? v : v && typeof v === 'object' && 'id' in v ? String(v.id) : null;

/**
 * Reduces a verified Stripe event (or the demo provider's events, which take the same shape) to
 * what the order rules need. A completed session whose asynchronous payment has not settled is
 * not yet paid (its `async_payment_succeeded` will follow).
 */
export async function toPaymentEvent(
  event: Stripe.Event,
  sessionOfPayment: SessionOfPayment,
): Promise<PaymentEvent> {
  if (typeof event.id !== 'string' || typeof event.type !== 'string') {
    throw new InvalidPaymentEventError('the event has no id or type');
  }
  const object = (event.data?.object ?? {}) as unknown as Record<string, unknown>;
  const base = { eventId: event.id, type: event.type };
  const session = (outcome: PaymentOutcome | null): PaymentEvent => ({
    ...base,
    outcome,
    sessionId: idOf(object.id),
  });
  switch (event.type) {
    case 'checkout.session.completed': {
      const status = object.payment_status;
      return session(status === 'paid' || status === 'no_payment_required' ? 'paid' : null);
    }
    case 'checkout.session.async_payment_succeeded':
      return session('paid');
    case 'checkout.session.async_payment_failed':
      return session('failed');
    case 'checkout.session.expired':
      return session('expired');
    case 'charge.refunded':
    case 'charge.dispute.created': {
      const payment = idOf(object.payment_intent);
      return {
        ...base,
        outcome: event.type === 'charge.refunded' ? 'refunded' : 'disputed',
        sessionId: payment ? await sessionOfPayment(payment) : null,
      };
    }
    default:
      return { ...base, outcome: null, sessionId: null };
  }
}

/** The verifier's reason, first sentence only (its messages go on to explain framework setup). */
export function verifierMessage(e: unknown): string {
  const first = String((e as Error).message ?? e)
    .split('\n')[0]
    .trim();
  return first.replace(/\. .*$/, '').replace(/\.$/, '') || 'bad signature';
}

/**
 * Verifies a delivery with the stripe package's own verifier (HMAC over the raw body, 5-minute
 * tolerance) and reduces it to a PaymentEvent; the one path of both providers' webhooks.
 * @throws InvalidPaymentEventError when unsigned, badly signed, too old or malformed.
 */
export async function verifiedPaymentEvent(
  webhooks: Stripe['webhooks'],
  rawBody: Buffer,
  signature: string | undefined,
  secret: string,
  sessionOfPayment: SessionOfPayment,
): Promise<PaymentEvent> {
  if (!signature) throw new InvalidPaymentEventError('missing Stripe-Signature header');
  let event: Stripe.Event;
  try {
    event = webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch (e) {
    throw new InvalidPaymentEventError(verifierMessage(e));
  }
  return toPaymentEvent(event, sessionOfPayment);
}
