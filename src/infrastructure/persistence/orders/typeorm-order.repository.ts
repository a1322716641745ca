import { Injectable, Optional } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import {
  ClaimableOrder,
  NewOrder,
  OrderRepository,
  TransitionResult,
} from '../../../application/checkout/order.repository';
import { NewApiKey } from '../../../application/keys/api-key.repository';
import {
  canFulfil,
  Order,
  OrderState,
  OrderTransition,
  PaymentOutcome,
} from '../../../domain/checkout/order';
import { ApiKey } from '../../../domain/keys/api-key';
import { ApiKeyCache } from '../keys/api-key-cache';
import { revokeChainIn } from '../keys/api-key-chain.sql';
import { insertKey } from '../keys/typeorm-api-key.repository';
import { ORDER_SELECT, OrderRow, STATE_TIME_COLUMN, toOrder } from './order.row';

/**
 * orders, payment_events and the order's key in api_keys, with plain SQL (the app and the command
 * line share it). Every change of an order happens under its row lock in one transaction, so
 * concurrent webhook deliveries and completion pages are serialised per order; a key revoked here
 * notifies every instance through the api_keys trigger, and this instance's cache is dropped at
 * once.
 */
@Injectable()
export class TypeOrmOrderRepository extends OrderRepository {
  constructor(
    private readonly ds: DataSource,
    @Optional() private readonly keyCache?: ApiKeyCache,
  ) {
    super();
  }

  async insert(o: NewOrder): Promise<Order> {
    await this.ds.query(
      `INSERT INTO orders (id, provider, provider_session_id, amount_cents, currency, claim_hash, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [o.id, o.provider, o.providerSessionId, o.amountCents, o.currency, o.claimHash, o.createdAt],
    );
    return (await this.byId(this.ds.manager, o.id))!;
  }

  async findBySession(provider: string, sessionId: string): Promise<ClaimableOrder | null> {
    const rows = await this.ds.query<OrderRow[]>(
      `${ORDER_SELECT} WHERE o.provider = $1 AND o.provider_session_id = $2`,
      [provider, sessionId],
    );
    return rows.length ? { order: toOrder(rows[0]), claimHash: rows[0].claim_hash } : null;
  }

  async transition(
    provider: string,
    sessionId: string | null,
    outcome: PaymentOutcome | null,
    decide: (state: OrderState, outcome: PaymentOutcome) => OrderTransition | null,
    at: Date,
    event?: { readonly eventId: string; readonly type: string },
  ): Promise<TransitionResult> {
    let revoked: string[] = [];
    try {
      return await this.ds.transaction('READ COMMITTED', async (m) => {
        // The order's row lock comes first: recording the event takes a key-share lock on the
        // order (its foreign key), and taking that before the update lock would deadlock two
        // concurrent deliveries.
        const locked = sessionId
          ? await m.query<{ id: string; state: OrderState; key_id: string | null }[]>(
              `SELECT id, state, key_id FROM orders
                WHERE provider = $1 AND provider_session_id = $2 FOR UPDATE`,
              [provider, sessionId],
            )
          : [];
        if (event) {
          const inserted = await m.query<unknown[]>(
            `INSERT INTO payment_events (provider, event_id, type, order_id, received_at)
             VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (provider, event_id) DO NOTHING RETURNING event_id`,
            [provider, event.eventId, event.type, locked[0]?.id ?? null, at],
          );
          if (inserted.length === 0) {
            return {
              duplicate: true,
              order: locked.length ? await this.byId(m, locked[0].id) : null,
            };
          }
        }
        if (locked.length === 0) return { duplicate: false, order: null };
        const { id, state, key_id: keyId } = locked[0];
        const change = outcome ? decide(state, outcome) : null;
        if (change) {
          const column = STATE_TIME_COLUMN[change.to];
          await m.query(
            `UPDATE orders SET state = $2${column ? `, ${column} = COALESCE(${column}, $3)` : ''},
                    revocation_reason = COALESCE($4, revocation_reason)
              WHERE id = $1`,
            [id, change.to, at, change.reason],
          );
          if (change.revokeKey && keyId) {
            // The order's key and every key that replaced it (its rotation chain).
            const [{ chain_id: chainId }] = await m.query<{ chain_id: string }[]>(
              `SELECT chain_id FROM api_keys WHERE id = $1`,
              [keyId],
            );
            const by = {
              operatorId: null,
              operatorEmail: null,
              ip: null,
              reason: `order ${id} ${change.to}${change.reason ? `: ${change.reason}` : ''}`,
            };
            revoked = (await revokeChainIn(m, chainId, at, by)).map((r) => r.id);
          }
        }
        return { duplicate: false, order: await this.byId(m, id) };
      });
    } finally {
      this.keyCache?.forget(revoked);
    }
  }

  async fulfil(orderId: string, key: NewApiKey, at: Date): Promise<ApiKey | null> {
    return this.ds.transaction('READ COMMITTED', async (m) => {
      const rows = await m.query<{ state: OrderState; key_id: string | null }[]>(
        `SELECT state, key_id FROM orders WHERE id = $1 FOR UPDATE`,
        [orderId],
      );
      if (rows.length === 0 || !canFulfil({ state: rows[0].state, keyId: rows[0].key_id }))
        return null;
      const stored = await insertKey(m, key);
      // The key remembers its order (rotation carries it over), for the dashboard.
      await m.query(`UPDATE api_keys SET order_id = $1 WHERE id = $2`, [orderId, stored.id]);
      await m.query(
        `UPDATE orders SET state = 'fulfilled', key_id = $2, fulfilled_at = $3 WHERE id = $1`,
        [orderId, stored.id, at],
      );
      return stored;
    });
  }

  async list(limit: number, offset: number): Promise<Order[]> {
    const rows = await this.ds.query<OrderRow[]>(
      `${ORDER_SELECT} ORDER BY o.created_at DESC, o.id DESC LIMIT $1 OFFSET $2`,
      [limit, offset],
    );
    return rows.map(toOrder);
  }

  async count(): Promise<number> {
    const [r] = await this.ds.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM orders`);
    return r.n;
  }

  async countByState(): Promise<Partial<Record<OrderState, number>>> {
    const rows = await this.ds.query<{ state: OrderState; n: number }[]>(
      `SELECT state, count(*)::int AS n FROM orders GROUP BY state`,
    );
    return Object.fromEntries(rows.map((r) => [r.state, r.n]));
  }

  private async byId(m: EntityManager, id: string): Promise<Order | null> {
    const rows = await m.query<OrderRow[]>(`${ORDER_SELECT} WHERE o.id = $1`, [id]);
    return rows.length ? toOrder(rows[0]) : null;
  }
}
