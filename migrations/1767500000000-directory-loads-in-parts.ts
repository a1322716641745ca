import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An empty directory is seeded in parts (src/infrastructure/seed/load-in-parts.ts): the base
 * tables in one transaction, then the read models side by side on two
 * connections, each in a transaction of its own. A row here says such a load began and has not
 * ended: until it is gone the directory is not whole, so the service's start seeds it again and a
 * seed replaces it (in one transaction) as it would any directory with rows.
 */
export class DirectoryLoadsInParts1767500000000 implements MigrationInterface {
  name = 'DirectoryLoadsInParts1767500000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE directory_loads_in_parts (
        started_at timestamptz NOT NULL DEFAULT now(),
        backend_pid int NOT NULL DEFAULT pg_backend_pid()
      )`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE directory_loads_in_parts`);
  }
}
