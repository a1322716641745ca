import { AcceptingStatus } from '../../domain/clinics/accepting-status';
import { DayHours, Weekday, WEEKDAYS, WORKING_DAYS } from '../../domain/clinics/clinic-hours';
import { WeeklyHours as RangesWeek } from '../../domain/clinics/hours/weekly-hours';
import { UNKNOWN_WEEKDAY_HOURS } from '../../domain/directory/interchange';
import {
  dateToDay,
  dayToDate,
  isoWeekdayIndex,
  torontoDate,
} from '../../domain/clinics/hours/toronto-time';
import { DemoClinicType } from './catalogues';
import {
  ClinicHoursExceptionRow,
  ClinicRow,
  DemoDayHours,
  DemoWeeklyHours,
  HolidayPolicyColumn,
} from './demo-dataset';
import { SeededRandom, weightedTable } from './seeded-random';

/**
 * Issue 33's part of the demo clinics, drawn from a stream of its own (so every earlier draw of
 * the dataset stays as it was): the graded accepting status (the v1 boolean exactly as drawn
 * before: `accepting` exactly when it is true), the holiday policy, a few clinics with unknown
 * hours, and dated exceptions in the 60 days after the seed's `now` (closures for staff training
 * or a move, and special hours). Issue 48 added, each from a stream derived from the clinic's own
 * (so nothing drawn before moves): a checked date for a graded status that had none, and lunch
 * breaks (split days) for some clinics.
 */

type Range = { open: string; close: string };
const R = (open: string, close: string): Range => ({ open, close });

/** Share of clinics whose hours nobody knows (hours null; openNow null). */
export const UNKNOWN_HOURS_SHARE = 0.02;

/**
 * How a clinic that does not take new patients answers, by type: family practices often still
 * take the families of their patients; a clinic never checked is more often unknown.
 */
// prettier-ignore
const NOT_ACCEPTING: Record<'family' | 'other', readonly [AcceptingStatus, number][]> = {
  family: [['existing-patients-family', 0.3], ['existing-patients-only', 0.22], ['not-accepting', 0.4], ['unknown', 0.08]],
  other: [['existing-patients-family', 0.08], ['existing-patients-only', 0.22], ['not-accepting', 0.6], ['unknown', 0.1]],
};

/** Holiday policy shares by type: walk-ins often open short hours, hospitals keep their week. */
// prettier-ignore
const HOLIDAYS: Record<DemoClinicType, { hours: number; regular: number }> = {
  'family-practice': { hours: 0.01, regular: 0.01 },
  'walk-in': { hours: 0.45, regular: 0.08 },
  'specialist-clinic': { hours: 0, regular: 0.02 },
  'community-health-centre': { hours: 0.05, regular: 0.02 },
  'hospital-outpatient': { hours: 0.1, regular: 0.35 },
  'virtual-care': { hours: 0.25, regular: 0.3 },
};
const HOLIDAY_HOURS: readonly Range[][] = [
  [R('10:00', '16:00')],
  [R('09:00', '15:00')],
  [R('10:00', '14:00')],
  [R('09:00', '13:00'), R('14:00', '17:00')],
];

const CLOSURE_REASONS = [
  'Staff training',
  'Staff training',
  'Electrical maintenance in the building',
  'Physicians at a conference',
  'Renovations',
];
const SPECIAL_REASONS = ['Staff meeting in the afternoon', 'Reduced hours'];

/** The statuses a clinic gets, from its v1 boolean and a draw. */
function statusOf(rng: SeededRandom, row: ClinicRow): AcceptingStatus {
  const u = rng.next();
  if (row.accepting_new_patients) return 'accepting';
  const table = NOT_ACCEPTING[row.type === 'family-practice' ? 'family' : 'other'];
  // Never checked: the status is unknown four times as often.
  const unknownBoost = row.availability_checked_at === null ? 3 : 0;
  const total = table.reduce((s, [st, w]) => s + w + (st === 'unknown' ? w * unknownBoost : 0), 0);
  let x = u * total;
  for (const [status, w] of table) {
    x -= w + (status === 'unknown' ? w * unknownBoost : 0);
    if (x < 0) return status;
  }
  return 'not-accepting';
}

