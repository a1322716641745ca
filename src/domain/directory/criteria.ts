import { AcceptingStatus } from '../clinics/accepting-status';
import { LocalDate } from '../clinics/hours/toronto-time';

export const GENDERS = ['male', 'female', 'non-binary'] as const;
export type Gender = (typeof GENDERS)[number];

export interface GeoPoint {
  readonly lat: number;
  readonly lng: number;
}

/** Filters on doctors' own attributes. Lists are any-of; names are matched case-insensitively. */
export interface DoctorAttributeCriteria {
  readonly specialties?: readonly string[];
  readonly languages?: readonly string[];
  readonly gender?: Gender;
  readonly minYears?: number;
  readonly maxYears?: number;
}

/** Filters on a clinic's own attributes (for doctors: their primary clinic's). */
export interface ClinicAttributeCriteria {
  readonly accepting?: boolean;
  readonly evening?: boolean;
  readonly weekend?: boolean;
  readonly wheelchair?: boolean;
  readonly virtualVisits?: boolean;
  readonly nearTTC?: boolean;
  /** Open now (only `true` filters; checked at each request's own instant). */
  readonly openNow?: boolean;
  /** Open at this instant: the text as sent (ISO 8601; Toronto time without an offset). */
  readonly openAt?: string;
  /** The graded accepting status is one of these (any-of). */
  readonly acceptingStatuses?: readonly AcceptingStatus[];
}

/**
 * A Toronto wall-clock moment, resolved for SQL: the date, the minute of the day (0–1439), the
 * minute of the week (Monday 00:00 = 0 … 10079) and whether the date is a public holiday. The
 * database needs no time zone: the daylight-saving change is already in the wall clock.
 */
export interface OpenMoment {
  readonly date: LocalDate;
  readonly minuteOfDay: number;
  readonly minuteOfWeek: number;
  readonly isHoliday: boolean;
}

/**
 * The moments a list read needs: `now` (each item's openNow), and `filter` (openNow or openAt,
 * when sent: only clinics open then).
 */
export interface ListMoments {
  readonly now: OpenMoment;
  readonly filter?: OpenMoment;
}

/** Where the client is: lists are ordered nearest first from `near`, within `radiusKm` if sent. */
export interface LocationCriteria {
  readonly near?: GeoPoint;
  /** Great-circle km from `near` to the clinic; only with `near`. */
  readonly radiusKm?: number;
}

export type DoctorCriteria = DoctorAttributeCriteria & ClinicAttributeCriteria & LocationCriteria;

export interface ClinicCriteria
  extends DoctorAttributeCriteria, ClinicAttributeCriteria, LocationCriteria {
  readonly hasWebsite?: boolean;
}

export interface SpecialistCriteria
  extends Omit<DoctorAttributeCriteria, 'specialties'>, ClinicAttributeCriteria, LocationCriteria {
  /** The specialties offered (at least one). */
  readonly specialties: readonly string[];
}

export const CLINIC_INCLUDES = ['notes', 'links'] as const;
export type ClinicInclude = (typeof CLINIC_INCLUDES)[number];
