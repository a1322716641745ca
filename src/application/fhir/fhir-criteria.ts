import { AcceptingStatus } from '../../domain/clinics/accepting-status';
import { GeoPoint } from '../../domain/directory/criteria';

/** `_lastUpdated=ge…` or `gt…`. */
export interface LastUpdatedCriterion {
  readonly op: 'ge' | 'gt';
  readonly at: Date;
}

export interface PractitionerCriteria {
  /** `_id` and `identifier` (CPSO numbers); several values match any of them. */
  readonly cpsos?: readonly string[];
  /** Lower-cased; a word of the name starts with it. */
  readonly name?: string;
  /** Lower-cased; the last word of the name starts with it. */
  readonly family?: string;
  /** Lower-cased; a word before the last starts with it. */
  readonly given?: string;
  readonly lastUpdated?: LastUpdatedCriterion;
}

export interface ClinicCriteriaFhir {
  readonly ids?: readonly string[];
  /** Lower-cased; the name starts with it (Organization?name=). */
  readonly name?: string;
  /** Lower-cased; the city starts with it. */
  readonly city?: string;
  /** Upper-cased, spaces removed; the postal code starts with it. */
  readonly postalCode?: string;
  /** Plan-Net `newpatients`: the clinic's graded status is one of these (issue 33). */
  readonly acceptingStatuses?: readonly AcceptingStatus[];
  readonly near?: GeoPoint;
  readonly radiusKm?: number;
  readonly lastUpdated?: LastUpdatedCriterion;
}

export interface RoleCriteria {
  /** `_id`: [cpso, clinic id] pairs. */
  readonly ids?: readonly (readonly [string, string])[];
  readonly cpsos?: readonly string[];
  /** `location` and `organization` (a clinic is both). */
  readonly clinicIds?: readonly string[];
  /** Specialty names; the doctor holds any of them. */
  readonly specialties?: readonly string[];
  /** Plan-Net `newpatients`: the clinic's graded status is one of these (issue 33). */
  readonly acceptingStatuses?: readonly AcceptingStatus[];
  readonly lastUpdated?: LastUpdatedCriterion;
}

export interface ServiceCriteria {
  /** `_id`: [clinic id, specialty name] pairs. */
  readonly ids?: readonly (readonly [string, string])[];
  readonly clinicIds?: readonly string[];
  readonly specialties?: readonly string[];
  readonly lastUpdated?: LastUpdatedCriterion;
}