function holidayPolicy(
  rng: SeededRandom,
  type: DemoClinicType,
): { policy: HolidayPolicyColumn; ranges: Range[] | null } {
  const u = rng.next();
  const pick = rng.pick(HOLIDAY_HOURS);
  const p = HOLIDAYS[type];
  if (u < p.hours) return { policy: 'hours', ranges: pick };
  if (u < p.hours + p.regular) return { policy: 'regular', ranges: null };
  return { policy: 'closed', ranges: null };
}

/** A stored day in either form as a list of ranges (`[]`: closed). */
export function dayRanges(day: DemoDayHours): readonly DayHours[] {
  if (day === null) return [];
  return Array.isArray(day) ? (day as readonly DayHours[]) : [day as DayHours];
}

/** A stored demo week in either form as the domain's week of ranges. */
export function demoWeekRanges(hours: DemoWeeklyHours): RangesWeek {
  return Object.fromEntries(WEEKDAYS.map((d) => [d, dayRanges(hours[d])])) as RangesWeek;
}

/** The weekday's ranges of a demo week on a Toronto day number (`[]` when closed). */
function openOn(hours: DemoWeeklyHours, day: number): readonly DayHours[] {
  return dayRanges(hours[WEEKDAYS[isoWeekdayIndex(day)]]);
}

/** The first day from `from` (within a week) whose weekday is open (`open`) or closed (not). */
function nextDay(hours: DemoWeeklyHours, from: number, open: boolean): number | null {
  for (let d = from; d < from + 7; d++) if (openOn(hours, d).length > 0 === open) return d;
  return null;
}

/**
 * Dated exceptions of one clinic from `today + 1` to `today + 60`, on a day it would otherwise
 * be open: about 5% close for a day, 1% close two to four days in a row for a move, about 3%
 * open a morning only, and 1% open a flu shot clinic on a day they are closed (a weekend).
 */
function exceptionsOf(
  rng: SeededRandom,
  row: ClinicRow,
  hours: DemoWeeklyHours,
  today: number,
): ClinicHoursExceptionRow[] {
  const u = rng.next();
  const from = today + rng.int(1, 50);
  const reason = rng.pick(CLOSURE_REASONS);
  const special = rng.pick(SPECIAL_REASONS);
  const days = rng.int(2, 4);
  const dated = (day: number, ranges: Range[] | null, why: string): ClinicHoursExceptionRow => ({
    clinic_id: row.id,
    date: dayToDate(day),
    ranges,
    reason: why,
  });
  const openDay = nextDay(hours, from, true);
  if (openDay === null) return [];
  if (u < 0.05) return [dated(openDay, null, reason)];
  if (u < 0.06)
    return Array.from({ length: days }, (_, i) =>
      dated(openDay + i, null, 'Moving to a new location'),
    );
  if (u < 0.09) {
    const usual = openOn(hours, openDay)[0];
    // A morning only: from the usual opening to noon (unless it opens after 11).
    return usual.open < '11:00' ? [dated(openDay, [R(usual.open, '12:00')], special)] : [];
  }
  if (u < 0.1) {
    const closedDay = nextDay(hours, from, false);
    return closedDay === null ? [] : [dated(closedDay, [R('10:00', '14:00')], 'Flu shot clinic')];
  }
  return [];
}

const DAY_S = 86_400;

/**
 * When a clinic whose status is graded but that had no checked date (drawn "never checked" with
 * the v1 boolean, clinic-drafts.ts) was checked: as the drafts' dated clinics, about 65% within
 * the last 29 days and 35% between 31 days and 18 months. A status is shown with the date it was
 * checked, or it is `unknown` (issue 48).
 */
function lastChecked(rng: SeededRandom, now: Date): Date {
  const fresh = rng.chance(0.65);
  const secondsAgo = rng.int(0, 29 * DAY_S);
  return new Date(now.getTime() - (fresh ? secondsAgo : 31 * DAY_S + secondsAgo * 17) * 1000);
}

/**
 * Share of clinics of each type that close at lunch: many family practices and specialist
 * offices do, walk-ins and hospital clinics rarely, virtual care never. About 15% of the clinics
 * with hours overall.
 */
