import { DataSource } from 'typeorm';
import { DirectoryExporter } from '../../application/directory-data/directory-export';
import { WEEKDAYS } from '../../domain/clinics/clinic-hours';
import {
  ClinicRecord,
  DirectoryRecord,
  DoctorRecord,
  MultiRangeHours,
  OfferingRecord,
  ReviewRecord,
} from '../../domain/directory/interchange';

const PAGE = 2_000;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
/**
 * A timestamptz to the microsecond, in SQL: the import stamps now() (microseconds), which a JS
 * Date would cut to milliseconds, so a re-import would change it. `micros` writes it as
 * toISOString does when the microseconds are whole milliseconds (the usual case).
 */
const utcMicros = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const micros = (text: string) => (text.endsWith('000Z') ? `${text.slice(0, -4)}Z` : text);

/** Hours as stored (the demo's one range or null a day, or an import's ranges) as ranges. */
function ranges(hours: Record<string, unknown>): MultiRangeHours {
  const out: Record<string, { open: string; close: string }[]> = {};
  for (const d of WEEKDAYS) {
    const v = hours[d];
    out[d] = Array.isArray(v)
      ? (v as { open: string; close: string }[])
      : v && typeof v === 'object'
        ? [v as { open: string; close: string }]
        : [];
  }
  return out as unknown as MultiRangeHours;
}

/**
 * Reads the directory in keyset pages (a constant number of rows in memory) and yields the same
 * interchange records an import takes: an export imported into an empty database answers the
 * API identically.
 */
export class PgDirectoryExporter extends DirectoryExporter {
  constructor(private readonly ds: DataSource) {
    super();
  }

  async *records(source?: string): AsyncIterable<DirectoryRecord> {
    // The catalogues first (in id order, so an import into an empty database gives the same ids),
    // under the export's source (the directory's main source when the export is whole).
    const [main] = await this.ds.query<{ source: string }[]>(
      `SELECT source FROM doctors GROUP BY source ORDER BY count(*) DESC, source LIMIT 1`,
    );
    const nameSource = source ?? main?.source ?? 'catalogue';
    for (const [table, type] of [
      ['specialties', 'specialty'],
      ['languages', 'language'],
    ] as const) {
      const rows = await this.ds.query<{ name: string }[]>(`SELECT name FROM ${table} ORDER BY id`);
      for (const r of rows) yield { type, source: nameSource, name: r.name };
    }
    yield* this.clinics(source);
    yield* this.doctors(source);
    yield* this.offerings(source);
    yield* this.reviews(source);
  }

  async count(source?: string): Promise<number> {
    const [row] = await this.ds.query<{ n: number }[]>(
      `SELECT (SELECT count(*) FROM specialties) + (SELECT count(*) FROM languages)
            + (SELECT count(*) FROM clinics c WHERE $1::text IS NULL OR c.source = $1)
            + (SELECT count(*) FROM doctors d WHERE $1::text IS NULL OR d.source = $1)
            + (SELECT count(*) FROM specialist_offerings o JOIN clinics c ON c.id = o.clinic_id
                WHERE $1::text IS NULL OR c.source = $1)
            + (SELECT count(*) FROM reviews r WHERE $1::text IS NULL OR r.source = $1) AS n`,
      [source ?? null],
    );
    return Number(row.n);
  }

  /**
   * Keyset pages: `sql(after)` reads the rows after the key `after` (null: from the start) in key
   * order, on an index, so each page costs the same whatever its depth.
   */
  private async *pages<R extends object>(
    sql: (after: string[] | null) => [string, unknown[]],
    keyOf: (row: R) => string[],
  ): AsyncIterable<R> {
    let after: string[] | null = null;
    for (;;) {
      const [text, values] = sql(after);
      const rows = await this.ds.query<R[]>(text, values);
      for (const r of rows) yield r;
      if (rows.length < PAGE) return;
      after = keyOf(rows[rows.length - 1]);
    }
  }

