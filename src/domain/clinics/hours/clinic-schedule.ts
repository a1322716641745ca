import { dateToDay, LocalDate } from './toronto-time';
import { DayRanges, InvalidHoursError, parseDayRanges, WeeklyHours } from './weekly-hours';

/** Longest `reason` kept on an exception. */
export const MAX_REASON_LENGTH = 200;

/**
 * A dated change to the regular week: closed all day, or open only during `ranges` (which replace
 * that weekday's ranges). `reason` is free text for people ("Staff training", "Boxing Day").
 */
export type HoursException =
  | { readonly date: LocalDate; readonly closed: true; readonly reason?: string }
  | { readonly date: LocalDate; readonly ranges: DayRanges; readonly reason?: string };

/**
 * What a clinic does on Ontario's public holidays: `closed` (the default: the law's holidays close
 * a clinic unless it says otherwise), `regular` (open as on any other day of that weekday, as an
 * emergency-minded outpatient clinic may be), or `hours` (these ranges on every public holiday,
 * as many walk-ins do). A dated exception on a holiday wins over the policy.
 */
export type HolidayPolicy =
  | { readonly kind: 'closed' }
  | { readonly kind: 'regular' }
  | { readonly kind: 'hours'; readonly ranges: DayRanges };

export const CLOSED_ON_HOLIDAYS: HolidayPolicy = { kind: 'closed' };

/**
 * Everything needed to say when a clinic is open. `week: null` means its hours are unknown: then
 * it is neither open nor closed (openNow null) and only its own exceptions are listed.
 */
export interface ClinicSchedule {
  readonly week: WeeklyHours | null;
  readonly holidays: HolidayPolicy;
  readonly exceptions: readonly HoursException[];
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Whether an exception closes the whole day. */
export function isClosedException(
  e: HoursException,
): e is Extract<HoursException, { closed: true }> {
  return 'closed' in e;
}

/**
 * One exception, checked: `{date, closed: true, reason?}` or `{date, ranges, reason?}` with a real
 * calendar date and ranges as a weekday's (a day with no opening is `closed: true`, not `[]`).
 */
export function parseHoursException(input: unknown, path: string): HoursException {
  if (!isPlainObject(input))
    throw new InvalidHoursError(path, 'expected {date, closed: true} or {date, ranges}');
  for (const k of Object.keys(input)) {
    if (!['date', 'closed', 'ranges', 'reason'].includes(k))
      throw new InvalidHoursError(
        path,
        `unknown field "${k}" (expected date, closed or ranges, reason)`,
      );
  }
  const { date, reason } = input;
  if (typeof date !== 'string' || dateToDay(date) === null)
    throw new InvalidHoursError(
      `${path}.date`,
      `${JSON.stringify(date)} is not a calendar date YYYY-MM-DD`,
    );
  if (reason !== undefined) {
    if (typeof reason !== 'string' || reason.trim() === '' || reason.length > MAX_REASON_LENGTH)
      throw new InvalidHoursError(
        `${path}.reason`,
        `expected text of 1 to ${MAX_REASON_LENGTH} characters`,
      );
  }
  const withReason = reason === undefined ? {} : { reason };
  if ('closed' in input && 'ranges' in input)
    throw new InvalidHoursError(path, 'give either closed: true or ranges, not both');
  if ('closed' in input) {
    if (input.closed !== true)
      throw new InvalidHoursError(
        `${path}.closed`,
        'must be true (a day with special opening hours gives ranges instead)',
      );
    return { date, closed: true, ...withReason };
  }
  if (!('ranges' in input))
    throw new InvalidHoursError(path, "give closed: true or the day's ranges");
  const ranges = parseDayRanges(input.ranges, `${path}.ranges`);
  if (ranges.length === 0)
    throw new InvalidHoursError(`${path}.ranges`, 'empty; a day with no opening is closed: true');
  return { date, ranges, ...withReason };
}

/** A clinic's exceptions, checked, at most one per date, in date order. */
export function parseHoursExceptions(input: unknown, path = 'exceptions'): HoursException[] {
  if (!Array.isArray(input)) throw new InvalidHoursError(path, 'expected a list of exceptions');
  const parsed = input.map((e: unknown, i) => parseHoursException(e, `${path}[${i}]`));
  const seen = new Set<string>();
  parsed.forEach((e, i) => {
    if (seen.has(e.date))
      throw new InvalidHoursError(`${path}[${i}].date`, `${e.date} has more than one exception`);
    seen.add(e.date);
  });
  return parsed.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/**
 * The holiday policy, checked: absent (null or undefined) or `"closed"` → closed, `"regular"`,
 * or a list of ranges (holiday hours).
 */
export function parseHolidayPolicy(input: unknown, path = 'holidays'): HolidayPolicy {
  if (input === undefined || input === null || input === 'closed') return CLOSED_ON_HOLIDAYS;
  if (input === 'regular') return { kind: 'regular' };
  if (Array.isArray(input)) {
    const ranges = parseDayRanges(input, path);
    return ranges.length === 0 ? CLOSED_ON_HOLIDAYS : { kind: 'hours', ranges };
  }
  throw new InvalidHoursError(
    path,
    'expected "closed" (the default), "regular" or a list of {open, close} holiday hours',
  );
}
