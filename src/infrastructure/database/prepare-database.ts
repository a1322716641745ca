import { DataSource } from 'typeorm';
import { LOADS_IN_PARTS } from '../seed/load-in-parts';

const MIGRATION_LOCK = 74260001;

/**
 * Applies pending migrations and, when the directory is empty (or a load in parts of it never
 * ended: seed/load-in-parts.ts) and `fillEmpty` is given, fills it;
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
      // No doctors, or a seed of an empty directory in parts that never ended (its marker).
      const [{ fill }] = (await runner.query(
        `SELECT NOT EXISTS (SELECT 1 FROM doctors) OR EXISTS (SELECT 1 FROM ${LOADS_IN_PARTS}) AS fill`,
      )) as { fill: boolean }[];
      if (fill) await fillEmpty(ds);
    }
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await runner.release();
  }
}
