import { ApiKey } from '../../domain/keys/api-key';
import { Order, OrderState, OrderTransition, PaymentOutcome } from '../../domain/checkout/order';
import { NewApiKey } from '../keys/api-key.repository';

export interface NewOrder {
  readonly id: string;
  readonly provider: string;
  readonly providerSessionId: string;
  readonly amountCents: number;
  readonly currency: string;
  readonly claimHash: Buffer;
  readonly createdAt: Date;
}

/** An order as the completion page needs it: with the hash of its claim token. */
export interface ClaimableOrder {
  readonly order: Order;
  readonly claimHash: Buffer;
}

export interface TransitionResult {
  /** The event id had been recorded before: nothing was changed. */
  readonly duplicate: boolean;
  readonly order: Order | null;
}

/**
 * Port: the orders table and what must change with it in one transaction (the key of an order).
 * Every state change runs under a row lock on the order, so concurrent deliveries of events and
 * concurrent completion pages are serialised per order.
 */
export abstract class OrderRepository {
  abstract insert(order: NewOrder): Promise<Order>;

  abstract findBySession(provider: string, sessionId: string): Promise<ClaimableOrder | null>;

  /**
   * In one transaction: records the provider event `event` by its id when one is given (a
   * duplicate id changes nothing and says so), locks the order of this session, asks `decide`
   * what the outcome does to it, and applies the transition: the new state and its time and, when
   * `revokeKey`, the revocation of the order's current key (following rotations) with the reason.
   * `order` is the order after the change (unchanged when `decide` returned null), or null when
   * no order has this session (the event is still recorded).
   */
  abstract transition(
    provider: string,
    sessionId: string | null,
    outcome: PaymentOutcome | null,
    decide: (state: OrderState, outcome: PaymentOutcome) => OrderTransition | null,
    at: Date,
    event?: { readonly eventId: string; readonly type: string },
  ): Promise<TransitionResult>;

  /**
   * Issues the order's key, at most once: under the order's row lock, when the order is `paid`
   * and has no key, stores `key`, links it and marks the order `fulfilled`. Returns the stored
   * key, or null when the order was not in that state (another request fulfilled it first).
   */
  abstract fulfil(orderId: string, key: NewApiKey, at: Date): Promise<ApiKey | null>;

  /** Every order, newest first, in pages (the command line and the dashboard). */
  abstract list(limit: number, offset: number): Promise<Order[]>;

  abstract count(): Promise<number>;

  abstract countByState(): Promise<Partial<Record<OrderState, number>>>;
}
