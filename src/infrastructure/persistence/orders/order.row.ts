import { Order, OrderState } from '../../../domain/checkout/order';

/** A row of orders with its current key's prefix, as node-postgres returns it. */
export interface OrderRow {
  id: string;
  provider: string;
  provider_session_id: string;
  amount_cents: number;
  currency: string;
  state: string;
  claim_hash: Buffer;
  key_id: string | null;
  current_key_prefix: string | null;
  created_at: Date;
  paid_at: Date | null;
  fulfilled_at: Date | null;
  failed_at: Date | null;
  expired_at: Date | null;
  refunded_at: Date | null;
  disputed_at: Date | null;
  revocation_reason: string | null;
}

/**
 * The order's columns, and the prefix of its current key: the key it produced, followed along
 * `replaced_by` through every rotation to the last one.
 */
export const ORDER_SELECT = `
  SELECT o.id, o.provider, o.provider_session_id, o.amount_cents, o.currency, o.state,
         o.claim_hash, o.key_id, o.created_at, o.paid_at, o.fulfilled_at, o.failed_at,
         o.expired_at, o.refunded_at, o.disputed_at, o.revocation_reason,
         (WITH RECURSIVE chain (id, replaced_by, key_prefix, depth) AS (
            SELECT k.id, k.replaced_by, k.key_prefix, 0 FROM api_keys k WHERE k.id = o.key_id
            UNION ALL
            SELECT k.id, k.replaced_by, k.key_prefix, c.depth + 1
              FROM api_keys k JOIN chain c ON k.id = c.replaced_by WHERE c.depth < 10000)
          SELECT key_prefix FROM chain ORDER BY depth DESC LIMIT 1) AS current_key_prefix
    FROM orders o`;

/** The time column each state records its arrival in. */
export const STATE_TIME_COLUMN: Record<OrderState, string | null> = {
  pending: null,
  paid: 'paid_at',
  fulfilled: 'fulfilled_at',
  failed: 'failed_at',
  expired: 'expired_at',
  refunded: 'refunded_at',
  disputed: 'disputed_at',
};

export function toOrder(row: OrderRow): Order {
  return {
    id: row.id,
    provider: row.provider,
    providerSessionId: row.provider_session_id,
    amountCents: row.amount_cents,
    currency: row.currency,
    state: row.state as OrderState,
    keyId: row.key_id,
    currentKeyPrefix: row.current_key_prefix,
    createdAt: row.created_at,
    paidAt: row.paid_at,
    fulfilledAt: row.fulfilled_at,
    failedAt: row.failed_at,
    expiredAt: row.expired_at,
    refundedAt: row.refunded_at,
    disputedAt: row.disputed_at,
    revocationReason: row.revocation_reason,
  };
}
