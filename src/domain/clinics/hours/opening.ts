import { Weekday, WEEKDAYS } from '../clinic-hours';
import { ClinicSchedule, HoursException, isClosedException } from './clinic-schedule';
import { HolidayCalendar, PublicHoliday } from './public-holidays';
import {
  DAY_MS,
  dateToDay,
  dayToDate,
  formatToronto,
  isoWeekdayIndex,
  MINUTE_MS,
  offsetSegments,
  wallDay,
  wallMs,
} from './toronto-time';
import { DayRanges, rangeMinutes } from './weekly-hours';

/** `nextOpen` and `nextClose` look this far ahead (Google Places' `nextOpenTime` does the same). */
export const NEXT_WITHIN_DAYS = 7;
/** `hours.exceptions` lists the dates from today through today + 60 (the `openAt` window). */
export const EXCEPTIONS_AHEAD_DAYS = 60;

/** A clinic's opening answer at an instant. */
export interface OpeningAnswer {
  /** Open at the instant; null when the clinic's hours are unknown. */
  readonly openNow: boolean | null;
  /** The next instant after now at which the clinic opens, within 7 days, Toronto offset. */
  readonly nextOpen: string | null;
  /** The next instant after now at which the clinic closes, within 7 days, Toronto offset. */
  readonly nextClose: string | null;
  /** Dated closures and special hours from today through today + 60, holidays included. */
  readonly exceptions: readonly HoursException[];
}

function weekdayOfDay(day: number): Weekday {
  return WEEKDAYS[isoWeekdayIndex(day)];
}

/** The year of a day number; the bounds of the last year asked are kept (calls come in runs). */
let lastYear = { year: 1970, first: 0, last: 364 };
function yearOfDay(day: number): number {
  if (day < lastYear.first || day > lastYear.last) {
    const year = new Date(day * DAY_MS).getUTCFullYear();
    lastYear = {
      year,
      first: Date.UTC(year, 0, 1) / DAY_MS,
      last: Date.UTC(year + 1, 0, 1) / DAY_MS - 1,
    };
  }
  return lastYear.year;
}

/** Resolves a day's ranges for one schedule: exception, then holiday policy, then the week. */
class DayResolver {
  private readonly exceptions = new Map<number, HoursException>();
  private readonly holidayYears = new Map<number, Map<number, PublicHoliday>>();

  constructor(
    private readonly schedule: ClinicSchedule,
    private readonly calendar: HolidayCalendar,
  ) {
    for (const e of schedule.exceptions) {
      const day = dateToDay(e.date);
      if (day !== null) this.exceptions.set(day, e);
    }
  }

  exception(day: number): HoursException | undefined {
    return this.exceptions.get(day);
  }

  holiday(day: number): PublicHoliday | undefined {
    const year = yearOfDay(day);
    let byDay = this.holidayYears.get(year);
    if (!byDay) {
      byDay = new Map();
      for (const h of this.calendar.publicHolidays(year)) {
        const hd = dateToDay(h.date);
        if (hd !== null) byDay.set(hd, h);
      }
      this.holidayYears.set(year, byDay);
    }
    return byDay.get(day);
  }

  /** The day's openings; the week must be known. */
  ranges(day: number): DayRanges {
    const week = this.schedule.week;
    if (week === null) return [];
    const e = this.exceptions.get(day);
    if (e) return isClosedException(e) ? [] : e.ranges;
    const policy = this.schedule.holidays;
    if (policy.kind !== 'regular' && this.holiday(day)) {
      return policy.kind === 'hours' ? policy.ranges : [];
    }
    return week[weekdayOfDay(day)];
  }
}

function openInRanges(ranges: DayRanges, minute: number): boolean {
  return ranges.some((r) => {
    const [open, close] = rangeMinutes(r);
    return open <= minute && minute < close;
  });
}

/**
 * Whether the clinic is open at an instant (Toronto wall clock; a range includes its opening
 * minute and excludes its closing one), or null when its hours are unknown. The fast path for
 * lists: no look-ahead.
 */
export function isOpenAt(
  schedule: ClinicSchedule,
  instant: number,
  calendar: HolidayCalendar,
): boolean | null {
  if (schedule.week === null) return null;
  const wall = wallMs(instant);
  const day = wallDay(wall);
  return openInRanges(
    new DayResolver(schedule, calendar).ranges(day),
    (wall - day * DAY_MS) / MINUTE_MS,
  );
}

