import { generateDemoDataset } from '../../src/infrastructure/seed/demo-dataset.generator';
import { replaceDirectoryData } from '../../src/infrastructure/seed/demo-data.seeder';
import { createTestDatabase, TestDatabase } from './test-database';

/**
 * A test database holding a demo directory of `doctors` (generated from `seed` at `now`), with
 * `analyse` (read models, comma-separated) vacuumed and analysed, as the seed leaves them:
 * index-only scans need the visibility map, and the planner the statistics.
 */
export async function createDemoDatabase(
  label: string,
  demo: { readonly doctors: number; readonly seed: number; readonly now: Date },
  analyse: string,
): Promise<TestDatabase> {
  const db = await createTestDatabase(label);
  await replaceDirectoryData(db.dataSource, generateDemoDataset(demo));
  await db.dataSource.query(`VACUUM (ANALYZE) ${analyse}`);
  return db;
}
