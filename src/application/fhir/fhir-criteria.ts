import { AcceptingStatus } from '../../domain/clinics/accepting-status';
import { GeoPoint } from '../../domain/directory/criteria';

/** `_lastUpdated=ge…` or `gt…`. */
export interface LastUpdatedCriterion {
  readonly op: 'ge' | 'gt';
  readonly at: Date;
}

/** The name parameters of Practitioner. */
export type NamePart = 'name' | 'family' | 'given';
export type NameModifier = 'exact' | 'contains';
export const NAME_PARTS: readonly NamePart[] = ['name', 'family', 'given'];
export const NAME_MODIFIERS: readonly NameModifier[] = ['exact', 'contains'];

export interface PractitionerCriteria {
  /** `_id` and `identifier` (CPSO numbers); several values match any of them. */
  readonly cpsos?: readonly string[];
  /**
   * Each word (folded as the name search folds, issue 50) starts a word of the name (FHIR's
   * default for strings), or with `:exact` / `:contains` (`matching`) the name is those words /
   * each word is inside a word of the name.
   */
  readonly name?: string;
  /** The same, in the family name (the words after the first; a one-word name's word). */
  readonly family?: string;
  /** The same, in the given name (the first word). */
  readonly given?: string;
  /** The modifier sent with name, family or given (none: FHIR's default, a word's start). */
  readonly matching?: Readonly<Partial<Record<NamePart, NameModifier>>>;
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
