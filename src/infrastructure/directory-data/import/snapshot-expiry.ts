import { CLINIC_KEY_JSON, logChanges, OFFERING_KEY_JSON, REVIEW_KEY_JSON } from './change-log';
import { countOf, ImportSql } from './import-sql';

/**
 * --snapshot: the file is the whole source, so the source's doctors absent from it (and not
 * merely refused in it) are expired. Returns the doctors expired now. They are logged as touched,
 * served until now (change-log.ts writes their tombstones and their reviews').
 */
export async function expireAbsentDoctors(sql: ImportSql, source: string): Promise<number> {
  return countOf(
    sql,
    `WITH ex AS (
       UPDATE doctors d SET expired_at = now(), updated_at = now()
          WHERE d.source = $1 AND d.expired_at IS NULL
            AND NOT EXISTS (SELECT 1 FROM s_doctors s WHERE s.cpso_number = d.cpso_number)
            AND NOT EXISTS (SELECT 1 FROM s_rejected x WHERE x.cpso_number = d.cpso_number)
        RETURNING d.id),
     before AS (INSERT INTO s_doctor_before (id, served) SELECT id, true FROM ex),
     touched AS (INSERT INTO s_touched (doctor_id) SELECT id FROM ex)
     SELECT count(*) AS n FROM ex`,
    [source],
  );
}

/** Not refused in the file: a refused record keeps its row (the report says why). */
const notRefused = (key: string) =>
  `NOT EXISTS (SELECT 1 FROM s_rejected x WHERE lower(x.key) = lower(${key}))`;

/**
 * --snapshot: the source's reviews, offerings and clinics absent from the file (and not refused
 * in it) are removed, each logged as a delete. Kept: the reviews of expired doctors (kept with
 * their doctor, as the doctor is), and a clinic that a doctor (practising or expired) still links
 * to, or that a review or an offering of the file or the directory still refers to. Returns the
 * rows removed.
 */
export async function removeAbsentRecords(sql: ImportSql, source: string): Promise<number> {
  const reviews = await countOf(
    sql,
    `WITH gone AS (
       DELETE FROM reviews r
        WHERE r.source = $1
          AND NOT EXISTS (SELECT 1 FROM s_reviews s WHERE s.source = r.source AND s.source_id = r.source_id)
          AND ${notRefused(`'review:' || r.source || '/' || r.source_id`)}
          AND (r.doctor_id IS NULL
               OR EXISTS (SELECT 1 FROM doctors d WHERE d.id = r.doctor_id AND d.expired_at IS NULL))
        RETURNING r.source, r.source_id),
     logged AS (${logChanges(`SELECT 'review' AS type, 'delete' AS op, ${REVIEW_KEY_JSON('source', 'source_id')} AS key FROM gone`)})
     SELECT count(*) AS n FROM gone`,
    [source],
  );
  const offerings = await countOf(
    sql,
    `WITH gone AS (
       DELETE FROM specialist_offerings o USING clinics c, specialties t
        WHERE c.id = o.clinic_id AND t.id = o.specialty_id AND c.source = $1
          AND NOT EXISTS (SELECT 1 FROM s_offerings s
                           WHERE s.clinic_source = c.source AND s.clinic_source_id = c.source_id
                             AND lower(s.specialty) = t.name_key)
          AND ${notRefused(`'offering:' || c.source || '/' || c.source_id || '/' || t.name`)}
        RETURNING c.source, c.source_id, t.name),
     logged AS (${logChanges(`SELECT 'offering' AS type, 'delete' AS op, ${OFFERING_KEY_JSON('source', 'source_id', 'name')} AS key FROM gone`)})
     SELECT count(*) AS n FROM gone`,
    [source],
  );
  const clinics = await countOf(
    sql,
    `WITH gone AS (
       DELETE FROM clinics c
        WHERE c.source = $1
          AND NOT EXISTS (SELECT 1 FROM s_clinics s WHERE s.source = c.source AND s.source_id = c.source_id)
          AND ${notRefused(`'clinic:' || c.source || '/' || c.source_id`)}
          AND NOT EXISTS (SELECT 1 FROM doctor_clinics dc WHERE dc.clinic_id = c.id)
          AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.clinic_id = c.id)
          AND NOT EXISTS (SELECT 1 FROM specialist_offerings o WHERE o.clinic_id = c.id)
        RETURNING c.source, c.source_id),
     logged AS (${logChanges(`SELECT 'clinic' AS type, 'delete' AS op, ${CLINIC_KEY_JSON('source', 'source_id')} AS key FROM gone`)})
     SELECT count(*) AS n FROM gone`,
    [source],
  );
  return reviews + offerings + clinics;
}
