import {
  ClinicAttributeCriteria,
  DoctorAttributeCriteria,
  ListMoments,
  OpenMoment,
} from '../../../domain/directory/criteria';
import {
  acceptingStatusConditions,
  openAtCondition,
  openNowColumn,
} from '../directory/opening-sql';
import { SortKey } from '../../../domain/shared/page';
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

/**
 * Nearest first, the rows past a cursor's (distance, then the rest of the key): farther, or as
 * far and greater in the rest, `k` being the row's distance expression and `rest` its columns
 * after the distance (`cs.clinic_id`; `ss.clinic_id, ss.specialty_id`).
 */
export function distanceAfter(k: string, rest: string, after: SortKey, p: SqlParams): string {
  const d = p.add(after[0]);
  const tail = after.slice(1).map((v) => p.add(v));
  const cols = rest.split(',').length > 1 ? `(${rest})` : rest;
  const vals = tail.length > 1 ? `(${tail.join(', ')})` : tail[0];
  return `(${k} > ${d} OR (${k} = ${d} AND ${cols} > ${vals}))`;
}

/**
 * The hours and status filters of issue 33 for a row whose read model is alias `a` (with its
 * `accepting` column) and whose clinic is `clinicId`: open at the filter's moment (openNow or
 * openAt, resolved by ListMomentsResolver), and the graded status one of acceptingStatuses.
 */
export function hoursStatusConditions(
  a: string,
  clinicId: string,
  criteria: ClinicAttributeCriteria,
  moments: Partial<ListMoments>,
  p: SqlParams,
): string[] {
  const conds: string[] = [];
  if (moments.filter) conds.push(openAtCondition(clinicId, moments.filter, p));
  if (criteria.acceptingStatuses)
    conds.push(...acceptingStatusConditions(a, clinicId, criteria.acceptingStatuses, p));
  return conds;
}

/** Each item's openNow at `now` (openNowColumn), or null when the caller gave no moment. */
export function openNowSql(clinicId: string, now: OpenMoment | undefined, p: SqlParams): string {
  return now ? openNowColumn(clinicId, now, p) : 'NULL::boolean';
}
