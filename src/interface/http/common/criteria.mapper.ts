import { DoctorCriteria } from '../../../domain/directory/criteria';
import { ApiError } from '../errors/api-error';
import { DirectoryFiltersQueryDto } from './list-query.dto';

/** The validated query as domain criteria: `specialties` wins over `specialty`. */
export function criteriaFrom(q: DirectoryFiltersQueryDto): DoctorCriteria {
  if (q.minYears !== undefined && q.maxYears !== undefined && q.minYears > q.maxYears) {
    throw new ApiError('invalid_param', 'minYears must not be greater than maxYears.');
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
