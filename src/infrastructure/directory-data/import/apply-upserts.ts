import { ApplyCounts } from '../../../application/directory-data/directory-import.ports';
import { CLINIC_KEY_JSON, logChanges, OFFERING_KEY_JSON, REVIEW_KEY_JSON } from './change-log';
import { EXCEPTIONS_CHANGED, markChangedExceptions, replaceExceptions } from './hours-exceptions';
import { countOf, ImportSql } from './import-sql';
import { relinkPractices } from './practice-links';

type Written = { inserted: number; updated: number };

/** `col = EXCLUDED.col, ...` for an upsert's update. */
const set = (cols: string) =>
  cols
    .split(',')
    .map((c) => c.trim())
    .map((c) => `${c} = EXCLUDED.${c}`)
    .join(', ');

/** The row is updated only when one of the columns changes (a same file writes nothing). */
const distinct = (alias: string, cols: string) =>
  `(${cols
    .split(',')
    .map((c) => `${alias}.${c.trim()}`)
    .join(', ')}) IS DISTINCT FROM (${cols
    .split(',')
    .map((c) => `EXCLUDED.${c.trim()}`)
    .join(', ')})`;

/**
 * Runs an upsert that ends with `RETURNING (xmax = 0) AS inserted` in a CTE `up`; the CTEs after
 * it log the rows written (change-log.ts): only rows that changed are written, so only those are
 * logged.
 */
async function upsert(sql: ImportSql, statement: string): Promise<Written> {
  const r = (await sql(statement)).rows[0] as { inserted: string; updated: string };
  return { inserted: Number(r.inserted), updated: Number(r.updated) };
}
const COUNT_UP = `SELECT count(*) FILTER (WHERE inserted) AS inserted, count(*) FILTER (WHERE NOT inserted) AS updated FROM up`;

const CLINIC_COLS = `name, street_address, city, neighbourhood, postal_code, lat, lng, phone,
      website, type, hours, weekday_hours, evening, weekend, wheelchair, virtual_visits, near_ttc,
      accepting_new_patients, accepting_status, availability_checked_at, notes, links,
      holiday_policy, holiday_ranges`;

/**
 * Clinics, then their exceptions (hours-exceptions.ts): a clinic is written, and logged, when a
 * column or its list of exceptions changed.
 */
async function upsertClinics(sql: ImportSql): Promise<Written> {
  await markChangedExceptions(sql);
  const written = await upsert(
    sql,
    `
      WITH up AS (
        INSERT INTO clinics AS c (id, source, source_id, ${CLINIC_COLS})
        SELECT COALESCE(s.id, gen_random_uuid()), s.source, s.source_id, ${CLINIC_COLS.replace(/(\w+)/g, 's.$1')}
          FROM s_clinics s
        ON CONFLICT (source, source_id) DO UPDATE SET ${set(CLINIC_COLS)}, updated_at = now()
          WHERE ${distinct('c', CLINIC_COLS)} OR ${EXCEPTIONS_CHANGED}
        RETURNING (xmax = 0) AS inserted, c.source, c.source_id),
      logged AS (${logChanges(`SELECT 'clinic' AS type, 'upsert' AS op, ${CLINIC_KEY_JSON('source', 'source_id')} AS key FROM up`)})
      ${COUNT_UP}`,
  );
  await sql(
    `UPDATE s_clinics s SET clinic_id = c.id FROM clinics c WHERE c.source = s.source AND c.source_id = s.source_id`,
  );
  await replaceExceptions(sql);
  return written;
}

const DOCTOR_COLS = `name, gender, practice_start_year, specialty_ids, language_ids,
      referral_required, referral_only, booking_phone, booking_online, source, expired_at`;

async function upsertDoctors(sql: ImportSql): Promise<Written> {
  // syncedAt, when the record gives it, is compared too; otherwise the import time is written
  // only when something else changed.
  const written = await upsert(
    sql,
    `
      WITH up AS (
        INSERT INTO doctors AS d (id, cpso_number, ${DOCTOR_COLS}, synced_at)
        SELECT COALESCE(s.id, gen_random_uuid()), s.cpso_number, s.name, s.gender,
               s.practice_start_year, s.specialty_ids, s.language_ids, s.referral_required,
               s.referral_only, s.booking_phone, s.booking_online, s.source, s.expired_at,
               COALESCE(s.synced_at, now())
          FROM s_doctors s
        ON CONFLICT (cpso_number) DO UPDATE SET ${set(DOCTOR_COLS)}, synced_at = EXCLUDED.synced_at,
               updated_at = now()
          WHERE ${distinct('d', DOCTOR_COLS)}
             OR (d.synced_at IS DISTINCT FROM EXCLUDED.synced_at
                 AND (SELECT s2.synced_at FROM s_doctors s2 WHERE s2.cpso_number = d.cpso_number) IS NOT NULL)
        RETURNING d.id, (xmax = 0) AS inserted),
      touched AS (INSERT INTO s_touched (doctor_id) SELECT id FROM up)
      ${COUNT_UP}`,
  );
  await sql(
    `UPDATE s_doctors s SET doctor_id = d.id FROM doctors d WHERE d.cpso_number = s.cpso_number`,
  );
  return written;
}

