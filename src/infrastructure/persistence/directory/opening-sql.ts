import { AcceptingStatus } from '../../../domain/clinics/accepting-status';
import { OpenMoment } from '../../../domain/directory/criteria';
import { SqlParams } from './sql-params';

/**
 * SQL for the hours filters and answers of issue 33 (docs/hours.md). One expression,
 * `clinic_open_at()` (migration 1766900000000), decides both the openNow / openAt filters and
 * each list item's openNow, so the two cannot disagree: the clinic's exception for the date,
 * else on a public holiday its holiday minutes, else its week's minutes; null when its hours are
 * unknown.
 */

/** clinic_open_at for clinic row `c` and exception row `e` (either may be null) at `m`. */
export function openAtExpr(c: string, e: string, m: OpenMoment, p: SqlParams): string {
  return `clinic_open_at(${c}.week_minutes, ${c}.holiday_minutes, ${e}.minutes, ${p.add(m.isHoliday)}::boolean, ${p.add(m.minuteOfDay)}::int, ${p.add(m.minuteOfWeek)}::int)`;
}

/**
 * Rows whose clinic (`clinicId`, an expression of the row) is open at `m`: a semi-join on the
 * clinics open then, which the planner runs as a primary-key probe per candidate row inside a
 * walk, or as a hash of the open clinics for a count.
 */
export function openAtCondition(clinicId: string, m: OpenMoment, p: SqlParams): string {
  return `${clinicId} IN (SELECT oc.id FROM clinics oc
      LEFT JOIN clinic_hours_exceptions oe ON oe.clinic_id = oc.id AND oe.date = ${p.add(m.date)}::date
      WHERE ${openAtExpr('oc', 'oe', m, p)})`;
}

/**
 * Rows whose clinic (`clinicId`) is open at `m`, as an array of the open clinics' ids computed
 * once (one pass over clinics): for a page of a time filter few clinics pass, which a walk would
 * fill only after reading most of its index (Sunday 02:00 at 100,000 doctors: the name index's
 * 99,039 entries, each probing its clinic, 550 ms). Beside the walk's conditions, the planner
 * reads those few rows by key and sorts them.
 */
export function openClinicsCollected(clinicId: string, m: OpenMoment, p: SqlParams): string {
  return `${clinicId} = ANY(ARRAY(SELECT oc.id FROM clinics oc
      LEFT JOIN clinic_hours_exceptions oe ON oe.clinic_id = oc.id AND oe.date = ${p.add(m.date)}::date
      WHERE ${openAtExpr('oc', 'oe', m, p)}))`;
}

/**
 * clinic_open_at for clinic row `c` at `m`, its exception for the date read by a scalar
 * subquery (a primary-key probe) rather than a join: a LEFT JOIN in a page's row statement led
 * the walk session's generic plan (hash and merge joins off) to read every clinic by its primary
 * key, 1 s at 1,000,000 doctors instead of 2 ms.
 */
export function openAtOfRow(c: string, m: OpenMoment, p: SqlParams): string {
  const exception = `(SELECT ne.minutes FROM clinic_hours_exceptions ne WHERE ne.clinic_id = ${c}.id AND ne.date = ${p.add(m.date)}::date)`;
  return `clinic_open_at(${c}.week_minutes, ${c}.holiday_minutes, ${exception}, ${p.add(m.isHoliday)}::boolean, ${p.add(m.minuteOfDay)}::int, ${p.add(m.minuteOfWeek)}::int)`;
}

/** The openNow of one row's clinic (true, false, or null when its hours are unknown). */
export function openNowColumn(clinicId: string, m: OpenMoment, p: SqlParams): string {
  return `(SELECT ${openAtExpr('nc', 'ne', m, p)} FROM clinics nc
      LEFT JOIN clinic_hours_exceptions ne ON ne.clinic_id = nc.id AND ne.date = ${p.add(m.date)}::date
      WHERE nc.id = ${clinicId})`;
}

/**
 * Rows whose clinic's graded status is one of `statuses`. The read models carry the v1 boolean
 * (`accepting` of alias `a`, indexed), which is true exactly for `accepting`: a list of
 * `accepting` alone is that boolean; a list without it narrows to `accepting = false` first.
 */
export function acceptingStatusConditions(
  a: string,
  clinicId: string,
  statuses: readonly AcceptingStatus[],
  p: SqlParams,
): string[] {
  const withAccepting = statuses.includes('accepting');
  const others = statuses.filter((s) => s !== 'accepting');
  if (others.length === 0) return [`${a}.accepting = true`];
  const graded = `${clinicId} IN (SELECT sc.id FROM clinics sc WHERE sc.accepting_status = ANY(${p.add(statuses)}::text[]))`;
  return withAccepting ? [graded] : [`${a}.accepting = false`, graded];
}
