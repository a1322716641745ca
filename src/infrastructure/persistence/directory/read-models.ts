/**
 * The materialized read models, in refresh order (each one reads the ones before it). Whatever
 * replaces the directory data refreshes them all, in one transaction with the change.
 */
export const READ_MODELS = [
  'doctor_search',
  'clinic_doctor_search',
  'practitioner_role_updates',
  'clinic_search',
  'doctor_geo',
  'specialist_search',
  'doctor_facets',
  'doctor_specialty_facets',
  'doctor_language_facets',
  'clinic_facets',
  'clinic_open_ranges',
  'week_stretches',
  'day_stretches',
  'doctor_open_facets',
  'clinic_open_facets',
] as const;

export async function refreshReadModels(run: (sql: string) => Promise<unknown>): Promise<void> {
  for (const view of READ_MODELS) await run(`REFRESH MATERIALIZED VIEW ${view}`);
  await run(`ANALYZE ${READ_MODELS.join(', ')}`);
}
