import { AcceptingStatus } from '../../../domain/clinics/accepting-status';
import { Gender } from '../../../domain/directory/criteria';
import { DoctorRecord } from '../../../domain/doctors/doctor';
import { Review } from '../../../domain/reviews/review';
import { weekOf } from '../clinics/clinic-schedule.sql';
import { ReferenceNames } from '../directory/reference-ids';

export interface DoctorRow {
  id: string;
  cpso_number: string;
  name: string;
  gender: string;
  practice_start_year: number;
  synced_at: Date;
  specialty_ids: number[];
  language_ids: number[];
  clinic_id: string;
  clinic_name: string;
  clinic_address: string;
  lat: number;
  lng: number;
  phone: string;
  accepting_new_patients: boolean;
  accepting_status: AcceptingStatus;
  availability_checked_at: Date | null;
  /** The clinic's stored week (clinics.hours, either stored form; null: unknown). */
  clinic_hours: unknown;
  /** Open at the read's moment; null (or absent) when unknown or not asked. */
  open_now?: boolean | null;
}

export interface ReviewRow {
  author: string;
  rating: number;
  text: string;
  date: string;
  source_url: string | null;
  /** Only in keyset-paged lists. */
  id?: string;
}

export function toDoctorRecord(r: DoctorRow, names: ReferenceNames): DoctorRecord {
  return {
    id: r.id,
    cpsoNumber: r.cpso_number,
    name: r.name,
    gender: r.gender as Gender,
    practiceStartYear: r.practice_start_year,
    specialties: names.specialties(r.specialty_ids),
    languages: names.languages(r.language_ids),
    syncedAt: r.synced_at,
    clinic: {
      id: r.clinic_id,
      name: r.clinic_name,
      address: r.clinic_address,
      lat: r.lat,
      lng: r.lng,
      phone: r.phone,
      acceptingNewPatients: r.accepting_new_patients,
      acceptingStatus: r.accepting_status,
      availabilityCheckedAt: r.availability_checked_at,
      openNow: r.open_now ?? null,
      week: weekOf(r.clinic_hours),
    },
  };
}

export function toReview(r: ReviewRow): Review {
  return {
    author: r.author,
    rating: r.rating,
    text: r.text,
    date: r.date,
    sourceUrl: r.source_url,
  };
}

/**
 * The reviews of `subject` (whose id the reviews' `column` holds), newest first on the reviews'
 * index, as a JSON array of ReviewRow; `limit` and `offset` are SQL (parameters or numbers).
 */
export function reviewsJsonSql(
  subject: string,
  column: string,
  limit: string,
  offset = '0',
  keyset?: { after?: { date: string; id: string } },
): string {
  // Keyset paging (a list of reviews): each review's id too (the cursor's key is (date, id)),
  // and after a cursor only the reviews older than its review, a range of the reviews' index.
  const id = keyset ? `, 'id', r.id` : '';
  const after = keyset?.after;
  const past = after ? ` AND (r.review_date, r.id) < (${after.date}::date, ${after.id}::uuid)` : '';
  return `COALESCE((SELECT json_agg(json_build_object(
                    'author', r.author, 'rating', r.rating, 'text', r.text,
                    'date', r.review_date::text, 'source_url', r.source_url${id})
                    ORDER BY r.review_date DESC, r.id DESC)
                FROM (SELECT * FROM reviews r WHERE r.${column} = ${subject}.id${past}
                       ORDER BY r.review_date DESC, r.id DESC LIMIT ${limit} OFFSET ${offset}) r), '[]'::json)`;
}
