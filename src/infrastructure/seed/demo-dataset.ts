import { AcceptingStatus } from '../../domain/clinics/accepting-status';
import { DayHours, Weekday } from '../../domain/clinics/clinic-hours';
import { DemoClinicType } from './catalogues';

/** Written into every `source` column: nobody should mistake the demo rows for real ones. */
export const DEMO_SOURCE = 'synthetic-demo:v1 (not real data)';

/** Synthetic CPSO-like numbers start here: real CPSO numbers are 5-6 digits well below it. */
export const SYNTHETIC_CPSO_START = 900_000;

export type DemoGender = 'male' | 'female' | 'non-binary';

export interface SpecialtyRow {
  id: number;
  name: string;
}

export interface LanguageRow {
  id: number;
  name: string;
}

export interface ClinicLink {
  label: string;
  url: string;
}

/**
 * A day of a demo clinic's stored hours: one `{open, close}`, or the import's form, a list of
 * ranges (a clinic that closes at lunch stores its whole week so: `[]` for a closed day); null:
 * closed. Both are read alike (clinic-schedule.sql.ts `weekOf`, the SQL `hours_day_minutes`).
 */
export type DemoDayHours = DayHours | readonly DayHours[] | null;

/** A demo clinic's week as stored in `clinics.hours`. */
export type DemoWeeklyHours = Record<Weekday, DemoDayHours>;

/** One row of `clinics` (without the generated and housekeeping columns). */
export interface ClinicRow {
  id: string;
  name: string;
  street_address: string;
  city: string;
  neighbourhood: string | null;
  postal_code: string;
  lat: number;
  lng: number;
  phone: string;
  website: string | null;
  type: DemoClinicType;
  /** Null: the clinic's hours are unknown (weekday_hours "unknown", neither evening nor weekend). */
  hours: DemoWeeklyHours | null;
  weekday_hours: string;
  evening: boolean;
  weekend: boolean;
  wheelchair: boolean;
  virtual_visits: boolean;
  near_ttc: boolean;
  accepting_new_patients: boolean;
  /** The graded status: `accepting` exactly when accepting_new_patients. */
  accepting_status: AcceptingStatus;
  availability_checked_at: Date | null;
  notes: string | null;
  links: ClinicLink[];
  source: string;
  holiday_policy: HolidayPolicyColumn;
  /** The holiday hours, exactly when holiday_policy is `hours`. */
  holiday_ranges: { open: string; close: string }[] | null;
}

/** What a clinic does on Ontario's public holidays (clinics.holiday_policy). */
export type HolidayPolicyColumn = 'closed' | 'regular' | 'hours';

/** One row of `clinic_hours_exceptions`: closed all day (`ranges` null) or these hours. */
export interface ClinicHoursExceptionRow {
  clinic_id: string;
  /** YYYY-MM-DD, Toronto */
  date: string;
  ranges: { open: string; close: string }[] | null;
  reason: string | null;
}

/** One row of `doctors`; `name` is the plain name ("Priya Sharma"), without "Dr.". */
export interface DoctorRow {
  id: string;
  cpso_number: string;
  name: string;
  gender: DemoGender;
  practice_start_year: number;
  specialty_ids: number[];
  language_ids: number[];
  referral_required: boolean;
  booking_phone: string;
  booking_online: string | null;
  referral_only: boolean;
  source: string;
  synced_at: Date;
  expired_at: Date | null;
}

export interface DoctorClinicRow {
  doctor_id: string;
  clinic_id: string;
  is_primary: boolean;
}

export interface SpecialistOfferingRow {
  clinic_id: string;
  specialty_id: number;
  wait_weeks: number;
}

/** A review of a doctor (`doctor_id` set) or of a clinic (`clinic_id` set), never both. */
export interface ReviewRow {
  id: string;
  doctor_id: string | null;
  clinic_id: string | null;
  rating: number;
  punctuality: number | null;
  helpfulness: number | null;
  knowledge: number | null;
  staff: number | null;
  author: string;
  text: string;
  /** YYYY-MM-DD */
  review_date: string;
  source_url: string | null;
}

/** The whole directory, table by table, ready to be written by the seeder. */
export interface DemoDataset {
  specialties: SpecialtyRow[];
  languages: LanguageRow[];
  clinics: ClinicRow[];
  clinicHoursExceptions: ClinicHoursExceptionRow[];
  doctors: DoctorRow[];
  doctorClinics: DoctorClinicRow[];
  specialistOfferings: SpecialistOfferingRow[];
  reviews: ReviewRow[];
}

/**
 * What a seed writes: the dataset with its reviews (by far its largest part: 7.5 a doctor) as
 * any iterable, so that they can be generated while they are written instead of held at once.
 */
export type SeedableDataset = Omit<DemoDataset, 'reviews'> & { reviews: Iterable<ReviewRow> };

export interface DemoDatasetOptions {
  doctors: number;
  seed: number;
  /** Reference instant: every timestamp is placed relative to it, nothing else depends on it. */
  now: Date;
}
