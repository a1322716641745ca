import type { AcceptingStatus } from '../clinics/accepting-status';
import { Weekday } from '../clinics/clinic-hours';

/**
 * The interchange format (schemas/directory-record.schema.json): one record a line. These are
 * the rules beyond the schema's shapes, and what the service derives instead of reading.
 */
export type TimeRange = { readonly open: string; readonly close: string };
export type MultiRangeHours = Readonly<Record<Weekday, readonly TimeRange[]>>;

/**
 * What a clinic does on Ontario's public holidays: `closed` (the default), `regular` (its week
 * applies), or these ranges on every public holiday.
 */
export type HolidayHoursRecord = 'closed' | 'regular' | readonly TimeRange[];

/** A dated closure (`closed: true`) or special hours (`ranges`) of one Toronto date. */
export type HoursExceptionRecord =
  | { readonly date: string; readonly closed: true; readonly reason?: string }
  | { readonly date: string; readonly ranges: readonly TimeRange[]; readonly reason?: string };

export interface ClinicRef {
  readonly source?: string;
  readonly sourceId: string;
}

export interface ClinicRecord {
  readonly type: 'clinic';
  readonly source: string;
  readonly sourceId: string;
  readonly id?: string;
  readonly name: string;
  readonly streetAddress: string;
  readonly city: string;
  readonly neighbourhood?: string | null;
  readonly postalCode: string;
  readonly lat: number;
  readonly lng: number;
  readonly phone: string;
  readonly website?: string | null;
  readonly clinicType: string;
  /** Null: the clinic's hours are unknown. */
  readonly hours: MultiRangeHours | null;
  /** Absent on import: "closed". An export always writes it. */
  readonly holidayHours?: HolidayHoursRecord;
  /** The clinic's whole list (absent on import: none). An export always writes it. */
  readonly hoursExceptions?: readonly HoursExceptionRecord[];
  readonly wheelchair: boolean;
  readonly virtualVisits: boolean;
  /** The v1 boolean: true exactly when acceptingStatus is `accepting` (either may be derived). */
  readonly acceptingNewPatients?: boolean;
  readonly acceptingStatus?: AcceptingStatus;
  /** When the accepting status was last checked (the API's acceptingCheckedAt). */
  readonly availabilityCheckedAt: string | null;
  readonly notes?: string | null;
  readonly links?: readonly { label: string; url: string }[];
}

export interface DoctorRecord {
  readonly type: 'doctor';
  readonly source: string;
  readonly cpsoNumber: string;
  readonly id?: string;
  readonly name: string;
  readonly gender: 'male' | 'female' | 'non-binary';
  readonly practiceStartYear: number;
  readonly specialties: readonly string[];
  readonly languages: readonly string[];
  readonly clinics: readonly (ClinicRef & { primary: boolean })[];
  readonly referralRequired: boolean;
  readonly referralOnly: boolean;
  readonly bookingPhone: string;
  readonly bookingOnline?: string | null;
  readonly syncedAt?: string;
  /** When the doctor left the source; absent or null: practising (an import revives them). */
  readonly expiredAt?: string | null;
}

export interface OfferingRecord {
  readonly type: 'offering';
  readonly source: string;
  readonly clinic: ClinicRef;
  readonly specialty: string;
  readonly waitWeeks: number;
}

export interface ReviewRecord {
  readonly type: 'review';
  readonly source: string;
  readonly sourceId: string;
  readonly id?: string;
  readonly doctor?: string;
  readonly clinic?: ClinicRef;
  readonly rating: number;
  readonly punctuality?: number | null;
  readonly helpfulness?: number | null;
  readonly knowledge?: number | null;
  readonly staff?: number | null;
  readonly author: string;
  readonly text: string;
  readonly date: string;
  readonly sourceUrl?: string | null;
}

/** A catalogue entry: a specialty or language name the directory knows, used or not. */
export interface NameRecord {
  readonly type: 'specialty' | 'language';
  readonly source: string;
  readonly name: string;
  /** Other names people type for it; when given, an import replaces the stored ones. */
  readonly aliases?: readonly string[];
}

export type DirectoryRecord =
  ClinicRecord | DoctorRecord | OfferingRecord | ReviewRecord | NameRecord;

/** One reason a record is refused: the field (a JSON pointer-like path) and why. */
export interface RecordProblem {
  readonly field: string;
  readonly reason: string;
}
