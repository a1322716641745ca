import { startEmbeddedPostgres } from '../../src/infrastructure/database/embedded-postgres.server';
import { createMigratedTemplate, TEMPLATE_ENV } from './test-database';

/**
 * Tests run against a real PostgreSQL: DATABASE_URL's server when set (CI: the machine's), else an
 * embedded one started here under .data/test and stopped in global-teardown. A database with
 * every migration applied is made once here, and each test file's database is a copy of it
 * (test-database.ts); global-teardown drops it.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.DATABASE_URL) {
    process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
  } else {
    const pg = await startEmbeddedPostgres({ dataDir: '.data/test', adoptLeftover: true });
    process.env.TEST_DATABASE_URL = pg.url;
    (globalThis as { __embeddedPg?: typeof pg }).__embeddedPg = pg;
    console.log(
      `\n[tests] DATABASE_URL not set: using an embedded PostgreSQL (${pg.owned ? 'started' : 'attached'})`,
    );
  }
  const template = `gtad_tpl_${process.pid}`;
  await createMigratedTemplate(process.env.TEST_DATABASE_URL, template);
  process.env[TEMPLATE_ENV] = template;
}
