import { startEmbeddedPostgres } from '../../src/infrastructure/database/embedded-postgres.server';

/**
 * Tests run against a real PostgreSQL: DATABASE_URL's server when set (CI: the machine's), else an
 * embedded one started here under .data/test and stopped in global-teardown.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.DATABASE_URL) {
    process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
    return;
  }
  const pg = await startEmbeddedPostgres({ dataDir: '.data/test', adoptLeftover: true });
  process.env.TEST_DATABASE_URL = pg.url;
  (globalThis as { __embeddedPg?: typeof pg }).__embeddedPg = pg;
  console.log(
    `\n[tests] DATABASE_URL not set: using an embedded PostgreSQL (${pg.owned ? 'started' : 'attached'})`,
  );
}
