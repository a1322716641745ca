import { DoctorAttributeCriteria } from '../../../domain/directory/criteria';
import { doctorConditions } from '../directory/criteria-sql';
import { ResolvedNames } from '../directory/reference-ids';
import { SqlParams } from '../directory/sql-params';

/**
 * "At least one of its practising doctors satisfies all of them together" (decisions.md): the
 * condition clinic lists and specialists add when only the per-doctor rows can tell.
 */
export function doctorExists(
  c: DoctorAttributeCriteria,
  ids: ResolvedNames,
  p: SqlParams,
  now: Date,
  clinicExpr: string,
  specialtyExpr?: string,
): string {
  const conds = [`cd.clinic_id = ${clinicExpr}`, ...doctorConditions('cd', c, ids, p, now)];
  if (specialtyExpr) conds.push(`${specialtyExpr} = ANY(cd.specialty_ids)`);
  return `EXISTS (SELECT 1 FROM clinic_doctor_search cd WHERE ${conds.join(' AND ')})`;
}
