/** Days of the week, in the order used everywhere (Monday first, as Ontario clinics list them). */
export type Weekday = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';

export const WEEKDAYS: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

/** Monday to Friday: the days that count for `evening` and for the `hours.weekday` summary. */
export const WORKING_DAYS: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri'];

/** Opening span of one day, local time, "HH:MM" on a 24-hour clock; `close` is later than `open`. */
export interface DayHours {
  open: string;
  close: string;
}

/** A clinic's weekly hours; `null` means closed that day. */
export type WeeklyHours = Record<Weekday, DayHours | null>;

/** What `weekdaySummary` answers when the clinic is closed Monday to Friday. */
export const CLOSED_ALL_WEEKDAYS = 'closed';

/** "Open after 5 PM" (decisions.md): closing strictly later than 17:00. */
const EVENING_AFTER_MINUTES = 17 * 60;

/** Minutes since midnight of "H:MM" or "HH:MM"; throws on anything else so bad data fails loudly. */
export function minutesOfDay(time: string): number {
  const m = /^(\d{1,2}):(\d{2})$/.exec(time);
  if (!m) throw new Error(`Invalid time of day "${time}": expected HH:MM`);
  const hours = Number(m[1]);
  const minutes = Number(m[2]);
  if (hours > 24 || minutes > 59 || (hours === 24 && minutes > 0)) {
    throw new Error(`Invalid time of day "${time}"`);
  }
  return hours * 60 + minutes;
}

/** True when the clinic is open after 17:00 on at least one day from Monday to Friday. */
export function isOpenEvening(h: WeeklyHours): boolean {
  return WORKING_DAYS.some((d) => {
    const day = h[d];
    return day !== null && minutesOfDay(day.close) > EVENING_AFTER_MINUTES;
  });
}

/** True when the clinic opens on Saturday or Sunday. */
export function isOpenWeekend(h: WeeklyHours): boolean {
  return h.sat !== null || h.sun !== null;
}

function formatTime(minutes: number, padHour: boolean): string {
  const hour = String(Math.floor(minutes / 60));
  const minute = String(minutes % 60).padStart(2, '0');
  return `${padHour ? hour.padStart(2, '0') : hour}:${minute}`;
}

/**
 * The contract's `hours.weekday` string, `H:MM-HH:MM` ("9:00-17:00", "8:30-20:00"): the opening
 * span used on most days from Monday to Friday. A tie goes to the span seen first from Monday,
 * so the answer never depends on object key order. A clinic closed on every weekday (a
 * weekend-only clinic) answers "closed" ({@link CLOSED_ALL_WEEKDAYS}), as the contract's form
 * has no way to say that.
 */
export function weekdaySummary(h: WeeklyHours): string {
  const counts = new Map<string, number>();
  let best: string | undefined;
  let bestCount = 0;
  for (const d of WORKING_DAYS) {
    const day = h[d];
    if (day === null) continue;
    const key = `${formatTime(minutesOfDay(day.open), false)}-${formatTime(minutesOfDay(day.close), true)}`;
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    // Strictly greater: an equal count later in the week does not replace the earlier span.
    if (count > bestCount) {
      best = key;
      bestCount = count;
    }
  }
  return best ?? CLOSED_ALL_WEEKDAYS;
}
