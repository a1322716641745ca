import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Instances keep the keys they have seen in memory (no database round trip per request). So that a
 * revocation is seen at once everywhere, whatever writes it (the API's rotation, the command line,
 * the dashboard, a refund at checkout, plain SQL), the table itself notifies `api_keys_changed` in
 * the writing transaction when a key's revocation, tier or hash changes, or a key is deleted.
 * PostgreSQL delivers the notification when that transaction commits, never before.
 * `last_used_at` writes notify nothing.
 */
export class ApiKeyChangeNotify1764400000000 implements MigrationInterface {
  name = 'ApiKeyChangeNotify1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION api_keys_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('api_keys_changed', OLD.id::text);
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER api_keys_changed_on_update AFTER UPDATE ON api_keys FOR EACH ROW
        WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at
           OR OLD.tier IS DISTINCT FROM NEW.tier
           OR OLD.key_hash IS DISTINCT FROM NEW.key_hash)
        EXECUTE FUNCTION api_keys_notify_change()`);
    await q.query(`
      CREATE TRIGGER api_keys_changed_on_delete AFTER DELETE ON api_keys FOR EACH ROW
        EXECUTE FUNCTION api_keys_notify_change()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER IF EXISTS api_keys_changed_on_delete ON api_keys`);
    await q.query(`DROP TRIGGER IF EXISTS api_keys_changed_on_update ON api_keys`);
    await q.query(`DROP FUNCTION IF EXISTS api_keys_notify_change()`);
  }
}