// prettier-ignore
const LUNCH_SHARE: Record<DemoClinicType, number> = {
  'family-practice': 0.24, 'walk-in': 0.05, 'specialist-clinic': 0.22,
  'community-health-centre': 0.12, 'hospital-outpatient': 0.05, 'virtual-care': 0,
};
// prettier-ignore
const LUNCH_BREAKS = weightedTable<readonly [Range, number]>([
  [R('12:00', '13:00'), 50], [R('12:30', '13:30'), 25], [R('13:00', '14:00'), 15], [R('12:00', '12:30'), 10],
], (r) => r[1]);
/** A break splits a day only when at least two hours are open on each side of it. */
const LUNCH_MARGIN_MINUTES = 120;
const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));

/**
 * Lunch breaks (issue 48): for a share of clinics by type, one break (12:00–13:00 most often)
 * on each weekday that has two open hours either side of it (a late day opening at noon keeps
 * its span), a quarter of them keeping one weekday whole. A clinic with a break stores its whole
 * week as lists (`[]` closed), the import's form; the first opening and the last closing of each
 * day stay, so `weekday_hours`, `evening` and `weekend` are unchanged. Null when the clinic keeps
 * its hours as they were.
 */
export function lunchBreaks(
  rng: SeededRandom,
  type: DemoClinicType,
  hours: DemoWeeklyHours,
): DemoWeeklyHours | null {
  if (!rng.chance(LUNCH_SHARE[type])) return null;
  const [lunch] = rng.weightedPick(LUNCH_BREAKS);
  const whole: Weekday | null = rng.chance(0.25) ? rng.pick(WORKING_DAYS) : null;
  const week = demoWeekRanges(hours);
  let split = false;
  const out = {} as Record<Weekday, DayHours[]>;
  for (const d of WEEKDAYS) {
    const day = week[d];
    const only = day.length === 1 ? day[0] : null;
    if (
      only !== null &&
      d !== whole &&
      WORKING_DAYS.includes(d) &&
      minutesOf(lunch.open) - minutesOf(only.open) >= LUNCH_MARGIN_MINUTES &&
      minutesOf(only.close) - minutesOf(lunch.close) >= LUNCH_MARGIN_MINUTES
    ) {
      out[d] = [R(only.open, lunch.open), R(lunch.close, only.close)];
      split = true;
    } else out[d] = day.map((r) => R(r.open, r.close));
  }
  return split ? out : null;
}

/**
 * Sets each clinic's status, holiday policy and (for about 2%) unknown hours, and returns the
 * exceptions in clinic order. Each clinic draws from a stream derived from its id (within the
 * dataset's own `clinic-schedules` stream, so no earlier draw moves): its schedule depends on the
 * seed and its id only. 266,667 clinics (1,000,000 doctors) take about 1 s on a loaded 2-core
 * machine (0.35 s with one stream for all; the difference is below a seed's run-to-run spread).
 */
export function drawClinicSchedules(
  rng: SeededRandom,
  clinics: ClinicRow[],
  now: Date,
): ClinicHoursExceptionRow[] {
  const today = dateToDay(torontoDate(now.getTime()))!;
  const exceptions: ClinicHoursExceptionRow[] = [];
  for (const row of clinics) {
    const c = rng.derive(row.id);
    row.accepting_status = statusOf(c, row);
    if (row.accepting_status !== 'unknown' && row.availability_checked_at === null)
      row.availability_checked_at = lastChecked(c.derive('checked'), now);
    const holidays = holidayPolicy(c, row.type);
    row.holiday_policy = holidays.policy;
    row.holiday_ranges = holidays.ranges;
    const unknown = c.chance(UNKNOWN_HOURS_SHARE);
    const own = exceptionsOf(c, row, row.hours!, today);
    // A clinic whose hours are unknown has no dated exceptions either, nor a lunch break.
    if (!unknown) {
      exceptions.push(...own);
      row.hours = lunchBreaks(c.derive('lunch'), row.type, row.hours!) ?? row.hours;
    } else {
      row.hours = null;
      row.weekday_hours = UNKNOWN_WEEKDAY_HOURS;
      row.evening = false;
      row.weekend = false;
    }
  }
  return exceptions;
}
