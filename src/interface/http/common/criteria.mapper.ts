import { directoryCriteria } from '../../../application/shared/directory-criteria';
import { DoctorCriteria } from '../../../domain/directory/criteria';
import { DirectoryFiltersQueryDto } from './list-query.dto';

/** The validated query as domain criteria (the rules live in the application layer). */
export function criteriaFrom(q: DirectoryFiltersQueryDto): DoctorCriteria {
  return directoryCriteria(q);
}
