import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A key and every key that replaced it by rotation form one chain, named by its first key's id
 * (`chain_id`). What belongs to the customer rather than to one secret is counted and revoked per
 * chain: the rate limit (a rotation must not start a fresh minute) and revocation (revoking any
 * key of a chain revokes its current key, even one rotated in after the operator opened the page).
 * A trigger fills `chain_id` with the row's own id when an insert names none, so every writer
 * (issue, checkout, plain SQL) starts a chain; rotation names the old key's chain.
 */
export class ApiKeyChains1766400000000 implements MigrationInterface {
  name = 'ApiKeyChains1766400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE api_keys ADD COLUMN chain_id uuid`);
    // Existing rotations: walk forward from each key that replaced none.
    await q.query(`
      WITH RECURSIVE chain (id, chain_id) AS (
        SELECT k.id, k.id FROM api_keys k
         WHERE NOT EXISTS (SELECT 1 FROM api_keys p WHERE p.replaced_by = k.id)
        UNION
        SELECT k.id, c.chain_id FROM api_keys k
          JOIN api_keys prev ON prev.replaced_by = k.id
          JOIN chain c ON c.id = prev.id)
      UPDATE api_keys SET chain_id = chain.chain_id FROM chain WHERE api_keys.id = chain.id`);
    await q.query(`UPDATE api_keys SET chain_id = id WHERE chain_id IS NULL`);
    await q.query(`
      CREATE FUNCTION api_keys_default_chain() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.chain_id := COALESCE(NEW.chain_id, NEW.id);
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER api_keys_default_chain BEFORE INSERT ON api_keys FOR EACH ROW
        EXECUTE FUNCTION api_keys_default_chain()`);
    await q.query(`ALTER TABLE api_keys ALTER COLUMN chain_id SET NOT NULL`);
    await q.query(`CREATE INDEX api_keys_chain_idx ON api_keys (chain_id, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS api_keys_chain_idx`);
    await q.query(`DROP TRIGGER IF EXISTS api_keys_default_chain ON api_keys`);
    await q.query(`DROP FUNCTION IF EXISTS api_keys_default_chain()`);
    await q.query(`ALTER TABLE api_keys DROP COLUMN IF EXISTS chain_id`);
  }
}
