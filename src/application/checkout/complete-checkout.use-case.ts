import { Injectable } from '@nestjs/common';
import { applyOutcome, Order } from '../../domain/checkout/order';
import { generateApiKey } from '../../domain/keys/api-key-format';
import { KeyHasher } from '../keys/key-hasher';
import { Clock } from '../shared/clock';
import { claimMatches } from './claim-token';
import { OrderRepository } from './order.repository';
import { PaymentProvider } from './payment-provider';
import { RememberedSessionStatus } from './remembered-session-status';

/** What the completion page shows. */
export type CompletionView =
  /** The key, this once. */
  | { readonly kind: 'key'; readonly key: string; readonly keyPrefix: string }
  /** The key was shown before (a reload, another tab or browser): only its prefix. */
  | { readonly kind: 'already_shown'; readonly keyPrefix: string | null }
  /** Paid, but this browser does not hold the order's claim token. */
  | { readonly kind: 'wrong_browser' }
  /** The buyer finished but the payment has not settled: refresh shortly. */
  | { readonly kind: 'processing' }
  /** Not paid (yet): the session is still open. */
  | { readonly kind: 'not_paid' }
  /** Failed or expired: nothing was charged. */
  | { readonly kind: 'ended'; readonly state: 'failed' | 'expired' }
  /** Refunded or disputed: the key (if any) no longer works. */
  | { readonly kind: 'revoked'; readonly state: 'refunded' | 'disputed' }
  /** No order of ours has this session id. */
  | { readonly kind: 'unknown' };

/**
 * GET /checkout/complete: the provider's return address. Payment is confirmed by asking the
 * provider, never by the query string; a paid order produces its one live key here, for the
 * browser that holds the claim token, exactly once even under concurrent requests (the fulfilment
 * is a conditional write under the order's row lock). The provider's answer about a pending
 * order is remembered a few seconds (RememberedSessionStatus).
 */
@Injectable()
export class CompleteCheckoutUseCase {
  constructor(
    private readonly provider: PaymentProvider,
    private readonly orders: OrderRepository,
    private readonly hasher: KeyHasher,
    private readonly clock: Clock,
    private readonly statuses: RememberedSessionStatus,
  ) {}

  /**
   * @param claimToken the token of this order's claim cookie, when the browser holds one
   * @param beforeAsking runs only when the provider is about to be asked (a pending order whose
   *   status is not remembered); may throw to refuse (the per-address limit), and the error
   *   propagates
   * @param afresh ask the provider even when its answer is remembered: a return from the
   *   provider's page (the page's own automatic refresh may reuse a remembered answer)
   */
  async execute(
    sessionId: string,
    claimToken: string | undefined,
    beforeAsking?: () => Promise<void>,
    afresh = false,
  ): Promise<CompletionView> {
    const found = await this.orders.findBySession(this.provider.name, sessionId);
    if (!found) return { kind: 'unknown' };
    let order = found.order;
    if (order.state === 'pending' || order.state === 'failed' || order.state === 'expired') {
      const status = await this.statuses.status(sessionId, beforeAsking, afresh);
      if (status === 'processing') return { kind: 'processing' };
      if (status === 'paid' || status === 'expired') {
        const r = await this.orders.transition(
          this.provider.name,
          sessionId,
          status,
          applyOutcome,
          this.clock.now(),
        );
        order = r.order ?? order;
      }
    } else {
      // The order's own state says more than any remembered answer (the webhook marked it paid).
      this.statuses.forget(sessionId);
    }
    return this.view(order, found.claimHash, claimToken);
  }

  private async view(
    order: Order,
    claimHash: Buffer,
    claimToken: string | undefined,
  ): Promise<CompletionView> {
    switch (order.state) {
      case 'pending':
        return { kind: 'not_paid' };
      case 'failed':
      case 'expired':
        return { kind: 'ended', state: order.state };
      case 'refunded':
      case 'disputed':
        return { kind: 'revoked', state: order.state };
      case 'fulfilled':
        return { kind: 'already_shown', keyPrefix: order.currentKeyPrefix };
      case 'paid': {
        if (!claimMatches(claimHash, claimToken)) return { kind: 'wrong_browser' };
        const fresh = generateApiKey('live');
        const stored = await this.orders.fulfil(
          order.id,
          {
            keyHash: this.hasher.hash(fresh.value),
            keyPrefix: fresh.keyPrefix,
            tier: 'live',
            label: `checkout order ${order.id}`,
            createdAt: this.clock.now(),
          },
          this.clock.now(),
        );
        if (stored) return { kind: 'key', key: fresh.value, keyPrefix: stored.keyPrefix };
        // Another request fulfilled it (or a refund arrived) between the read and the lock.
        const again = await this.orders.findBySession(this.provider.name, order.providerSessionId);
        return again && again.order.state !== 'paid'
          ? this.view(again.order, claimHash, undefined)
          : { kind: 'already_shown', keyPrefix: null };
      }
    }
  }
}
