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
