import { OpenMoment } from '../../../../domain/directory/criteria';
import { Bits, emptyBits } from './bitset';

/** Distinct schedules (each a list of [lo, hi) minute ranges), and each clinic's (-1: unknown). */
interface Schedules {
  /** Schedule s's ranges are lo/hi[start[s] .. start[s + 1]). */
  readonly start: Int32Array;
  readonly lo: Int32Array;
  readonly hi: Int32Array;
  /** Per clinic: its schedule, or -1 when its hours are unknown (null). */
  readonly of: Int32Array;
  /** Every range's ends, sorted and distinct: minutes between two of them are open alike. */
  readonly bounds: Int32Array;
}

/** One clinic's hours as read: its multiranges as text (null when unknown / not set). */
export interface ClinicHoursRow {
  readonly week: string | null;
  readonly holiday: string | null;
}

/** A dated exception: the clinic's index, the date, its minutes of the day as text. */
export interface ExceptionRow {
  readonly clinic: number;
  readonly date: string;
  readonly minutes: string;
}

const RANGE = /\[(-?\d+),(-?\d+)\)/g;

/** The ranges of an int4multirange's text ('{[540,1020),[1980,2460)}'), canonical [lo, hi). */
export function parseMultirange(text: string): [number, number][] {
  const out: [number, number][] = [];
  for (const m of text.matchAll(RANGE)) out.push([Number(m[1]), Number(m[2])]);
  return out;
}

/**
 * The clinics' multiranges, each distinct text parsed once: the demo's 266,667 clinics share
 * 3,575 weeks, so a moment is decided per schedule and then looked up per clinic.
 */
function schedules(rows: readonly (string | null)[]): Schedules {
  const byText = new Map<string, number>();
  const of = new Int32Array(rows.length).fill(-1);
  const start: number[] = [0];
  const lo: number[] = [];
  const hi: number[] = [];
  const ends = new Set<number>();
  rows.forEach((text, c) => {
    if (text === null) return;
    let s = byText.get(text);
    if (s === undefined) {
      byText.set(text, (s = start.length - 1));
      for (const [a, b] of parseMultirange(text)) {
        lo.push(a);
        hi.push(b);
        ends.add(a).add(b);
      }
      start.push(lo.length);
    }
    of[c] = s;
  });
  return {
    start: Int32Array.from(start),
    lo: Int32Array.from(lo),
    hi: Int32Array.from(hi),
    of,
    bounds: Int32Array.from([...ends].sort((a, b) => a - b)),
  };
}

/** A day's range ends, sorted and distinct. */
function sortBounds(day: { bounds: number[] }): void {
  day.bounds.splice(0, day.bounds.length, ...new Set(day.bounds.sort((a, b) => a - b)));
}

/**
 * `s` with clinic `c` on the schedule of `text` (null: unknown hours), added after the others
 * (a schedule no clinic has any more stays: it only makes the moments' keys finer).
 */
function withSchedule(s: Schedules, c: number, text: string | null): Schedules {
  if (text === null) {
    s.of[c] = -1;
    return s;
  }
  const ranges = parseMultirange(text);
  const at = s.start[s.start.length - 1];
  const start = new Int32Array(s.start.length + 1);
  start.set(s.start);
  start[s.start.length] = at + ranges.length;
  const lo = new Int32Array(at + ranges.length);
  const hi = new Int32Array(at + ranges.length);
  lo.set(s.lo);
  hi.set(s.hi);
  const ends = new Set(s.bounds);
  ranges.forEach(([a, b], k) => {
    lo[at + k] = a;
    hi[at + k] = b;
    ends.add(a).add(b);
  });
  s.of[c] = s.start.length - 1;
  return { start, lo, hi, of: s.of, bounds: Int32Array.from([...ends].sort((a, b) => a - b)) };
}

/** 1 for each schedule open at `minute`. */
function openSchedules(s: Schedules, minute: number): Uint8Array {
  const open = new Uint8Array(s.start.length - 1);
  for (let k = 0; k < open.length; k++)
    for (let i = s.start[k]; i < s.start[k + 1]; i++)
      if (s.lo[i] <= minute && minute < s.hi[i]) {
        open[k] = 1;
        break;
      }
  return open;
}

/**
 * How many of the ascending `sorted` are at most `x` (for ranges' ends and a minute: minutes with
 * the same count are inside the same ranges).
 */
export function countAtMost(sorted: ArrayLike<number>, x: number): number {
  let a = 0;
  let b = sorted.length;
  while (a < b) {
    const mid = (a + b) >>> 1;
    if (sorted[mid] <= x) a = mid + 1;
    else b = mid;
  }
  return a;
}

/** The dated exceptions of one day: each clinic's ranges, and their ends sorted. */
interface ExceptionDay {
  readonly clinics: Map<number, [number, number][]>;
  readonly bounds: number[];
}

const CACHED_MOMENTS = 64;

/**
 * The clinics' opening hours in memory, answering which clinics are open at a moment exactly as
 * `clinic_open_at()` (migration 1766900000000) does: unknown hours are never open; the clinic's
 * exception for the date decides, else on a public holiday its holiday minutes when it has them,
 * else its week's minutes.
 *
 * The answer for a moment is one byte per clinic, kept for the last moments asked under the
 * moment's `keyOf`: the minutes between two consecutive ends of any range (of the weeks, of the
 * holiday hours, of that day's exceptions) give the same answer, so openNow is computed again
 * only when some clinic opens or closes, and openAt's quarter hours mostly share one.
 */
export class ClinicHours {
  private week: Schedules;
  private holiday: Schedules;
  /** Per date: the clinics with an exception that day, and its ranges. */
  private readonly exceptions = new Map<string, ExceptionDay>();
  private readonly moments = new Map<string, Uint8Array>();

