import { ImportSql } from './import-sql';

/**
 * A clinic's dated exceptions (clinic_hours_exceptions) as the import compares them: a jsonb list
 * of {date, ranges (null: closed all day), reason (or null)} in date order, the shape the staging
 * writes (staging-columns.ts). `clinicId` is the SQL of the clinic's id.
 */
export const STORED_EXCEPTIONS = (clinicId: string) =>
  `coalesce((SELECT jsonb_agg(jsonb_build_object('date', e.date, 'ranges', e.ranges, 'reason', e.reason)
                              ORDER BY e.date)
               FROM clinic_hours_exceptions e WHERE e.clinic_id = ${clinicId}), '[]'::jsonb)`;

/**
 * Marks the staged clinics whose list of exceptions differs from the directory's (a new clinic
 * has none), before the clinics' upsert: the upsert writes such a clinic even when none of its
 * columns changed (its record did: updated_at moves and the change feed logs it).
 */
export async function markChangedExceptions(sql: ImportSql): Promise<void> {
  await sql(`
    UPDATE s_clinics s SET exceptions_changed = s.exceptions IS DISTINCT FROM
           coalesce((SELECT ${STORED_EXCEPTIONS('c.id')} FROM clinics c
                      WHERE c.source = s.source AND c.source_id = s.source_id), '[]'::jsonb)`);
}

/** The upsert's condition for a clinic whose exceptions changed (alias `c` of clinics). */
export const EXCEPTIONS_CHANGED = `EXISTS (SELECT 1 FROM s_clinics s2
   WHERE s2.source = c.source AND s2.source_id = c.source_id AND s2.exceptions_changed)`;

/**
 * Replaces the exceptions of the staged clinics whose list changed by the record's list (the
 * record is the whole clinic: a record without exceptions removes the clinic's). Runs after the
 * clinics' upsert, once s_clinics.clinic_id is set.
 */
export async function replaceExceptions(sql: ImportSql): Promise<void> {
  await sql(`
    DELETE FROM clinic_hours_exceptions e USING s_clinics s
     WHERE e.clinic_id = s.clinic_id AND s.exceptions_changed`);
  await sql(`
    INSERT INTO clinic_hours_exceptions (clinic_id, date, ranges, reason)
    SELECT s.clinic_id, (x->>'date')::date, nullif(x->'ranges', 'null'::jsonb), x->>'reason'
      FROM s_clinics s CROSS JOIN LATERAL jsonb_array_elements(s.exceptions) x
     WHERE s.exceptions_changed`);
}
