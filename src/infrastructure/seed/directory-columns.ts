import { BulkColumn } from './bulk-insert';
import {
  ClinicRow,
  DoctorClinicRow,
  DoctorRow,
  ReviewRow,
  SpecialistOfferingRow,
} from './demo-dataset';
import { DEMO_SOURCE } from './demo-dataset';

const iso = (d: Date | null): string | null => (d === null ? null : d.toISOString());
const pgIntArray = (xs: readonly number[]): string => `{${xs.join(',')}}`;

type Cols<R> = readonly BulkColumn<R>[];
const col = <R>(
  name: string,
  type: string,
  value: BulkColumn<R>['value'],
  cast?: string,
): BulkColumn<R> => ({ name, type, value, cast });

/** Column lists of the directory tables, in the order of the unnest parameters. */
export const CLINIC_COLUMNS: Cols<ClinicRow> = [
  col('id', 'uuid', (r) => r.id),
  col('name', 'text', (r) => r.name),
  col('street_address', 'text', (r) => r.street_address),
  col('city', 'text', (r) => r.city),
  col('neighbourhood', 'text', (r) => r.neighbourhood),
  col('postal_code', 'text', (r) => r.postal_code),
  col('lat', 'float8', (r) => r.lat),
  col('lng', 'float8', (r) => r.lng),
  col('phone', 'text', (r) => r.phone),
  col('website', 'text', (r) => r.website),
  col('type', 'text', (r) => r.type),
  col('hours', 'text', (r) => JSON.stringify(r.hours), 'jsonb'),
  col('weekday_hours', 'text', (r) => r.weekday_hours),
  col('evening', 'boolean', (r) => r.evening),
  col('weekend', 'boolean', (r) => r.weekend),
  col('wheelchair', 'boolean', (r) => r.wheelchair),
  col('virtual_visits', 'boolean', (r) => r.virtual_visits),
  col('near_ttc', 'boolean', (r) => r.near_ttc),
  col('accepting_new_patients', 'boolean', (r) => r.accepting_new_patients),
  col('availability_checked_at', 'timestamptz', (r) => iso(r.availability_checked_at)),
  col('notes', 'text', (r) => r.notes),
  col('links', 'text', (r) => JSON.stringify(r.links), 'jsonb'),
  col('source', 'text', (r) => r.source),
  // Demo clinics are their own source: their id is their source id.
  col('source_id', 'text', (r) => r.id),
];

export const DOCTOR_COLUMNS: Cols<DoctorRow> = [
  col('id', 'uuid', (r) => r.id),
  col('cpso_number', 'text', (r) => r.cpso_number),
  col('name', 'text', (r) => r.name),
  col('gender', 'text', (r) => r.gender),
  col('practice_start_year', 'smallint', (r) => r.practice_start_year),
  col('specialty_ids', 'text', (r) => pgIntArray(r.specialty_ids), 'smallint[]'),
  col('language_ids', 'text', (r) => pgIntArray(r.language_ids), 'smallint[]'),
  col('referral_required', 'boolean', (r) => r.referral_required),
  col('booking_phone', 'text', (r) => r.booking_phone),
  col('booking_online', 'text', (r) => r.booking_online),
  col('referral_only', 'boolean', (r) => r.referral_only),
  col('source', 'text', (r) => r.source),
  col('synced_at', 'timestamptz', (r) => iso(r.synced_at)),
  col('expired_at', 'timestamptz', (r) => iso(r.expired_at)),
];

export const DOCTOR_CLINIC_COLUMNS: Cols<DoctorClinicRow> = [
  col('doctor_id', 'uuid', (r) => r.doctor_id),
  col('clinic_id', 'uuid', (r) => r.clinic_id),
  col('is_primary', 'boolean', (r) => r.is_primary),
];

export const OFFERING_COLUMNS: Cols<SpecialistOfferingRow> = [
  col('clinic_id', 'uuid', (r) => r.clinic_id),
  col('specialty_id', 'smallint', (r) => r.specialty_id),
  col('wait_weeks', 'smallint', (r) => r.wait_weeks),
];

export const REVIEW_COLUMNS: Cols<ReviewRow> = [
  col('id', 'uuid', (r) => r.id),
  col('doctor_id', 'uuid', (r) => r.doctor_id),
  col('clinic_id', 'uuid', (r) => r.clinic_id),
  col('rating', 'smallint', (r) => r.rating),
  col('punctuality', 'smallint', (r) => r.punctuality),
  col('helpfulness', 'smallint', (r) => r.helpfulness),
  col('knowledge', 'smallint', (r) => r.knowledge),
  col('staff', 'smallint', (r) => r.staff),
  col('author', 'text', (r) => r.author),
  col('text', 'text', (r) => r.text),
  col('review_date', 'date', (r) => r.review_date),
  col('source_url', 'text', (r) => r.source_url),
  col('source', 'text', () => DEMO_SOURCE),
  col('source_id', 'text', (r) => r.id),
];