  private async *clinics(source?: string): AsyncIterable<ClinicRecord> {
    type Row = {
      id: string;
      source: string;
      source_id: string;
      name: string;
      street_address: string;
      city: string;
      neighbourhood: string | null;
      postal_code: string;
      lat: number;
      lng: number;
      phone: string;
      website: string | null;
      type: string;
      hours: Record<string, unknown>;
      wheelchair: boolean;
      virtual_visits: boolean;
      accepting_new_patients: boolean;
      availability_checked_at: Date | null;
      notes: string | null;
      links: { label: string; url: string }[];
    };
    for await (const r of this.pages<Row>(
      (after) => [
        `SELECT c.* FROM clinics c
          WHERE ($1::text IS NULL OR c.source = $1)
            ${after ? 'AND (c.source, c.source_id) > ($2, $3)' : ''}
          ORDER BY c.source, c.source_id LIMIT ${PAGE}`,
        [source ?? null, ...(after ?? [])],
      ],
      (r) => [r.source, r.source_id],
    )) {
      yield {
        type: 'clinic',
        source: r.source,
        sourceId: r.source_id,
        id: r.id,
        name: r.name,
        streetAddress: r.street_address,
        city: r.city,
        neighbourhood: r.neighbourhood,
        postalCode: r.postal_code,
        lat: r.lat,
        lng: r.lng,
        phone: r.phone,
        website: r.website,
        clinicType: r.type,
        hours: ranges(r.hours),
        wheelchair: r.wheelchair,
        virtualVisits: r.virtual_visits,
        acceptingNewPatients: r.accepting_new_patients,
        availabilityCheckedAt: iso(r.availability_checked_at),
        notes: r.notes,
        links: r.links,
      };
    }
  }

  private async *doctors(source?: string): AsyncIterable<DoctorRecord> {
    type Row = {
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
    };
    for await (const r of this.pages<Row>(
      (after) => [
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
        WHERE ($1::text IS NULL OR d.source = $1)
          ${after ? 'AND d.cpso_number > $2' : ''}
        ORDER BY d.cpso_number LIMIT ${PAGE}`,
        [source ?? null, ...(after ?? [])],
      ],
      (r) => [r.cpso_number],
    )) {
      yield {
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
      };
    }
  }

  private async *offerings(source?: string): AsyncIterable<OfferingRecord> {
    type Row = { source: string; source_id: string; specialty: string; wait_weeks: number };
    type Keyed = Row & { name_key: string };
    for await (const r of this.pages<Keyed>(
      (after) => [
        `SELECT c.source, c.source_id, s.name AS specialty, s.name_key, o.wait_weeks
           FROM specialist_offerings o JOIN clinics c ON c.id = o.clinic_id
           JOIN specialties s ON s.id = o.specialty_id
          WHERE ($1::text IS NULL OR c.source = $1)
            ${after ? 'AND (c.source, c.source_id, s.name_key) > ($2, $3, $4)' : ''}
          ORDER BY c.source, c.source_id, s.name_key LIMIT ${PAGE}`,
        [source ?? null, ...(after ?? [])],
      ],
      (r) => [r.source, r.source_id, r.name_key],
    )) {
      yield {
        type: 'offering',
        source: r.source,
        clinic: { source: r.source, sourceId: r.source_id },
        specialty: r.specialty,
        waitWeeks: r.wait_weeks,
      };
    }
  }

  private async *reviews(source?: string): AsyncIterable<ReviewRecord> {
    type Row = {
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
    };
    for await (const r of this.pages<Row>(
      (after) => [
        `SELECT r.id, r.source, r.source_id, d.cpso_number, c.source AS clinic_source,
              c.source_id AS clinic_source_id, r.rating, r.punctuality, r.helpfulness,
              r.knowledge, r.staff, r.author, r.text, to_char(r.review_date, 'YYYY-MM-DD') AS review_date,
              r.source_url
         FROM reviews r
         LEFT JOIN doctors d ON d.id = r.doctor_id
         LEFT JOIN clinics c ON c.id = r.clinic_id
        WHERE ($1::text IS NULL OR r.source = $1)
          ${after ? 'AND (r.source, r.source_id) > ($2, $3)' : ''}
        ORDER BY r.source, r.source_id LIMIT ${PAGE}`,
        [source ?? null, ...(after ?? [])],
      ],
      (r) => [r.source, r.source_id],
    )) {
      yield {
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
      };
    }
  }
}
