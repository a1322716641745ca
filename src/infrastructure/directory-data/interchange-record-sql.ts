import {
  ClinicRecord,
  DoctorRecord,
  OfferingRecord,
  ReviewRecord,
} from '../../domain/directory/interchange';
import { CLINIC_RECORDS } from './clinic-record-sql';
import { afterKey, InterchangeQuery, micros, SyncedType, utcMicros } from './interchange-sql-parts';

/**
 * The interchange records as read from the directory's tables, one query shape per record type:
 * the export (a backup), the bulk snapshot's files and the change feed's upserts all read them
 * here, so the three give the same record for the same row, byte for byte once serialised by
 * ndjson-writer.ts.
 *
 * Each query reads the rows matching a condition (`where`, over the aliases of its FROM), in key
 * order (an index each), optionally after a key (keyset paging: each page costs the same
 * whatever its depth).
 */
export { CLINIC_RECORDS } from './clinic-record-sql';
export type { ClinicRow } from './clinic-record-sql';
export type { InterchangeQuery, SyncedType } from './interchange-sql-parts';

export interface DoctorRow {
  id: string;
  source: string;
  cpso_number: string;
  name: string;
  gender: DoctorRecord['gender'];
  practice_start_year: number;
  specialties: string[];
  languages: string[];
  clinics: { source: string; sourceId: string; primary: boolean }[];
  referral_required: boolean;
  referral_only: boolean;
  booking_phone: string;
  booking_online: string | null;
  synced_at_text: string;
  expired_at_text: string | null;
}

/** Doctors (alias `d`), by CPSO number, with their names and clinic links resolved. */
export const DOCTOR_RECORDS: InterchangeQuery<DoctorRow, DoctorRecord> = {
  type: 'doctor',
  served: 'd.expired_at IS NULL',
  sql: (where, after, limit) =>
    `SELECT d.*, ${utcMicros('d.synced_at')} AS synced_at_text, ${utcMicros('d.expired_at')} AS expired_at_text,
            ARRAY(SELECT s.name FROM unnest(d.specialty_ids) WITH ORDINALITY u(id, o)
                    JOIN specialties s ON s.id = u.id ORDER BY u.o) AS specialties,
            ARRAY(SELECT l.name FROM unnest(d.language_ids) WITH ORDINALITY u(id, o)
                    JOIN languages l ON l.id = u.id ORDER BY u.o) AS languages,
            (SELECT jsonb_agg(jsonb_build_object('source', c.source, 'sourceId', c.source_id,
                                                 'primary', dc.is_primary)
                              ORDER BY dc.is_primary DESC, c.source, c.source_id)
               FROM doctor_clinics dc JOIN clinics c ON c.id = dc.clinic_id
              WHERE dc.doctor_id = d.id) AS clinics
       FROM doctors d
      WHERE (${where}) ${afterKey(['d.cpso_number'], after)}
      ORDER BY d.cpso_number LIMIT ${limit}`,
  keyOf: (r) => [r.cpso_number],
  toRecord: (r) => ({
    type: 'doctor',
    source: r.source,
    cpsoNumber: r.cpso_number,
    id: r.id,
    name: r.name,
    gender: r.gender,
    practiceStartYear: r.practice_start_year,
    specialties: r.specialties,
    languages: r.languages,
    clinics: r.clinics ?? [],
    referralRequired: r.referral_required,
    referralOnly: r.referral_only,
    bookingPhone: r.booking_phone,
    bookingOnline: r.booking_online,
    syncedAt: micros(r.synced_at_text),
    // Only when set: a practising doctor's record reads as it always did.
    ...(r.expired_at_text ? { expiredAt: micros(r.expired_at_text) } : {}),
  }),
};

export interface OfferingRow {
  source: string;
  source_id: string;
  specialty: string;
  name_key: string;
  wait_weeks: number;
}

const OFFERING_KEY = ['c.source', 'c.source_id', 's.name_key'] as const;

