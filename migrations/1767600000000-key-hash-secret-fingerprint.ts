import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One row: a fingerprint of the key-hash secret that the database's keys are hashed with (an
 * HMAC of a fixed text under the secret, which does not reveal it), and where that secret came
 * from (`KEY_HASH_SECRET`, or the data folder it was generated into). The first service start or
 * command line that prepares the database records it; the command line compares its own before
 * issuing a key, so that a key hashed with another secret (another data folder, no shared
 * KEY_HASH_SECRET) is refused with the reason instead of being printed (issue 52, item 6).
 */
export class KeyHashSecretFingerprint1767600000000 implements MigrationInterface {
  name = 'KeyHashSecretFingerprint1767600000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE key_hash_secret (
        one boolean PRIMARY KEY DEFAULT true CHECK (one),
        fingerprint text NOT NULL,
        source text NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE key_hash_secret`);
  }
}
