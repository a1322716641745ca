import { Injectable } from '@nestjs/common';
import { applyOutcome, Order } from '../../domain/checkout/order';
import { Clock } from '../shared/clock';
import { OrderRepository } from './order.repository';
import { PaymentEvent, PaymentProvider } from './payment-provider';

export interface HandledEvent {
  readonly duplicate: boolean;
  /** The order the event concerned, after it; null when it concerned no order of ours. */
  readonly order: Order | null;
}

/**
 * A verified provider event (a webhook delivery, or the demo provider's Pay and Cancel): recorded
 * once by its id, then applied to its order by the ladder of `applyOutcome`, so duplicates change
 * nothing and any order of arrival ends in the same state. A refund or dispute revokes the
 * order's key in the same transaction.
 */
@Injectable()
export class HandlePaymentEventUseCase {
  constructor(
    private readonly provider: PaymentProvider,
    private readonly orders: OrderRepository,
    private readonly clock: Clock,
  ) {}

  async execute(event: PaymentEvent): Promise<HandledEvent> {
    return this.orders.transition(
      this.provider.name,
      event.sessionId,
      event.outcome,
      applyOutcome,
      this.clock.now(),
      { eventId: event.eventId, type: event.type },
    );
  }
}
