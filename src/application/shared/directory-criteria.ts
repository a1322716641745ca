import { DoctorCriteria, Gender } from '../../domain/directory/criteria';
import { InvalidParamError } from '../../domain/shared/domain-error';

/** The directory filters as any interface receives them (REST query, MCP tool arguments). */
export interface DirectoryFilterInput {
  readonly specialties?: readonly string[];
  readonly specialty?: string;
  readonly languages?: readonly string[];
  readonly gender?: Gender;
  readonly minYears?: number;
  readonly maxYears?: number;
  readonly accepting?: boolean;
  readonly evening?: boolean;
  readonly weekend?: boolean;
  readonly wheelchair?: boolean;
  readonly virtualVisits?: boolean;
  readonly nearTTC?: boolean;
}

/** The filters as domain criteria: `specialties` wins over `specialty`; years must be a range. */
export function directoryCriteria(q: DirectoryFilterInput): DoctorCriteria {
  if (q.minYears !== undefined && q.maxYears !== undefined && q.minYears > q.maxYears) {
    throw new InvalidParamError('minYears must not be greater than maxYears.');
  }
  const single = q.specialty?.trim();
  return {
    specialties: q.specialties ?? (single ? [single] : undefined),
    languages: q.languages,
    gender: q.gender,
    minYears: q.minYears,
    maxYears: q.maxYears,
    accepting: q.accepting,
    evening: q.evening,
    weekend: q.weekend,
    wheelchair: q.wheelchair,
    virtualVisits: q.virtualVisits,
    nearTTC: q.nearTTC,
  };
}
