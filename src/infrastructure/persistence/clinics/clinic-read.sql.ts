import {
  ClinicAttributeCriteria,
  DoctorAttributeCriteria,
  ListMoments,
  OpenMoment,
} from '../../../domain/directory/criteria';
import {
  MomentParams,
  openAtCondition,
  openAtCounted,
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
 * The walk's form (a page).
 */
export function hoursStatusConditions(
  a: string,
  clinicId: string,
  criteria: ClinicAttributeCriteria,
  moments: Partial<ListMoments>,
  p: SqlParams,
): string[] {
  return hoursStatusForms(a, clinicId, criteria, moments, p).walk;
}

/**
 * The same conditions in two forms sharing their parameters: `count` for a total (the status as
 * a semi-join on the clinics of those statuses, opening-sql's acceptingStatusConditions), and
 * `walk` for a page, where the status is read per walked row as a scalar subquery on the
 * clinics' primary key: a subquery the planner cannot turn into a join, so a page in name order
 * keeps its index walk (as a semi-join, a page of a status without `accepting` was planned at the
 * demo's size as a hash of the clinics of that status and a Sort of every match).
 */
export function hoursStatusForms(
  a: string,
  clinicId: string,
  criteria: ClinicAttributeCriteria,
  moments: Partial<ListMoments>,
  p: SqlParams,
): { walk: string[]; count: string[] } {
  const walk: string[] = [];
  const count: string[] = [];
  if (moments.filter) {
    // One set of the moment's parameters for both forms (they share the statement's).
    const t = new MomentParams(moments.filter, p);
    walk.push(openAtCondition(clinicId, t, p));
    count.push(openAtCounted(clinicId, t, p));
  }
  const statuses = criteria.acceptingStatuses;
  if (statuses?.length) {
    if (statuses.every((s) => s === 'accepting')) {
      walk.push(`${a}.accepting = true`);
      count.push(`${a}.accepting = true`);
    } else {
      const st = `${p.add(statuses)}::text[]`;
      const narrow = statuses.includes('accepting') ? [] : [`${a}.accepting = false`];
      walk.push(
        ...narrow,
        `(SELECT sc.accepting_status FROM clinics sc WHERE sc.id = ${clinicId}) = ANY(${st})`,
      );
      count.push(
        ...narrow,
        `${clinicId} IN (SELECT sc.id FROM clinics sc WHERE sc.accepting_status = ANY(${st}))`,
      );
    }
  }
  return { walk, count };
}

/** Each item's openNow at `now` (openNowColumn), or null when the caller gave no moment. */
export function openNowSql(clinicId: string, now: OpenMoment | undefined, p: SqlParams): string {
  return now ? openNowColumn(clinicId, now, p) : 'NULL::boolean';
}

export { openClinicsCollected } from '../directory/opening-sql';

/** At most 1 in 50 of all rows match: a page collects its rows instead of walking. */
export async function fewMatches(matches: Promise<number>, all: Promise<number>): Promise<boolean> {
  const [n, total] = await Promise.all([matches, all]);
  return n * 50 <= total;
}
