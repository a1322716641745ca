import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Keeping a copy in sync (issue 34): the directory's data versions and its change log.
 *
 * directory_versions has one row per import or seed that changed the directory (written in its
 * transaction, after the seed lock, so versions and change sequence numbers grow in commit
 * order): `committed_at` is the version's transactionTime, `last_seq` the change log's position
 * at its end, `floor_seq` the oldest position a change-feed cursor may still name (raised by the
 * retention and by a seed, which replaces the whole directory and records no changes).
 * directory_changes holds what each version changed: the record type, `upsert` or `delete`, and
 * the record's interchange key; the feed renders records from the current tables at read time.
 */
export class DirectoryChanges1766600000000 implements MigrationInterface {
  name = 'DirectoryChanges1766600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE directory_versions (
        version bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        committed_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        source text NOT NULL,
        last_seq bigint NOT NULL DEFAULT 0,
        floor_seq bigint NOT NULL DEFAULT 0
      )`);
    await q.query(`
      CREATE TABLE directory_changes (
        seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        version bigint NOT NULL,
        type text NOT NULL CHECK (type IN ('clinic', 'doctor', 'offering', 'review')),
        op text NOT NULL CHECK (op IN ('upsert', 'delete')),
        key jsonb NOT NULL
      )`);
    // The directory as it is when this migration runs is the first version.
    await q.query(`INSERT INTO directory_versions (source) VALUES ('initial')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE directory_changes`);
    await q.query(`DROP TABLE directory_versions`);
  }
}
