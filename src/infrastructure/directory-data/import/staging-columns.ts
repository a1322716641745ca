import { WEEKDAYS } from '../../../domain/clinics/clinic-hours';
import {
  CanonicalClinicRecord,
  canonicalClinic,
  ClinicRecord,
  deriveClinic,
  DerivedClinic,
  DoctorRecord,
  NameRecord,
  OfferingRecord,
  ReviewRecord,
} from '../../../domain/directory/interchange';
import { CopyColumn, copyColumn as col } from '../../database/copy-rows';

/** A record as it is staged: with the line of the file it came from. */
export type Staged<R> = { line: number; r: R };
type Col<R> = CopyColumn<R>;
const json = (v: unknown) => JSON.stringify(v);

/** A staged clinic's canonical record and derived columns, computed once per record. */
const stagedClinics = new WeakMap<ClinicRecord, { c: CanonicalClinicRecord; d: DerivedClinic }>();
function clinic(r: ClinicRecord) {
  let v = stagedClinics.get(r);
  if (!v) {
    const c = canonicalClinic(r);
    v = { c, d: deriveClinic(c.hours, c.lat, c.lng) };
    stagedClinics.set(r, v);
  }
  return v;
}

/** Hours as stored: the interchange's ranges per weekday, sorted, or null (unknown). */
function storedHours(c: CanonicalClinicRecord) {
  return c.hours === null ? null : json(Object.fromEntries(WEEKDAYS.map((d) => [d, c.hours![d]])));
}

/** The holiday policy's columns: `closed`, `regular`, or `hours` with the ranges. */
function holidayPolicy(c: CanonicalClinicRecord): 'closed' | 'regular' | 'hours' {
  return typeof c.holidayHours === 'string' ? c.holidayHours : 'hours';
}

/** The exceptions as the change check compares them: {date, ranges (null: closed), reason}. */
function stagedExceptions(c: CanonicalClinicRecord): string {
  return json(
    c.hoursExceptions.map((e) => ({
      date: e.date,
      ranges: 'ranges' in e ? e.ranges : null,
      reason: e.reason ?? null,
    })),
  );
}

/**
 * The COPY columns of s_clinics: the record in its canonical form (interchange-clinic.ts), its
 * derived flags, its hours as stored, its holiday policy, its status and its exceptions.
 */
export const CLINIC_COLUMNS: Col<Staged<ClinicRecord>>[] = [
  col('line', (x) => x.line),
  col('source', (x) => x.r.source),
  col('source_id', (x) => x.r.sourceId),
  col('id', (x) => x.r.id ?? null),
  col('name', (x) => x.r.name),
  col('street_address', (x) => x.r.streetAddress),
  col('city', (x) => x.r.city),
  col('neighbourhood', (x) => x.r.neighbourhood ?? null),
  col('postal_code', (x) => x.r.postalCode),
  col('lat', (x) => x.r.lat),
  col('lng', (x) => x.r.lng),
  col('phone', (x) => x.r.phone),
  col('website', (x) => x.r.website ?? null),
  col('type', (x) => x.r.clinicType),
  col('hours', (x) => storedHours(clinic(x.r).c)),
  col('weekday_hours', (x) => clinic(x.r).d.weekdayHours),
  col('evening', (x) => clinic(x.r).d.evening),
  col('weekend', (x) => clinic(x.r).d.weekend),
  col('wheelchair', (x) => x.r.wheelchair),
  col('virtual_visits', (x) => x.r.virtualVisits),
  col('near_ttc', (x) => clinic(x.r).d.nearTtc),
  col('accepting_new_patients', (x) => clinic(x.r).c.acceptingNewPatients),
  col('accepting_status', (x) => clinic(x.r).c.acceptingStatus),
  col('availability_checked_at', (x) => x.r.availabilityCheckedAt),
  col('notes', (x) => x.r.notes ?? null),
  col('links', (x) => json(x.r.links ?? [])),
  col('holiday_policy', (x) => holidayPolicy(clinic(x.r).c)),
  col('holiday_ranges', (x) => {
    const h = clinic(x.r).c.holidayHours;
    return typeof h === 'string' ? null : json(h);
  }),
  col('exceptions', (x) => stagedExceptions(clinic(x.r).c)),
  // Corrected by markChangedExceptions for the clinics that have exceptions stored.
  col('exceptions_changed', (x) => clinic(x.r).c.hoursExceptions.length > 0),
];

/** The COPY columns of s_doctors: names and clinic references as JSON, resolved by the checks. */
export const DOCTOR_COLUMNS: Col<Staged<DoctorRecord>>[] = [
  col('line', (x) => x.line),
  col('source', (x) => x.r.source),
  col('cpso_number', (x) => x.r.cpsoNumber),
  col('id', (x) => x.r.id ?? null),
  col('name', (x) => x.r.name),
  col('gender', (x) => x.r.gender),
  col('practice_start_year', (x) => x.r.practiceStartYear),
  col('specialties', (x) => json(x.r.specialties)),
  col('languages', (x) => json(x.r.languages)),
  col('clinics', (x) => json(x.r.clinics.map((c) => ({ ...c, source: c.source ?? x.r.source })))),
  col('referral_required', (x) => x.r.referralRequired),
  col('referral_only', (x) => x.r.referralOnly),
  col('booking_phone', (x) => x.r.bookingPhone),
  col('booking_online', (x) => x.r.bookingOnline ?? null),
  col('synced_at', (x) => x.r.syncedAt ?? null),
  col('expired_at', (x) => x.r.expiredAt ?? null),
];

/** The COPY columns of s_offerings (a clinic without a source is the record's own source). */
export const OFFERING_COLUMNS: Col<Staged<OfferingRecord>>[] = [
  col('line', (x) => x.line),
  col('source', (x) => x.r.source),
  col('clinic_source', (x) => x.r.clinic.source ?? x.r.source),
  col('clinic_source_id', (x) => x.r.clinic.sourceId),
  col('specialty', (x) => x.r.specialty),
  col('wait_weeks', (x) => x.r.waitWeeks),
];

/** The COPY columns of s_names: `specialty` and `language` records, kind named as their table. */
export const NAME_COLUMNS: Col<Staged<NameRecord>>[] = [
  col('line', (x) => x.line),
  col('kind', (x) => (x.r.type === 'specialty' ? 'specialties' : 'languages')),
  col('name', (x) => x.r.name),
  col('aliases', (x) => (x.r.aliases ? json(x.r.aliases) : null)),
];

/** The COPY columns of s_reviews: the doctor and clinic by their keys, resolved when applied. */
export const REVIEW_COLUMNS: Col<Staged<ReviewRecord>>[] = [
  col('line', (x) => x.line),
  col('source', (x) => x.r.source),
  col('source_id', (x) => x.r.sourceId),
  col('id', (x) => x.r.id ?? null),
  col('doctor_cpso', (x) => x.r.doctor ?? null),
  col('clinic_source', (x) => (x.r.clinic ? (x.r.clinic.source ?? x.r.source) : null)),
  col('clinic_source_id', (x) => x.r.clinic?.sourceId ?? null),
  col('rating', (x) => x.r.rating),
  col('punctuality', (x) => x.r.punctuality ?? null),
  col('helpfulness', (x) => x.r.helpfulness ?? null),
  col('knowledge', (x) => x.r.knowledge ?? null),
  col('staff', (x) => x.r.staff ?? null),
  col('author', (x) => x.r.author),
  col('text', (x) => x.r.text),
  col('review_date', (x) => x.r.date),
  col('source_url', (x) => x.r.sourceUrl ?? null),
];
