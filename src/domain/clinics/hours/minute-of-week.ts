import { WEEKDAYS } from '../clinic-hours';
import { DAY_MINUTES, isoWeekdayIndex } from './toronto-time';
import { DayRanges, rangeMinutes, WeeklyHours } from './weekly-hours';

/**
 * A week as integer minutes, Monday 00:00 = 0 to Sunday 24:00 = 10080, so that "open at this
 * wall-clock moment" becomes "this integer is inside one of these ranges": a test a database can
 * answer from an index (a PostgreSQL int4multirange and `@>`; see docs/hours.md). The wall clock
 * already has the daylight-saving changes in it, so the minutes need no time zone.
 */
export const WEEK_MINUTES = 7 * DAY_MINUTES;

/** Half-open [start, end) minute ranges, sorted, none touching or overlapping. */
export type MinuteRanges = [number, number][];

/** The minute of the week of a day number (days since 1970-01-01) and a minute of that day. */
export function minuteOfWeek(day: number, minuteOfDay: number): number {
  return isoWeekdayIndex(day) * DAY_MINUTES + minuteOfDay;
}

function joined(ranges: [number, number][]): MinuteRanges {
  const out: MinuteRanges = [];
  for (const [a, b] of [...ranges].sort((x, y) => x[0] - y[0])) {
    const prev = out[out.length - 1];
    if (prev && a <= prev[1]) prev[1] = Math.max(prev[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** A day's ranges as minutes of the day (0 … 1440), touching ranges joined. */
export function dayMinuteRanges(ranges: DayRanges): MinuteRanges {
  return joined(ranges.map(rangeMinutes));
}

/**
 * The week as minutes of the week (0 … 10080), touching ranges joined, across midnight too
 * (Monday 24:00 and Tuesday 00:00 make one range). Sunday 24:00 to Monday 00:00 stays two
 * ranges, [x, 10080) and [0, y): a point test needs no wrap.
 */
export function weekMinuteRanges(week: WeeklyHours): MinuteRanges {
  return joined(
    WEEKDAYS.flatMap((d, i) =>
      week[d].map((r): [number, number] => {
        const [open, close] = rangeMinutes(r);
        return [i * DAY_MINUTES + open, i * DAY_MINUTES + close];
      }),
    ),
  );
}

/** Whether a minute is inside the ranges (start included, end excluded). */
export function containsMinute(ranges: MinuteRanges, minute: number): boolean {
  return ranges.some(([a, b]) => a <= minute && minute < b);
}

/** The ranges as a PostgreSQL int4multirange literal: `{[480,720),[780,1200)}`; `{}` when none. */
export function toInt4Multirange(ranges: MinuteRanges): string {
  return `{${ranges.map(([a, b]) => `[${a},${b})`).join(',')}}`;
}
