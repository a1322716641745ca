import { countOf, ImportSql } from './import-sql';

/**
 * The change log of one import (docs/sync.md): the import's version row, and what it changed,
 * written set-based in the import's own transaction, so a change is visible exactly when the rows
 * it names are. The import holds the seed lock from its start, so versions and the log's sequence
 * numbers are taken in commit order: a reader that saw position n has seen every change up to n.
 *
 * The upserts add their own rows (apply-upserts.ts, from their RETURNING); the doctors are logged
 * here at the end, once (a doctor may be upserted, relinked and expired by one import), with the
 * reviews of the doctors that left or came back to the lists.
 */

/** The import's version, in the statements that log a change. */
export const CHANGE_VERSION = `(SELECT version FROM s_version)`;

/** An INSERT of change rows: `select` gives (type, op, key) per row. */
export const logChanges = (select: string) =>
  `INSERT INTO directory_changes (version, type, op, key) SELECT ${CHANGE_VERSION}, t.type, t.op, t.key FROM (${select}) t`;

/** The interchange keys, as jsonb, of a row of each type (the feed's tombstone keys). */
export const CLINIC_KEY_JSON = (source: string, sourceId: string) =>
  `jsonb_build_object('source', ${source}, 'sourceId', ${sourceId})`;
export const REVIEW_KEY_JSON = CLINIC_KEY_JSON;
export const DOCTOR_KEY_JSON = (cpso: string) => `jsonb_build_object('cpsoNumber', ${cpso})`;
export const OFFERING_KEY_JSON = (
  clinicSource: string,
  clinicSourceId: string,
  specialty: string,
) =>
  `jsonb_build_object('clinic', ${CLINIC_KEY_JSON(clinicSource, clinicSourceId)}, 'specialty', ${specialty})`;

/**
 * Opens the import's version (removed again by closeChangeLog when nothing changed) and the
 * tables the doctor steps fill: s_doctor_before (the staged doctors already in the directory,
 * and whether the lists served them) and s_touched (every doctor written, relinked or expired).
 */
export async function openChangeLog(sql: ImportSql, source: string): Promise<void> {
  await sql(
    `CREATE TEMP TABLE s_version ON COMMIT DROP AS
     WITH prev AS (SELECT last_seq, floor_seq FROM directory_versions ORDER BY version DESC LIMIT 1),
          v AS (INSERT INTO directory_versions (source, last_seq, floor_seq)
                SELECT $1, coalesce((SELECT last_seq FROM prev), 0), coalesce((SELECT floor_seq FROM prev), 0)
                RETURNING version)
     SELECT version FROM v`,
    [`import:${source}`],
  );
  await sql(`
    CREATE TEMP TABLE s_doctor_before ON COMMIT DROP AS
    SELECT d.id, d.expired_at IS NULL AS served FROM doctors d JOIN s_doctors s ON s.cpso_number = d.cpso_number`);
  await sql(`ALTER TABLE s_doctor_before ADD PRIMARY KEY (id)`);
  await sql(`CREATE TEMP TABLE s_touched (doctor_id uuid) ON COMMIT DROP`);
}

/**
 * Logs the doctors written, relinked or expired (an upsert when the lists serve the doctor now, a
 * delete when they served it before and no longer do), and the reviews of the doctors that left
 * or came back to the lists (a review is served with its doctor). Then, when the import changed
 * something, closes its version: its log position, its time, and the retention (change rows older
 * than `retentionDays` go, and the oldest position a cursor may name moves up); otherwise the
 * version is removed. Returns the number of change rows of the version.
 */
export async function closeChangeLog(
  sql: ImportSql,
  changed: boolean,
  retentionDays: number,
): Promise<number> {
  await sql(
    logChanges(`
      SELECT 'doctor' AS type, CASE WHEN d.expired_at IS NULL THEN 'upsert' ELSE 'delete' END AS op,
             ${DOCTOR_KEY_JSON('d.cpso_number')} AS key
        FROM (SELECT DISTINCT doctor_id FROM s_touched) t
        JOIN doctors d ON d.id = t.doctor_id
        LEFT JOIN s_doctor_before b ON b.id = d.id
       WHERE d.expired_at IS NULL OR b.served
       ORDER BY d.cpso_number`),
  );
  await sql(
    logChanges(`
      SELECT 'review' AS type, CASE WHEN d.expired_at IS NULL THEN 'upsert' ELSE 'delete' END AS op,
             ${REVIEW_KEY_JSON('r.source', 'r.source_id')} AS key
        FROM (SELECT DISTINCT doctor_id FROM s_touched) t
        JOIN doctors d ON d.id = t.doctor_id
        JOIN s_doctor_before b ON b.id = d.id
        JOIN reviews r ON r.doctor_id = d.id
       WHERE (d.expired_at IS NULL) <> b.served
       ORDER BY r.source, r.source_id`),
  );
  const rows = await countOf(
    sql,
    `SELECT count(*) AS n FROM directory_changes WHERE version = ${CHANGE_VERSION}`,
  );
  if (!changed && rows === 0) {
    await sql(`DELETE FROM directory_versions WHERE version = ${CHANGE_VERSION}`);
    return 0;
  }
  // The retention: every change of the versions committed before the cutoff goes; a cursor at
  // or after the last of them still reads on without a gap.
  await sql(
    `CREATE TEMP TABLE s_retention ON COMMIT DROP AS
     SELECT coalesce(max(last_seq), 0) AS cut FROM directory_versions
      WHERE committed_at < now() - make_interval(days => $1) AND version <> ${CHANGE_VERSION}`,
    [retentionDays],
  );
  await sql(`DELETE FROM directory_changes WHERE seq <= (SELECT cut FROM s_retention)`);
  await sql(`
    UPDATE directory_versions
       SET last_seq = greatest(last_seq, coalesce((SELECT max(seq) FROM directory_changes), 0)),
           floor_seq = greatest(floor_seq, (SELECT cut FROM s_retention)),
           committed_at = clock_timestamp()
     WHERE version = ${CHANGE_VERSION}`);
  return rows;
}