/** Wall-clock open intervals [start, end) for days first … last, touching ones joined. */
function wallIntervals(resolver: DayResolver, first: number, last: number): [number, number][] {
  const out: [number, number][] = [];
  for (let day = first; day <= last; day++) {
    for (const r of resolver.ranges(day)) {
      const [open, close] = rangeMinutes(r);
      const start = day * DAY_MS + open * MINUTE_MS;
      const end = day * DAY_MS + close * MINUTE_MS;
      const prev = out[out.length - 1];
      if (prev && start <= prev[1]) prev[1] = Math.max(prev[1], end);
      else out.push([start, end]);
    }
  }
  return out;
}

/**
 * The next opening and closing after `now` (strictly later), within {@link NEXT_WITHIN_DAYS}.
 * Openness is a function of the Toronto wall clock, so it changes only where the wall clock
 * crosses a range's edge, or jumps at a daylight-saving change. Each edge is turned into the
 * instants at which it happens in each constant-offset stretch (none for an edge inside the
 * spring-forward gap, two for one inside the fall-back hour), the changes are added, and each
 * candidate is kept if openness really differs just before and at it.
 */
function nextChanges(
  resolver: DayResolver,
  now: number,
): { nextOpen: number | null; nextClose: number | null } {
  const horizon = now + NEXT_WITHIN_DAYS * DAY_MS;
  const segments = offsetSegments(now, horizon + 1);
  const today = wallDay(wallMs(now));
  const intervals = wallIntervals(resolver, today - 1, today + NEXT_WITHIN_DAYS + 1);

  const offsetAt = (t: number): number => {
    for (const s of segments) if (t >= s.start && t < s.end) return s.offset;
    return segments[segments.length - 1].offset;
  };
  const openAt = (t: number): boolean => {
    const w = t + offsetAt(t) * MINUTE_MS;
    return intervals.some(([a, b]) => a <= w && w < b);
  };

  const candidates = new Set<number>();
  for (const [a, b] of intervals) {
    for (const edge of [a, b]) {
      for (const s of segments) {
        const t = edge - s.offset * MINUTE_MS;
        if (t >= s.start && t < s.end) candidates.add(t);
      }
    }
  }
  for (const s of segments.slice(1)) candidates.add(s.start);

  let nextOpen: number | null = null;
  let nextClose: number | null = null;
  for (const t of [...candidates].filter((c) => c > now && c <= horizon).sort((x, y) => x - y)) {
    const before = openAt(t - 1);
    const after = openAt(t);
    if (!before && after && nextOpen === null) nextOpen = t;
    if (before && !after && nextClose === null) nextClose = t;
    if (nextOpen !== null && nextClose !== null) break;
  }
  return { nextOpen, nextClose };
}

/** Exceptions from `first` through `last`: the clinic's own, and the holidays' per its policy. */
function upcomingExceptions(
  schedule: ClinicSchedule,
  resolver: DayResolver,
  first: number,
  last: number,
): HoursException[] {
  const out: HoursException[] = [];
  for (let day = first; day <= last; day++) {
    const own = resolver.exception(day);
    const holiday = resolver.holiday(day);
    if (own) {
      out.push(own.reason === undefined && holiday ? { ...own, reason: holiday.name } : own);
      continue;
    }
    // Unknown hours: whether the clinic keeps the holiday is unknown too.
    if (!holiday || schedule.week === null) continue;
    const date = dayToDate(day);
    const policy = schedule.holidays;
    if (policy.kind === 'closed') out.push({ date, closed: true, reason: holiday.name });
    else if (policy.kind === 'hours')
      out.push({ date, ranges: policy.ranges, reason: holiday.name });
  }
  return out;
}

/**
 * The whole answer at `now`: open now, next opening and closing (strictly after now, within 7
 * days, written with Toronto's offset), and the exceptions of the next 60 days. Every time is the
 * Toronto wall clock, across the daylight-saving changes; a range ending 24:00 and the next day's
 * range starting 00:00 are one opening.
 */
export function openingAnswer(
  schedule: ClinicSchedule,
  now: number,
  calendar: HolidayCalendar,
): OpeningAnswer {
  const resolver = new DayResolver(schedule, calendar);
  const wall = wallMs(now);
  const today = wallDay(wall);
  const exceptions = upcomingExceptions(schedule, resolver, today, today + EXCEPTIONS_AHEAD_DAYS);
  if (schedule.week === null) return { openNow: null, nextOpen: null, nextClose: null, exceptions };
  const openNow = openInRanges(resolver.ranges(today), (wall - today * DAY_MS) / MINUTE_MS);
  const { nextOpen, nextClose } = nextChanges(resolver, now);
  return {
    openNow,
    nextOpen: nextOpen === null ? null : formatToronto(nextOpen),
    nextClose: nextClose === null ? null : formatToronto(nextClose),
    exceptions,
  };
}