  constructor(
    readonly clinics: number,
    rows: readonly ClinicHoursRow[],
    exceptions: readonly ExceptionRow[],
  ) {
    this.week = schedules(rows.map((r) => r.week));
    this.holiday = schedules(rows.map((r) => r.holiday));
    for (const e of exceptions) {
      let day = this.exceptions.get(e.date);
      if (!day) this.exceptions.set(e.date, (day = { clinics: new Map(), bounds: [] }));
      const ranges = parseMultirange(e.minutes);
      day.clinics.set(e.clinic, ranges);
      for (const [a, b] of ranges) day.bounds.push(a, b);
    }
    for (const day of this.exceptions.values()) sortBounds(day);
  }

  /**
   * Clinic `c`'s hours as they are now: its week, its holiday hours and its dated exceptions (a
   * change applied in place: the copy's other clinics keep theirs). The moments answered are
   * forgotten.
   */
  replace(
    c: number,
    row: ClinicHoursRow,
    exceptions: readonly { readonly date: string; readonly minutes: string }[],
  ): void {
    this.week = withSchedule(this.week, c, row.week);
    this.holiday = withSchedule(this.holiday, c, row.holiday);
    for (const [date, day] of this.exceptions) {
      if (!day.clinics.delete(c)) continue;
      if (day.clinics.size === 0) this.exceptions.delete(date);
      else {
        day.bounds.length = 0;
        for (const ranges of day.clinics.values())
          for (const [a, b] of ranges) day.bounds.push(a, b);
        sortBounds(day);
      }
    }
    for (const e of exceptions) {
      let day = this.exceptions.get(e.date);
      if (!day) this.exceptions.set(e.date, (day = { clinics: new Map(), bounds: [] }));
      const ranges = parseMultirange(e.minutes);
      day.clinics.set(c, ranges);
      for (const [a, b] of ranges) day.bounds.push(a, b);
      sortBounds(day);
    }
    this.moments.clear();
  }

  /**
   * A key shared by exactly the moments whose answer is the same by construction: the interval
   * of the week's ends holding the minute of the week, on a holiday the interval of the holiday
   * hours' ends, and on a day with exceptions the date and the interval of its exceptions' ends.
   */
  keyOf(m: OpenMoment): string {
    const day = this.exceptions.get(m.date);
    const week = countAtMost(this.week.bounds, m.minuteOfWeek);
    const holiday = m.isHoliday ? countAtMost(this.holiday.bounds, m.minuteOfDay) : '';
    const dated = day ? `${m.date}:${countAtMost(day.bounds, m.minuteOfDay)}` : '';
    return `${week}|${holiday}|${dated}`;
  }

  /** Each clinic's openNow at `m` as clinic_open_at() answers it: null when its week is unknown. */
  openNowAt(m: OpenMoment): (clinic: number) => boolean | null {
    const open = this.openAt(m);
    const weekOf = this.week.of;
    return (c) => (weekOf[c] >= 0 ? open[c] === 1 : null);
  }

  /** 1 for each clinic open at `m`, by clinic index. */
  openAt(m: OpenMoment): Uint8Array {
    const key = this.keyOf(m);
    const hit = this.moments.get(key);
    if (hit) return hit;
    const open = new Uint8Array(this.clinics);
    const weekOf = this.week.of;
    const byWeek = openSchedules(this.week, m.minuteOfWeek);
    for (let c = 0; c < this.clinics; c++) {
      const s = weekOf[c];
      if (s >= 0) open[c] = byWeek[s];
    }
    if (m.isHoliday) {
      const holidayOf = this.holiday.of;
      const byHoliday = openSchedules(this.holiday, m.minuteOfDay);
      for (let c = 0; c < this.clinics; c++) {
        const h = holidayOf[c];
        if (h >= 0 && weekOf[c] >= 0) open[c] = byHoliday[h];
      }
    }
    const day = this.exceptions.get(m.date);
    if (day)
      for (const [c, ranges] of day.clinics)
        if (weekOf[c] >= 0)
          open[c] = ranges.some(([a, b]) => a <= m.minuteOfDay && m.minuteOfDay < b) ? 1 : 0;
    if (this.moments.size >= CACHED_MOMENTS) this.moments.delete(this.moments.keys().next().value!);
    this.moments.set(key, open);
    return open;
  }
}

/**
 * The rows (`n`, each at clinic `clinicOf[row]`, or clinic `row` itself) whose clinic is open at a
 * moment, as a set, kept for the last moments asked (under ClinicHours.keyOf).
 */
export class OpenSets {
  private readonly sets = new Map<string, Bits>();

  constructor(
    private readonly hours: ClinicHours,
    private readonly n: number,
    private readonly clinicOf?: Int32Array,
  ) {}

  /** Forgets the sets made (a change of the rows' clinics). */
  clear(): void {
    this.sets.clear();
  }

  at(m: OpenMoment): Bits {
    const key = this.hours.keyOf(m);
    const hit = this.sets.get(key);
    if (hit) return hit;
    const open = this.hours.openAt(m);
    const bits = emptyBits(this.n);
    const of = this.clinicOf;
    // A word at a time (no read-modify-write of the set per row).
    for (let w = 0, i = 0; i < this.n; w++) {
      const end = Math.min(i + 32, this.n);
      let word = 0;
      if (of) for (let j = 0; i < end; i++, j++) word |= open[of[i]] << j;
      else for (let j = 0; i < end; i++, j++) word |= open[i] << j;
      bits[w] = word;
    }
    if (this.sets.size >= CACHED_MOMENTS) this.sets.delete(this.sets.keys().next().value!);
    this.sets.set(key, bits);
    return bits;
  }
}
