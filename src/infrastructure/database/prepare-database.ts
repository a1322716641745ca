import { DataSource } from 'typeorm';

const MIGRATION_LOCK = 74260001;

/**
 * Applies pending migrations and, when the directory is empty and `fillEmpty` is given, fills it;
 * under an advisory lock so that instances starting together do this once.
 */
export async function prepareDatabase(
  ds: DataSource,
  fillEmpty: ((ds: DataSource) => Promise<void>) | undefined,
  log: (m: string) => void,
): Promise<void> {
  const runner = ds.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const applied = await ds.runMigrations({ transaction: 'each' });
    if (applied.length > 0) log(`applied migrations: ${applied.map((m) => m.name).join(', ')}`);
    if (fillEmpty) {
      const [{ n }] = (await runner.query('SELECT count(*)::int AS n FROM doctors')) as {
        n: number;
      }[];
      if (n === 0) await fillEmpty(ds);
    }
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await runner.release();
  }
}
