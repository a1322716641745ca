import { dropDatabase, TEMPLATE_ENV } from './test-database';

export default async function globalTeardown(): Promise<void> {
  const template = process.env[TEMPLATE_ENV];
  const server = process.env.TEST_DATABASE_URL;
  if (template && server) await dropDatabase(server, template).catch(() => undefined);
  const pg = (globalThis as { __embeddedPg?: { stop(): Promise<void> } }).__embeddedPg;
  if (pg) await pg.stop();
}
