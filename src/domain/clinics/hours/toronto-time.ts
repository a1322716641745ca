/**
 * Wall-clock time in America/Toronto through the runtime's Intl (ICU's time-zone data), with no
 * time-zone library. Instants are epoch milliseconds; a "wall" time is the Toronto clock reading
 * written as if it were UTC milliseconds (so date arithmetic on it is plain integer arithmetic).
 */
export const TORONTO = 'America/Toronto';

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;
export const DAY_MINUTES = 1440;

/** A calendar date in Toronto, `YYYY-MM-DD`. */
export type LocalDate = string;

const wallParts = new Intl.DateTimeFormat('en-US', {
  timeZone: TORONTO,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Toronto's offset at an instant through Intl (about 30 µs a call, hence the cache below). */
function exactOffsetMinutes(instant: number): number {
  const p: Record<string, number> = {};
  for (const part of wallParts.formatToParts(instant)) {
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  }
  const wholeSecond = instant - (((instant % 1000) + 1000) % 1000);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((wall - wholeSecond) / MINUTE_MS);
}

const HOUR_MS = 3_600_000;
/** Offset of each UTC hour seen, or null for an hour with a change inside it. */
const hourOffsets = new Map<number, number | null>();

/**
 * Toronto's offset from UTC at an instant, in minutes (-300 in winter, -240 in summer). Cached
 * per UTC hour: an hour whose first and last millisecond have the same offset has it throughout
 * (changes are months apart), and an hour with a change is asked of Intl each time. Offsets are
 * whole minutes since Toronto left local mean time in 1895.
 */
export function offsetMinutes(instant: number): number {
  const hour = Math.floor(instant / HOUR_MS);
  let offset = hourOffsets.get(hour);
  if (offset === undefined) {
    const first = exactOffsetMinutes(hour * HOUR_MS);
    offset = first === exactOffsetMinutes(hour * HOUR_MS + HOUR_MS - 1) ? first : null;
    if (hourOffsets.size >= 100_000) hourOffsets.clear();
    hourOffsets.set(hour, offset);
  }
  return offset ?? exactOffsetMinutes(instant);
}

/** The Toronto wall-clock reading of an instant, as UTC-like milliseconds (ms kept). */
export function wallMs(instant: number): number {
  return instant + offsetMinutes(instant) * MINUTE_MS;
}

/** The day number (days since 1970-01-01) of a wall time. */
export function wallDay(wall: number): number {
  return Math.floor(wall / DAY_MS);
}

export function dayToDate(day: number): LocalDate {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Day number of a `YYYY-MM-DD` date, or null when it is not a real calendar date. */
export function dateToDay(date: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = Date.UTC(y, mo - 1, d);
  const check = new Date(t);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d)
    return null;
  return t / DAY_MS;
}

/** Monday 0 … Sunday 6 of a day number (1970-01-01 was a Thursday). */
export function isoWeekdayIndex(day: number): number {
  return (((day + 3) % 7) + 7) % 7;
}

/** The Toronto calendar date of an instant. */
export function torontoDate(instant: number): LocalDate {
  return dayToDate(wallDay(wallMs(instant)));
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/**
 * An instant written with Toronto's offset at that instant, to the second:
 * `2026-12-26T10:00:00-05:00`. Milliseconds are dropped (openings start on whole minutes).
 */
export function formatToronto(instant: number): string {
  const wall = wallMs(instant);
  const offset = Math.round((wall - instant) / MINUTE_MS);
  const iso = new Date(wall - (((wall % 1000) + 1000) % 1000)).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${iso}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * The instants at which a Toronto wall-clock reading occurs: none in the spring-forward gap
 * (02:00–03:00 on the second Sunday of March), two in the fall-back hour (01:00–02:00 on the
 * first Sunday of November), one otherwise; earliest first.
 */
export function instantsOfWall(wall: number): number[] {
  const candidates = new Set<number>();
  for (const probe of [wall - DAY_MS, wall + DAY_MS]) candidates.add(offsetMinutes(probe));
  const found: number[] = [];
  for (const offset of candidates) {
    const instant = wall - offset * MINUTE_MS;
    if (offsetMinutes(instant) === offset) found.push(instant);
  }
  return found.sort((a, b) => a - b);
}

/** A stretch of time with one UTC offset: [start, end) in instants. */
export interface OffsetSegment {
  readonly start: number;
  readonly end: number;
  readonly offset: number;
}

/**
 * The constant-offset stretches covering [from, to): one, or more where a daylight-saving change
 * falls inside. Changes are found by sampling every 12 hours (Toronto's changes are months apart)
 * and a binary search to the minute (offsets and changes fall on whole minutes).
 */
export function offsetSegments(from: number, to: number): OffsetSegment[] {
  const segments: OffsetSegment[] = [];
  let start = from;
  let offset = offsetMinutes(from);
  const step = DAY_MS / 2;
  let oa = offset;
  for (let a = from; a < to; a += step) {
    const b = Math.min(a + step, to);
    const ob = offsetMinutes(b);
    if (ob === oa) continue;
    oa = ob;
    // First whole minute in (a, b] with offset ob.
    let lo = Math.floor(a / MINUTE_MS);
    let hi = Math.ceil(b / MINUTE_MS);
    while (hi - lo > 1) {
      const mid = lo + Math.floor((hi - lo) / 2);
      if (offsetMinutes(mid * MINUTE_MS) === ob) hi = mid;
      else lo = mid;
    }
    const change = hi * MINUTE_MS;
    segments.push({ start, end: change, offset });
    start = change;
    offset = ob;
  }
  segments.push({ start, end: to, offset });
  return segments;
}
