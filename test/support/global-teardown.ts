export default async function globalTeardown(): Promise<void> {
  const pg = (globalThis as { __embeddedPg?: { stop(): Promise<void> } }).__embeddedPg;
  if (pg) await pg.stop();
}
