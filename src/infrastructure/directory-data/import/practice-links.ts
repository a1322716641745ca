import { countOf, ImportSql } from './import-sql';

/**
 * Practice links: replaced for the doctors whose set of clinics (or primary) changed, found by
 * comparing one sorted signature per doctor (hash joins: linear in the file). Needs the staged
 * doctors' doctor_id. Returns the doctors relinked whose row the doctor upsert did not write
 * (those are counted updated already).
 */
export async function relinkPractices(sql: ImportSql): Promise<number> {
  await sql(`
      CREATE TEMP TABLE s_links ON COMMIT DROP AS
      SELECT s.doctor_id, c.id AS clinic_id, bool_or((r->>'primary')::boolean) AS is_primary
        FROM s_doctors s, jsonb_array_elements(s.clinics) r
        JOIN clinics c ON c.source = r->>'source' AND c.source_id = r->>'sourceId'
       GROUP BY 1, 2`);
  await sql(`
      CREATE TEMP TABLE s_relinked ON COMMIT DROP AS
      SELECT n.doctor_id
        FROM (SELECT doctor_id, array_agg(clinic_id::text || ':' || is_primary ORDER BY clinic_id) AS sig
                FROM s_links GROUP BY doctor_id) n
        LEFT JOIN (SELECT x.doctor_id,
                          array_agg(x.clinic_id::text || ':' || x.is_primary ORDER BY x.clinic_id) AS sig
                     FROM doctor_clinics x JOIN s_doctors s ON s.doctor_id = x.doctor_id
                    GROUP BY x.doctor_id) o USING (doctor_id)
       WHERE o.sig IS DISTINCT FROM n.sig`);
  await sql(`DELETE FROM doctor_clinics x USING s_relinked r WHERE x.doctor_id = r.doctor_id`);
  await sql(`
      INSERT INTO doctor_clinics (doctor_id, clinic_id, is_primary)
      SELECT l.doctor_id, l.clinic_id, l.is_primary FROM s_links l JOIN s_relinked USING (doctor_id)`);
  // Doctors written by the upsert (inserted or updated now) are counted already.
  return countOf(
    sql,
    `
      SELECT count(*) AS n FROM s_relinked r
       WHERE NOT EXISTS (SELECT 1 FROM doctors d WHERE d.id = r.doctor_id AND d.updated_at = now())`,
  );
}
