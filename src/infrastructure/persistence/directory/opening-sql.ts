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

/**
 * A moment's parameters, each added on its first use and shared after it: the forms of one
 * filter that a reader puts in two statements over the same parameters (a page's walk and its
 * total) then refer to the same placeholders, and a form that leaves one out adds none for it.
 */
export class MomentParams {
  private readonly added = new Map<string, string>();
  constructor(
    readonly m: OpenMoment,
    private readonly p: SqlParams,
  ) {}
  private once(key: string, value: unknown): string {
    let ph = this.added.get(key);
    if (!ph) this.added.set(key, (ph = this.p.add(value)));
    return ph;
  }
  get date(): string {
    return `${this.once('date', this.m.date)}::date`;
  }
  get day(): string {
    return `${this.once('day', this.m.minuteOfDay)}::int`;
  }
  get week(): string {
    return `${this.once('week', this.m.minuteOfWeek)}::int`;
  }
  get holiday(): string {
    return `${this.once('holiday', this.m.isHoliday)}::boolean`;
  }
}

type Moment = OpenMoment | MomentParams;
const paramsOf = (m: Moment, p: SqlParams) =>
  m instanceof MomentParams ? m : new MomentParams(m, p);

/** clinic_open_at for clinic row `c` and exception row `e` (either may be null) at `m`. */
export function openAtExpr(c: string, e: string, m: Moment, p: SqlParams): string {
  const t = paramsOf(m, p);
  return `clinic_open_at(${c}.week_minutes, ${c}.holiday_minutes, ${e}.minutes, ${t.holiday}, ${t.day}, ${t.week})`;
}

/**
 * Rows whose clinic (`clinicId`, an expression of the row) is open at `m`, for a walk: a
 * semi-join on the clinics open then, which the planner runs as a primary-key probe per
 * candidate row inside the walk.
 */
export function openAtCondition(clinicId: string, m: Moment, p: SqlParams): string {
  const t = paramsOf(m, p);
  return `${clinicId} IN (SELECT oc.id FROM clinics oc
      LEFT JOIN clinic_hours_exceptions oe ON oe.clinic_id = oc.id AND oe.date = ${t.date}
      WHERE ${openAtExpr('oc', 'oe', t, p)})`;
}

/** Minute 0 of the dated ranges (kind 3 of clinic_open_ranges, migration 1767100000000). */
const DATED_MINUTES_EPOCH = '2000-01-01';

/**
 * The ids of the clinics open at `m`, from one table, `clinic_open_ranges` (one row per range,
 * migrations 1767000000000 and 1767100000000), each kind on its own partial GiST index: on a
 * day that is not a holiday the week's ranges (kind 0) by the minute of the week; on a holiday
 * the holiday ranges (kind 1) by the minute of the day, and the week's ranges of the `regular`
 * clinics (kind 2); on any day the dated exceptions' ranges (kind 3) by the minute counted from
 * 2000-01-01. Minus the clinics whose exception that day does not open at that minute (an
 * exception overrides the week and the holiday).
 *
 * One table, so the planner knows how many clinics a semi-join on these ids meets (clinic_id's
 * statistics): as a UNION ALL of the ranges and the exceptions it assumed 200, and a search
 * total with openAt probed doctor_search for each of the 260,730 clinics open on a Tuesday at
 * 15:00 (6.3 s at 1,000,000 doctors for q=co) instead of checking its 21,986 candidates'
 * clinics. Whether the day is a holiday is a parameter (folded away in a custom plan), so the
 * statement is the same every day. It reads the open clinics' ranges, not every clinic (a GiST
 * index on the multiranges keeps one range per clinic, from its first opening of the week to its
 * last, which most clinics with weekend hours cover whatever the minute).
 */
function openClinicIds(t: MomentParams): string {
  const dated = `((${t.date} - DATE '${DATED_MINUTES_EPOCH}') * 1440 + ${t.day})`;
  return `SELECT o.clinic_id FROM clinic_open_ranges o
       WHERE ((o.kind = 0 AND NOT ${t.holiday} AND o.r @> ${t.week})
           OR (o.kind = 1 AND ${t.holiday} AND o.r @> ${t.day})
           OR (o.kind = 2 AND ${t.holiday} AND o.r @> ${t.week})
           OR (o.kind = 3 AND o.r @> ${dated}))
         AND NOT EXISTS (SELECT 1 FROM clinic_hours_exceptions oe
               WHERE oe.clinic_id = o.clinic_id AND oe.date = ${t.date} AND NOT oe.minutes @> ${t.day})`;
}

/**
 * Rows whose clinic (`clinicId`) is open at `m`, for a count: a semi-join on the open clinics'
 * ids (openClinicIds), which the planner hashes, rather than a pass over every clinic.
 */
export function openAtCounted(clinicId: string, m: Moment, p: SqlParams): string {
  return `${clinicId} IN (${openClinicIds(paramsOf(m, p))})`;
}

/**
 * Rows whose clinic (`clinicId`) is open at `m`, as an array of the open clinics' ids computed
 * once: for a page of a time filter few clinics pass, which a walk would fill only after reading
 * most of its index (Sunday 02:00 at 100,000 doctors: the name index's 99,039 entries, each
 * probing its clinic, 550 ms). Beside the walk's conditions, the planner reads those few rows by
 * key and sorts them.
 */
export function openClinicsCollected(
  clinicId: string,
  m: Moment,
  p: SqlParams,
  /** Conditions on the clinic's flags, of clinic_search alias `fc`, checked before collecting. */
  clinicConditions: readonly string[] = [],
): string {
  const open = openClinicIds(paramsOf(m, p));
  // With the clinic's flags the open clinics are narrowed before their rows are collected: open
  // on a Saturday and weekend=false left 94 clinics at 1,000,000 doctors, whose doctors the page
  // needs, not the 300,000 doctors of the 88,906 clinics open then (845 ms near a point).
  const ids = clinicConditions.length
    ? `SELECT fc.clinic_id FROM clinic_search fc WHERE fc.clinic_id IN (${open}) AND ${clinicConditions.join(' AND ')}`
    : open;
  return `${clinicId} = ANY(ARRAY(${ids}))`;
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
