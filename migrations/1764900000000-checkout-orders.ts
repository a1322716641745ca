import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Checkout (issue 9): orders, the provider events they received, and the sessions of the demo
 * provider. No card data and no e-mail address: the provider keeps those.
 */
export class CheckoutOrders1764900000000 implements MigrationInterface {
  name = 'CheckoutOrders1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE orders (
        id uuid PRIMARY KEY,
        provider text NOT NULL CHECK (provider IN ('stripe', 'demo')),
        provider_session_id text NOT NULL UNIQUE CHECK (length(provider_session_id) BETWEEN 1 AND 255),
        amount_cents integer NOT NULL CHECK (amount_cents > 0),
        currency text NOT NULL CHECK (currency ~ '^[a-z]{3}$'),
        state text NOT NULL DEFAULT 'pending' CHECK (state IN
          ('pending', 'paid', 'fulfilled', 'failed', 'expired', 'refunded', 'disputed')),
        claim_hash bytea NOT NULL CHECK (length(claim_hash) = 32),
        key_id uuid UNIQUE REFERENCES api_keys (id),
        created_at timestamptz NOT NULL,
        paid_at timestamptz,
        fulfilled_at timestamptz,
        failed_at timestamptz,
        expired_at timestamptz,
        refunded_at timestamptz,
        disputed_at timestamptz,
        revocation_reason text,
        CHECK (state <> 'fulfilled' OR key_id IS NOT NULL)
      )`);
    await q.query(`CREATE INDEX orders_created_idx ON orders (created_at DESC, id DESC)`);
    // Every provider event once, by its id: a second delivery of the same event changes nothing.
    await q.query(`
      CREATE TABLE payment_events (
        provider text NOT NULL,
        event_id text NOT NULL CHECK (length(event_id) BETWEEN 1 AND 255),
        type text NOT NULL,
        order_id uuid REFERENCES orders (id),
        received_at timestamptz NOT NULL,
        PRIMARY KEY (provider, event_id)
      )`);
    await q.query(`CREATE INDEX payment_events_order_idx ON payment_events (order_id)`);
    // The demo provider's own state (the part Stripe would keep on its side).
    await q.query(`
      CREATE TABLE demo_payment_sessions (
        id text PRIMARY KEY,
        payment_ref text NOT NULL UNIQUE,
        amount_cents integer NOT NULL,
        currency text NOT NULL,
        status text NOT NULL CHECK (status IN ('open', 'paid', 'cancelled', 'refunded')),
        success_url text NOT NULL,
        cancel_url text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS demo_payment_sessions`);
    await q.query(`DROP TABLE IF EXISTS payment_events`);
    await q.query(`DROP TABLE IF EXISTS orders`);
  }
}
