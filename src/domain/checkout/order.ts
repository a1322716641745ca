/**
 * An order for a live key at checkout (decisions.md, Live keys at checkout). Plain data: no card
 * data and no e-mail address are ever part of it.
 */
export const ORDER_STATES = [
  'pending',
  'paid',
  'fulfilled',
  'failed',
  'expired',
  'refunded',
  'disputed',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** What the payment provider can tell us about an order (webhook events, the demo page). */
export const PAYMENT_OUTCOMES = ['paid', 'failed', 'expired', 'refunded', 'disputed'] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

export interface Order {
  readonly id: string;
  readonly provider: string;
  readonly providerSessionId: string;
  readonly amountCents: number;
  readonly currency: string;
  readonly state: OrderState;
  /** The key the order produced (the first one; rotations follow `replaced_by`). */
  readonly keyId: string | null;
  /** Display prefix of the order's current key (after rotations), when it has one. */
  readonly currentKeyPrefix: string | null;
  readonly createdAt: Date;
  readonly paidAt: Date | null;
  readonly fulfilledAt: Date | null;
  readonly failedAt: Date | null;
  readonly expiredAt: Date | null;
  readonly refundedAt: Date | null;
  readonly disputedAt: Date | null;
  readonly revocationReason: string | null;
}

/**
 * The states form a ladder, and an order only ever climbs it: a provider may deliver events late,
 * twice or out of order, and whatever the order of arrival the order ends on the highest rung any
 * of them reached. A refund or a dispute outranks everything (the money went back), a shown key
 * outranks a payment, a payment outranks an expiry or a failure (Stripe may report an abandoned
 * attempt after a later attempt succeeded). The ladder is a total order (an expiry outranks a
 * failure, a dispute a refund), so any two events in either order end in the same state.
 */
const RANK: Record<OrderState, number> = {
  pending: 0,
  failed: 1,
  expired: 2,
  paid: 3,
  fulfilled: 4,
  refunded: 5,
  disputed: 6,
};

/** A change of state and what it demands. */
export interface OrderTransition {
  readonly to: OrderState;
  /** The order's key must stop working now (refund, dispute). */
  readonly revokeKey: boolean;
  readonly reason: string | null;
}

/**
 * The state an outcome moves an order to, or null when it changes nothing (a duplicate, a late
 * event already outranked).
 */
export function applyOutcome(current: OrderState, outcome: PaymentOutcome): OrderTransition | null {
  if (RANK[outcome] <= RANK[current]) return null;
  const revokeKey = outcome === 'refunded' || outcome === 'disputed';
  return {
    to: outcome,
    revokeKey,
    reason:
      outcome === 'refunded'
        ? 'payment refunded'
        : outcome === 'disputed'
          ? 'payment disputed'
          : null,
  };
}

/** Only a paid order, not yet shown, may produce its key. */
export function canFulfil(order: Pick<Order, 'state' | 'keyId'>): boolean {
  return order.state === 'paid' && order.keyId === null;
}
