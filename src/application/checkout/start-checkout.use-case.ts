import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Clock } from '../shared/clock';
import { CheckoutSettings } from './checkout-settings';
import { newClaimToken } from './claim-token';
import { OrderRepository } from './order.repository';
import { PaymentProvider } from './payment-provider';

export interface StartedCheckout {
  readonly orderId: string;
  /** The provider's session: the order's return address names it. */
  readonly sessionId: string;
  /** The provider's hosted payment page (a path on this service for the demo without PUBLIC_URL). */
  readonly redirectUrl: string;
  /** For the buyer's cookie only; never stored (its hash is). */
  readonly claimToken: string;
}

/** POST /checkout: a pending order and a one-time payment session at the provider. */
@Injectable()
export class StartCheckoutUseCase {
  constructor(
    private readonly provider: PaymentProvider,
    private readonly orders: OrderRepository,
    private readonly settings: CheckoutSettings,
    private readonly clock: Clock,
  ) {}

  async execute(): Promise<StartedCheckout> {
    const orderId = randomUUID();
    const claim = newClaimToken();
    const base = this.settings.base;
    const session = await this.provider.createSession({
      orderId,
      amountCents: this.settings.priceCents,
      currency: this.settings.currency,
      productName: 'GTA doctor directory API: live key (one-time)',
      successUrl: `${base}/checkout/complete?session_id={SESSION_ID}`,
      cancelUrl: `${base}/checkout?cancelled=1`,
    });
    await this.orders.insert({
      id: orderId,
      provider: this.provider.name,
      providerSessionId: session.sessionId,
      amountCents: this.settings.priceCents,
      currency: this.settings.currency,
      claimHash: claim.hash,
      createdAt: this.clock.now(),
    });
    return {
      orderId,
      sessionId: session.sessionId,
      redirectUrl: session.url,
      claimToken: claim.token,
    };
  }
}
