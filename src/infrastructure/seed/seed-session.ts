import { PoolClient } from 'pg';
import { runQuery } from '../database/copy-rows';
import { Run } from './initial-load';

/**
 * The seed's transactions (demo-data.seeder.ts): their settings and time limits, on whichever
 * connection of the load runs them.
 */

/**
 * Seeding 100,000 doctors runs statements far longer than an API read, so the pool's
 * statement and client timeouts (seconds) are lifted for its transactions.
 */
const SEED_TIMEOUT_MS = 10 * 60_000;
/** A seed waits this long at most for the locks held by in-flight reads or another seed. */
const LOCK_TIMEOUT = '120s';
/**
 * Memory for the index builds of this transaction (the read models' refresh, and the indexes of
 * an initial load): GIN and sorted btree builds spill to disk under the default 64 MB.
 */
const SEED_MAINTENANCE_WORK_MEM = '256MB';

/** `run` on `client`, with the seed's own time limit per statement. */
export const runOn = (client: PoolClient) => (sql: string, values?: unknown[]) =>
  runQuery(client, SEED_TIMEOUT_MS, sql, values);

/** The seed's settings for the transaction just begun. */
export async function seedSettings(run: Run): Promise<void> {
  await run(`SET LOCAL statement_timeout = ${SEED_TIMEOUT_MS}`);
  await run(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`);
  await run(`SET LOCAL maintenance_work_mem = '${SEED_MAINTENANCE_WORK_MEM}'`);
}

/** `work` in a transaction of its own with the seed's settings; rolled back if it throws. */
export async function inTransaction<T>(run: Run, work: () => Promise<T>): Promise<T> {
  await run('BEGIN');
  try {
    await seedSettings(run);
    const out = await work();
    await run('COMMIT');
    return out;
  } catch (e) {
    await run('ROLLBACK').catch(() => undefined);
    throw e;
  }
}
