import { Weekday } from '../clinics/clinic-hours';

/**
 * The interchange format (schemas/directory-record.schema.json): one record a line. These are
 * the rules beyond the schema's shapes, and what the service derives instead of reading.
 */
export type TimeRange = { readonly open: string; readonly close: string };
export type MultiRangeHours = Readonly<Record<Weekday, readonly TimeRange[]>>;

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
  readonly hours: MultiRangeHours;
  readonly wheelchair: boolean;
  readonly virtualVisits: boolean;
  readonly acceptingNewPatients: boolean;
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
}

export type DirectoryRecord =
  ClinicRecord | DoctorRecord | OfferingRecord | ReviewRecord | NameRecord;

/** One reason a record is refused: the field (a JSON pointer-like path) and why. */
export interface RecordProblem {
  readonly field: string;
  readonly reason: string;
}
