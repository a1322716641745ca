import { READ_MODELS } from '../../persistence/directory/read-models';
import { DIRECTORY_CHANGED_CHANNEL } from '../../seed/demo-data.seeder';
import { ImportSql } from './import-sql';

/**
 * Inside the import's transaction, after a change: the read models are refreshed CONCURRENTLY
 * (readers are never blocked) and `directory_changed` is notified, so every instance drops its
 * caches at the commit.
 */
export async function refreshReadModels(sql: ImportSql, source: string): Promise<void> {
  for (const view of READ_MODELS) await sql(`REFRESH MATERIALIZED VIEW CONCURRENTLY ${view}`);
  await sql('SELECT pg_notify($1, $2)', [
    DIRECTORY_CHANGED_CHANNEL,
    JSON.stringify({ reason: 'import', source }),
  ]);
}

/** After the commit of a change: fresh statistics for the planner on the tables written. */
export async function analyzeDirectory(sql: ImportSql): Promise<void> {
  await sql(`ANALYZE clinics, doctors, doctor_clinics, specialist_offerings, reviews`);
}
