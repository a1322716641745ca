import { ImportSql } from './import-sql';

/**
 * --snapshot: the file is the whole source, so the source's doctors absent from it (and not
 * merely refused in it) are expired. Returns the doctors expired now.
 */
export async function expireAbsentDoctors(sql: ImportSql, source: string): Promise<number> {
  const r = await sql(
    `UPDATE doctors d SET expired_at = now(), updated_at = now()
          WHERE d.source = $1 AND d.expired_at IS NULL
            AND NOT EXISTS (SELECT 1 FROM s_doctors s WHERE s.cpso_number = d.cpso_number)
            AND NOT EXISTS (SELECT 1 FROM s_rejected x WHERE x.cpso_number = d.cpso_number)`,
    [source],
  );
  return r.rowCount ?? 0;
}
