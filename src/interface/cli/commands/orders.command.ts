import { DataSource } from 'typeorm';
import { ListOrdersUseCase } from '../../../application/checkout/list-orders.use-case';
import { Order } from '../../../domain/checkout/order';
import { TypeOrmOrderRepository } from '../../../infrastructure/persistence/orders/typeorm-order.repository';

export const ORDERS_USAGE = 'usage: orders list [--limit N]';

/** Several results, printed one JSON line each. */
export class JsonLines {
  constructor(readonly lines: readonly unknown[]) {}
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** One order as a line: what the orders table holds, never a claim token or a key. */
export function orderLine(o: Order) {
  return {
    id: o.id,
    provider: o.provider,
    provider_session_id: o.providerSessionId,
    amount_cents: o.amountCents,
    currency: o.currency,
    state: o.state,
    key_prefix: o.currentKeyPrefix,
    created_at: iso(o.createdAt),
    paid_at: iso(o.paidAt),
    fulfilled_at: iso(o.fulfilledAt),
    failed_at: iso(o.failedAt),
    expired_at: iso(o.expiredAt),
    refunded_at: iso(o.refundedAt),
    disputed_at: iso(o.disputedAt),
    revocation_reason: o.revocationReason,
  };
}

/** `orders list`: every order, newest first, one JSON line each (none when there are none). */
export async function runOrdersCommand(args: string[], ds: DataSource): Promise<JsonLines> {
  const [sub, ...rest] = args;
  if (sub !== 'list') throw new Error(ORDERS_USAGE);
  let limit = 1000;
  if (rest.length) {
    if (rest.length !== 2 || rest[0] !== '--limit' || !/^\d{1,4}$/.test(rest[1]))
      throw new Error(ORDERS_USAGE);
    limit = Number(rest[1]);
  }
  const orders = await new ListOrdersUseCase(new TypeOrmOrderRepository(ds)).execute(limit);
  return new JsonLines(orders.map(orderLine));
}