function upsertOfferings(sql: ImportSql): Promise<Written> {
  return upsert(
    sql,
    `
      WITH up AS (
        INSERT INTO specialist_offerings AS o (clinic_id, specialty_id, wait_weeks)
        SELECT c.id, t.id, s.wait_weeks FROM s_offerings s
          JOIN clinics c ON c.source = s.clinic_source AND c.source_id = s.clinic_source_id
          JOIN specialties t ON t.name_key = lower(s.specialty)
        ON CONFLICT (clinic_id, specialty_id) DO UPDATE SET wait_weeks = EXCLUDED.wait_weeks
          WHERE o.wait_weeks IS DISTINCT FROM EXCLUDED.wait_weeks
        RETURNING (xmax = 0) AS inserted, o.clinic_id, o.specialty_id),
      logged AS (${logChanges(`
        SELECT 'offering' AS type, 'upsert' AS op,
               ${OFFERING_KEY_JSON('c.source', 'c.source_id', 't.name')} AS key
          FROM up JOIN clinics c ON c.id = up.clinic_id JOIN specialties t ON t.id = up.specialty_id`)})
      ${COUNT_UP}`,
  );
}

const REVIEW_COLS = `doctor_id, clinic_id, rating, punctuality, helpfulness, knowledge, staff,
      author, text, review_date, source_url`;

function upsertReviews(sql: ImportSql): Promise<Written> {
  return upsert(
    sql,
    `
      WITH up AS (
        INSERT INTO reviews AS r (id, source, source_id, ${REVIEW_COLS})
        SELECT COALESCE(s.id, gen_random_uuid()), s.source, s.source_id, d.id, c.id, s.rating,
               s.punctuality, s.helpfulness, s.knowledge, s.staff, s.author, s.text,
               s.review_date, s.source_url
          FROM s_reviews s
          LEFT JOIN doctors d ON d.cpso_number = s.doctor_cpso
          LEFT JOIN clinics c ON c.source = s.clinic_source AND c.source_id = s.clinic_source_id
        ON CONFLICT (source, source_id) DO UPDATE SET ${set(REVIEW_COLS)}
          WHERE ${distinct('r', REVIEW_COLS)}
        RETURNING (xmax = 0) AS inserted, r.source, r.source_id),
      logged AS (${logChanges(`SELECT 'review' AS type, 'upsert' AS op, ${REVIEW_KEY_JSON('source', 'source_id')} AS key FROM up`)})
      ${COUNT_UP}`,
  );
}

/**
 * Upserts what the checks left staged, in the order references need (clinics, doctors and their
 * practice links, offerings, reviews). Rows that did not change are not written (IS DISTINCT
 * FROM), so a second import of the same file reports everything unchanged. `newNames` are the
 * catalogue names the file declared and the checks added (inserted, not staged rows).
 */
export async function applyUpserts(
  sql: ImportSql,
  newNames: number,
): Promise<Omit<ApplyCounts, 'rejected' | 'expired' | 'removed'>> {
  const staged = (t: string) => countOf(sql, `SELECT count(*) AS n FROM ${t}`);
  const names = await staged('s_names');
  const total =
    names +
    (await staged('s_clinics')) +
    (await staged('s_doctors')) +
    (await staged('s_offerings')) +
    (await staged('s_reviews'));

  const clinics = await upsertClinics(sql);
  const doctors = await upsertDoctors(sql);
  const relinked = await relinkPractices(sql);
  await sql(`INSERT INTO s_touched (doctor_id) SELECT doctor_id FROM s_relinked`);
  const offerings = await upsertOfferings(sql);
  const reviews = await upsertReviews(sql);

  const inserted =
    newNames + clinics.inserted + doctors.inserted + offerings.inserted + reviews.inserted;
  const updated =
    clinics.updated + doctors.updated + relinked + offerings.updated + reviews.updated;
  return { inserted, updated, unchanged: total - inserted - updated };
}
