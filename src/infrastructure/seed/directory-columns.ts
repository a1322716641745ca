import { CopyColumn, copyColumn as col } from '../database/copy-rows';
import {
  ClinicHoursExceptionRow,
  ClinicRow,
  DoctorClinicRow,
  DoctorRow,
  ReviewRow,
  SpecialistOfferingRow,
} from './demo-dataset';
import { DEMO_SOURCE } from './demo-dataset';

const iso = (d: Date | null): string | null => (d === null ? null : d.toISOString());
const pgIntArray = (xs: readonly number[]): string => `{${xs.join(',')}}`;

type Cols<R> = readonly CopyColumn<R>[];

/** Column lists of the directory tables, as the seed's COPY writes them. */
export const CLINIC_COLUMNS: Cols<ClinicRow> = [
  col('id', (r) => r.id),
  col('name', (r) => r.name),
  col('street_address', (r) => r.street_address),
  col('city', (r) => r.city),
  col('neighbourhood', (r) => r.neighbourhood),
  col('postal_code', (r) => r.postal_code),
  col('lat', (r) => r.lat),
  col('lng', (r) => r.lng),
  col('phone', (r) => r.phone),
  col('website', (r) => r.website),
  col('type', (r) => r.type),
  col('hours', (r) => (r.hours === null ? null : JSON.stringify(r.hours))),
  col('weekday_hours', (r) => r.weekday_hours),
  col('evening', (r) => r.evening),
  col('weekend', (r) => r.weekend),
  col('wheelchair', (r) => r.wheelchair),
  col('virtual_visits', (r) => r.virtual_visits),
  col('near_ttc', (r) => r.near_ttc),
  col('accepting_new_patients', (r) => r.accepting_new_patients),
  col('accepting_status', (r) => r.accepting_status),
  col('availability_checked_at', (r) => iso(r.availability_checked_at)),
  col('notes', (r) => r.notes),
  col('links', (r) => JSON.stringify(r.links)),
  col('source', (r) => r.source),
  // Demo clinics are their own source: their id is their source id.
  col('source_id', (r) => r.id),
  col('holiday_policy', (r) => r.holiday_policy),
  col('holiday_ranges', (r) =>
    r.holiday_ranges === null ? null : JSON.stringify(r.holiday_ranges),
  ),
];

export const CLINIC_HOURS_EXCEPTION_COLUMNS: Cols<ClinicHoursExceptionRow> = [
  col('clinic_id', (r) => r.clinic_id),
  col('date', (r) => r.date),
  col('ranges', (r) => (r.ranges === null ? null : JSON.stringify(r.ranges))),
  col('reason', (r) => r.reason),
];

export const DOCTOR_COLUMNS: Cols<DoctorRow> = [
  col('id', (r) => r.id),
  col('cpso_number', (r) => r.cpso_number),
  col('name', (r) => r.name),
  col('gender', (r) => r.gender),
  col('practice_start_year', (r) => r.practice_start_year),
  col('specialty_ids', (r) => pgIntArray(r.specialty_ids)),
  col('language_ids', (r) => pgIntArray(r.language_ids)),
  col('referral_required', (r) => r.referral_required),
  col('booking_phone', (r) => r.booking_phone),
  col('booking_online', (r) => r.booking_online),
  col('referral_only', (r) => r.referral_only),
  col('source', (r) => r.source),
  col('synced_at', (r) => iso(r.synced_at)),
  col('expired_at', (r) => iso(r.expired_at)),
];

export const DOCTOR_CLINIC_COLUMNS: Cols<DoctorClinicRow> = [
  col('doctor_id', (r) => r.doctor_id),
  col('clinic_id', (r) => r.clinic_id),
  col('is_primary', (r) => r.is_primary),
];

export const OFFERING_COLUMNS: Cols<SpecialistOfferingRow> = [
  col('clinic_id', (r) => r.clinic_id),
  col('specialty_id', (r) => r.specialty_id),
  col('wait_weeks', (r) => r.wait_weeks),
];

export const REVIEW_COLUMNS: Cols<ReviewRow> = [
  col('id', (r) => r.id),
  col('doctor_id', (r) => r.doctor_id),
  col('clinic_id', (r) => r.clinic_id),
  col('rating', (r) => r.rating),
  col('punctuality', (r) => r.punctuality),
  col('helpfulness', (r) => r.helpfulness),
  col('knowledge', (r) => r.knowledge),
  col('staff', (r) => r.staff),
  col('author', (r) => r.author),
  col('text', (r) => r.text),
  col('review_date', (r) => r.review_date),
  col('source_url', (r) => r.source_url),
  col('source', () => DEMO_SOURCE),
  col('source_id', (r) => r.id),
];
