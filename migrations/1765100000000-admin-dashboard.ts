import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin dashboard (issue 10): operators, their server-side sessions (only a hash of each
 * session id), the append-only audit log, per-key daily request counts, and the order a key came
 * from (kept across rotations).
 */
export class AdminDashboard1765100000000 implements MigrationInterface {
  name = 'AdminDashboard1765100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE operators (
        id uuid PRIMARY KEY,
        email text NOT NULL UNIQUE CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
        password_hash text NOT NULL CHECK (password_hash LIKE '$argon2id$%'),
        created_at timestamptz NOT NULL,
        password_changed_at timestamptz NOT NULL,
        disabled_at timestamptz
      )`);
    await q.query(`
      CREATE TABLE operator_sessions (
        id_hash bytea PRIMARY KEY CHECK (length(id_hash) = 32),
        operator_id uuid NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL,
        last_seen_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        ip text NOT NULL,
        user_agent text
      )`);
    await q.query(`CREATE INDEX operator_sessions_operator_idx ON operator_sessions (operator_id)`);
    await q.query(`
      CREATE TABLE audit_log (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        at timestamptz NOT NULL,
        operator_id uuid REFERENCES operators (id),
        operator_email text,
        action text NOT NULL,
        target text,
        ip text,
        detail text
      )`);
    await q.query(`CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC)`);
    // Sign-in throttling counts recent failures per address and per IP.
    await q.query(
      `CREATE INDEX audit_log_failures_target_idx ON audit_log (target, at) WHERE action = 'sign_in_failed'`,
    );
    await q.query(
      `CREATE INDEX audit_log_failures_ip_idx ON audit_log (ip, at) WHERE action = 'sign_in_failed'`,
    );
    // Append-only: rows are never changed or removed, whoever connects.
    await q.query(`
      CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit_log is append-only';
      END $$`);
    await q.query(`
      CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
        FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`);
    await q.query(`
      CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
        FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`);
    await q.query(`
      CREATE TABLE key_usage_daily (
        key_id uuid NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
        day date NOT NULL,
        tier text NOT NULL,
        requests bigint NOT NULL CHECK (requests >= 0),
        PRIMARY KEY (key_id, day)
      )`);
    await q.query(`CREATE INDEX key_usage_daily_day_idx ON key_usage_daily (day, tier)`);
    await q.query(`ALTER TABLE api_keys ADD COLUMN order_id uuid REFERENCES orders (id)`);
    await q.query(`UPDATE api_keys k SET order_id = o.id FROM orders o WHERE o.key_id = k.id`);
    await q.query(`CREATE INDEX api_keys_tier_created_idx ON api_keys (tier, created_at DESC, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS api_keys_tier_created_idx`);
    await q.query(`ALTER TABLE api_keys DROP COLUMN IF EXISTS order_id`);
    await q.query(`DROP TABLE IF EXISTS key_usage_daily`);
    await q.query(`DROP TABLE IF EXISTS audit_log`);
    await q.query(`DROP FUNCTION IF EXISTS audit_log_append_only()`);
    await q.query(`DROP TABLE IF EXISTS operator_sessions`);
    await q.query(`DROP TABLE IF EXISTS operators`);
  }
}
