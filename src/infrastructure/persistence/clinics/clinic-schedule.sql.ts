/**
 * Shared piece (issue 33): a clinic's hours and graded status, read in the same statement as the
 * clinic, for the clinic detail and each clinic of a doctor's detail.
 *
 * API:
 * - `clinicScheduleSql(c, fromDate)`: one jsonb expression of clinic row alias `c` holding
 *   everything the schedule and status need: `hours`, `holiday_policy`, `holiday_ranges`,
 *   `accepting_status`, `checked_at` (availability_checked_at), and `exceptions` (the clinic's
 *   own dated exceptions from `fromDate` through `fromDate` + 61 days, in date order, as
 *   `{date, ranges, reason}`; an aggregate subquery on the exceptions' primary key).
 *   `fromDate` is SQL text, normally a placeholder from SqlParams of Toronto's today
 *   (`torontoDate(now)`): use `clinicScheduleColumn` when you build the statement by hand.
 * - `clinicScheduleColumn(c, fromDate, name = 'schedule')`: the same, `AS name`, for a SELECT.
 * - `scheduleOf(json)`: the value read (`row.schedule`) → `ClinicScheduleStatus`
 *   ({schedule, acceptingStatus, acceptingCheckedAt}). Hours stored in either form (the demo's
 *   one `{open, close}` or null a day, an import's list a day) become `WeeklyHours`; hours that
 *   are null, or that break a rule (never written by import; a hand-edited row), are unknown
 *   (`week: null`), which the SQL filter reads the same way only for null, so keep rows valid.
 *
 * Example (a doctor's primary clinic `c`):
 *   const p = new SqlParams(); p.add(cpso);
 *   `SELECT …, ${clinicScheduleColumn('c', `${p.add(torontoDate(now))}::date`)} FROM …`
 *   then `scheduleOf(row.schedule)`, and `openingAnswer` (application/clinics/clinic-opening.ts).
 */
import { ClinicScheduleStatus } from '../../../domain/clinics/clinic';
import { AcceptingStatus, isAcceptingStatus } from '../../../domain/clinics/accepting-status';
import { Weekday, WEEKDAYS } from '../../../domain/clinics/clinic-hours';
import {
  CLOSED_ON_HOLIDAYS,
  HolidayPolicy,
  HoursException,
  parseHolidayPolicy,
  parseHoursException,
} from '../../../domain/clinics/hours/clinic-schedule';
import {
  InvalidHoursError,
  parseWeeklyHours,
  WeeklyHours,
} from '../../../domain/clinics/hours/weekly-hours';
import { EXCEPTIONS_AHEAD_DAYS } from '../../../domain/clinics/hours/opening';

/** The jsonb value `clinicScheduleSql` reads, as the driver hands it over. */
export interface ClinicScheduleJson {
  hours: unknown;
  holiday_policy: string;
  holiday_ranges: unknown;
  accepting_status: string;
  checked_at: string | null;
  exceptions: { date: string; ranges: unknown; reason: string | null }[] | null;
}

/** One jsonb expression of clinic row `c`: hours, holiday policy, status and the exceptions ahead. */
export function clinicScheduleSql(c: string, fromDate: string): string {
  return `jsonb_build_object(
      'hours', ${c}.hours, 'holiday_policy', ${c}.holiday_policy, 'holiday_ranges', ${c}.holiday_ranges,
      'accepting_status', ${c}.accepting_status, 'checked_at', ${c}.availability_checked_at,
      'exceptions', (SELECT jsonb_agg(jsonb_build_object('date', hx.date, 'ranges', hx.ranges, 'reason', hx.reason)
                                      ORDER BY hx.date)
                       FROM clinic_hours_exceptions hx
                      WHERE hx.clinic_id = ${c}.id AND hx.date >= (${fromDate})::date
                        AND hx.date <= (${fromDate})::date + ${EXCEPTIONS_AHEAD_DAYS + 1}))`;
}

/** `clinicScheduleSql(c, fromDate) AS name`, for a SELECT list. */
export function clinicScheduleColumn(c: string, fromDate: string, name = 'schedule'): string {
  return `${clinicScheduleSql(c, fromDate)} AS ${name}`;
}

/** A stored day (list of ranges, one {open, close}, or null) as a list. */
function dayList(day: unknown): unknown {
  if (day === undefined || day === null) return [];
  return Array.isArray(day) ? day : [day];
}

/** The stored week in either form as WeeklyHours; null when unknown (null or not valid). */
export function weekOf(hours: unknown): WeeklyHours | null {
  if (hours === null || hours === undefined || typeof hours !== 'object' || Array.isArray(hours))
    return null;
  const h = hours as Record<string, unknown>;
  const week = {} as Record<Weekday, unknown>;
  for (const d of WEEKDAYS) week[d] = dayList(h[d]);
  try {
    return parseWeeklyHours(week);
  } catch (e) {
    if (e instanceof InvalidHoursError) return null;
    throw e;
  }
}

function policyOf(kind: string, ranges: unknown): HolidayPolicy {
  try {
    return parseHolidayPolicy(kind === 'hours' ? ranges : kind);
  } catch (e) {
    if (e instanceof InvalidHoursError) return CLOSED_ON_HOLIDAYS;
    throw e;
  }
}

function exceptionsOf(rows: ClinicScheduleJson['exceptions']): HoursException[] {
  const out: HoursException[] = [];
  for (const [i, r] of (rows ?? []).entries()) {
    const input: Record<string, unknown> = { date: r.date };
    if (r.ranges === null) input.closed = true;
    else input.ranges = r.ranges;
    if (r.reason !== null && r.reason.trim() !== '') input.reason = r.reason;
    try {
      out.push(parseHoursException(input, `exceptions[${i}]`));
    } catch (e) {
      if (!(e instanceof InvalidHoursError)) throw e;
    }
  }
  return out;
}

/** The value of `clinicScheduleSql` as the clinic's schedule and graded status. */
export function scheduleOf(json: ClinicScheduleJson): ClinicScheduleStatus {
  const status: AcceptingStatus = isAcceptingStatus(json.accepting_status)
    ? json.accepting_status
    : 'unknown';
  return {
    schedule: {
      week: weekOf(json.hours),
      holidays: policyOf(json.holiday_policy, json.holiday_ranges),
      exceptions: exceptionsOf(json.exceptions),
    },
    acceptingStatus: status,
    acceptingCheckedAt: json.checked_at === null ? null : new Date(json.checked_at),
  };
}
