import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sign-in throttling moves out of the audit log (issue 30, item 3): attempts are recorded in
 * sign_in_attempts before their password is checked (deleted when they sign in, or once too old
 * to count), and sign_in_refusals marks the first refusal of each burst and minute, the only one
 * the audit log records. The audit log's partial indexes of failures served only the old throttle.
 */
export class SignInThrottle1766500000000 implements MigrationInterface {
  name = 'SignInThrottle1766500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE sign_in_attempts (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        email text NOT NULL CHECK (length(email) <= 254),
        ip_key text NOT NULL CHECK (length(ip_key) <= 100),
        at timestamptz NOT NULL
      )`);
    await q.query(
      `CREATE INDEX sign_in_attempts_email_idx ON sign_in_attempts (email, ip_key, at)`,
    );
    await q.query(`CREATE INDEX sign_in_attempts_ip_idx ON sign_in_attempts (ip_key, at)`);
    await q.query(`CREATE INDEX sign_in_attempts_at_idx ON sign_in_attempts (at)`);
    await q.query(`
      CREATE TABLE sign_in_refusals (
        burst text NOT NULL,
        minute timestamptz NOT NULL,
        PRIMARY KEY (burst, minute)
      )`);
    await q.query(`DROP INDEX IF EXISTS audit_log_failures_target_idx`);
    await q.query(`DROP INDEX IF EXISTS audit_log_failures_ip_idx`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX audit_log_failures_target_idx ON audit_log (target, at) WHERE action = 'sign_in_failed'`,
    );
    await q.query(
      `CREATE INDEX audit_log_failures_ip_idx ON audit_log (ip, at) WHERE action = 'sign_in_failed'`,
    );
    await q.query(`DROP TABLE IF EXISTS sign_in_refusals`);
    await q.query(`DROP TABLE IF EXISTS sign_in_attempts`);
  }
}
