import { ImportSql } from './import-sql';

/*
 * A clinic's dated exceptions (clinic_hours_exceptions) as the import compares them: a jsonb list
 * of {date, ranges (null: closed all day), reason (or null)} in date order, the shape the staging
 * writes (staging-columns.ts).
 */

/**
 * Marks the staged clinics whose list of exceptions differs from the directory's, before the
 * clinics' upsert: the upsert writes such a clinic even when none of its columns changed (its
 * record did: updated_at moves and the change feed logs it). The staging wrote
 * `exceptions_changed` as "the list is not empty" (right for a clinic with no exceptions
 * stored, a new one too); this corrects it for the clinics that have some, set-based: at
 * 1,000,000 doctors, 266,667 staged clinics against 30,503 stored exceptions take 0.66 s (a
 * correlated subquery per staged clinic took 6.5 s), 100 staged clinics 70 ms.
 */
export async function markChangedExceptions(sql: ImportSql): Promise<void> {
  await sql(`
    UPDATE s_clinics s SET exceptions_changed = s.exceptions IS DISTINCT FROM st.list
      FROM (SELECT e.clinic_id,
                   jsonb_agg(jsonb_build_object('date', e.date, 'ranges', e.ranges, 'reason', e.reason)
                             ORDER BY e.date) AS list
              FROM clinic_hours_exceptions e GROUP BY e.clinic_id) st
      JOIN clinics c ON c.id = st.clinic_id
     WHERE c.source = s.source AND c.source_id = s.source_id`);
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