/** Offerings (aliases `o`, clinic `c`, specialty `s`), by clinic key and specialty. */
export const OFFERING_RECORDS: InterchangeQuery<OfferingRow, OfferingRecord> = {
  type: 'offering',
  served: 'true',
  sql: (where, after, limit) =>
    `SELECT c.source, c.source_id, s.name AS specialty, s.name_key, o.wait_weeks
       FROM specialist_offerings o JOIN clinics c ON c.id = o.clinic_id
       JOIN specialties s ON s.id = o.specialty_id
      WHERE (${where}) ${afterKey(OFFERING_KEY, after)}
      ORDER BY ${OFFERING_KEY.join(', ')} LIMIT ${limit}`,
  keyOf: (r) => [r.source, r.source_id, r.name_key],
  toRecord: (r) => ({
    type: 'offering',
    source: r.source,
    clinic: { source: r.source, sourceId: r.source_id },
    specialty: r.specialty,
    waitWeeks: r.wait_weeks,
  }),
};

export interface ReviewRow {
  id: string;
  source: string;
  source_id: string;
  cpso_number: string | null;
  clinic_source: string | null;
  clinic_source_id: string | null;
  rating: number;
  punctuality: number | null;
  helpfulness: number | null;
  knowledge: number | null;
  staff: number | null;
  author: string;
  text: string;
  review_date: string;
  source_url: string | null;
}

const REVIEW_KEY = ['r.source', 'r.source_id'] as const;

/** Reviews (alias `r`, its doctor `d` and clinic `c`), by source and source id. */
export const REVIEW_RECORDS: InterchangeQuery<ReviewRow, ReviewRecord> = {
  type: 'review',
  // A review is served with its doctor: an expired doctor's reviews leave the copy with it.
  served: '(r.doctor_id IS NULL OR d.expired_at IS NULL)',
  sql: (where, after, limit) =>
    `SELECT r.id, r.source, r.source_id, d.cpso_number, c.source AS clinic_source,
            c.source_id AS clinic_source_id, r.rating, r.punctuality, r.helpfulness,
            r.knowledge, r.staff, r.author, r.text, to_char(r.review_date, 'YYYY-MM-DD') AS review_date,
            r.source_url
       FROM reviews r
       LEFT JOIN doctors d ON d.id = r.doctor_id
       LEFT JOIN clinics c ON c.id = r.clinic_id
      WHERE (${where}) ${afterKey(REVIEW_KEY, after)}
      ORDER BY ${REVIEW_KEY.join(', ')} LIMIT ${limit}`,
  keyOf: (r) => [r.source, r.source_id],
  toRecord: (r) => ({
    type: 'review',
    source: r.source,
    sourceId: r.source_id,
    id: r.id,
    ...(r.cpso_number
      ? { doctor: r.cpso_number }
      : { clinic: { source: r.clinic_source!, sourceId: r.clinic_source_id! } }),
    rating: r.rating,
    punctuality: r.punctuality,
    helpfulness: r.helpfulness,
    knowledge: r.knowledge,
    staff: r.staff,
    author: r.author,
    text: r.text,
    date: r.review_date,
    sourceUrl: r.source_url,
  }),
};

/** The four record queries, in the order a copy loads them (references first). */
export const RECORD_QUERIES = [
  CLINIC_RECORDS,
  DOCTOR_RECORDS,
  OFFERING_RECORDS,
  REVIEW_RECORDS,
] as unknown as readonly InterchangeQuery<object, SyncedRecord>[];

/** A record of one of the synced types. */
export type SyncedRecord = ClinicRecord | DoctorRecord | OfferingRecord | ReviewRecord;

/** The query of a type. */
export const recordQuery = (type: SyncedType): InterchangeQuery<object, SyncedRecord> =>
  RECORD_QUERIES.find((q) => q.type === type)!;

/** Reads `query`'s rows where `where` in keyset pages of `page` rows, as records. */
export async function* recordPages<Row extends object, Rec>(
  read: (sql: string, values: unknown[]) => Promise<Row[]>,
  query: InterchangeQuery<Row, Rec>,
  where: string,
  values: readonly unknown[],
  page: number,
): AsyncIterable<Rec> {
  let after: string[] | null = null;
  for (;;) {
    const sql = query.sql(where, after ? values.length + 1 : null, page);
    const rows = await read(sql, [...values, ...(after ?? [])]);
    for (const r of rows) yield query.toRecord(r);
    if (rows.length < page) return;
    after = query.keyOf(rows[rows.length - 1]);
  }
}
