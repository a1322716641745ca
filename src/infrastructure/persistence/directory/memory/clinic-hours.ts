import { OpenMoment } from '../../../../domain/directory/criteria';
import { Bits, emptyBits } from './bitset';

/** Ranges [lo, hi) of minutes, per clinic: clinic c's are lo/hi[start[c] .. start[c + 1]). */
interface Ranges {
  readonly start: Int32Array;
  readonly lo: Int32Array;
  readonly hi: Int32Array;
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

function packed(rows: readonly (string | null)[]): { ranges: Ranges; known: Uint8Array } {
  const start = new Int32Array(rows.length + 1);
  const lo: number[] = [];
  const hi: number[] = [];
  const known = new Uint8Array(rows.length);
  rows.forEach((text, c) => {
    if (text !== null) {
      known[c] = 1;
      for (const [a, b] of parseMultirange(text)) {
        lo.push(a);
        hi.push(b);
      }
    }
    start[c + 1] = lo.length;
  });
  return { ranges: { start, lo: Int32Array.from(lo), hi: Int32Array.from(hi) }, known };
}

function contains(r: Ranges, c: number, minute: number): boolean {
  for (let i = r.start[c]; i < r.start[c + 1]; i++)
    if (r.lo[i] <= minute && minute < r.hi[i]) return true;
  return false;
}

const CACHED_MOMENTS = 64;

/**
 * The clinics' opening hours in memory, answering which clinics are open at a moment exactly as
 * `clinic_open_at()` (migration 1766900000000) does: unknown hours are never open; the clinic's
 * exception for the date decides, else on a public holiday its holiday minutes when it has them,
 * else its week's minutes. The answer for a moment is one byte per clinic, kept for the last
 * moments asked (openNow changes every minute).
 */
export class ClinicHours {
  private readonly week: Ranges;
  private readonly holiday: Ranges;
  private readonly weekKnown: Uint8Array;
  private readonly holidayKnown: Uint8Array;
  /** Per date: the clinics with an exception that day, and its ranges. */
  private readonly exceptions = new Map<string, Map<number, [number, number][]>>();
  private readonly moments = new Map<string, Uint8Array>();

  constructor(
    readonly clinics: number,
    rows: readonly ClinicHoursRow[],
    exceptions: readonly ExceptionRow[],
  ) {
    const w = packed(rows.map((r) => r.week));
    const h = packed(rows.map((r) => r.holiday));
    this.week = w.ranges;
    this.weekKnown = w.known;
    this.holiday = h.ranges;
    this.holidayKnown = h.known;
    for (const e of exceptions) {
      let day = this.exceptions.get(e.date);
      if (!day) this.exceptions.set(e.date, (day = new Map<number, [number, number][]>()));
      day.set(e.clinic, parseMultirange(e.minutes));
    }
  }

  /** Each clinic's openNow at `m` as clinic_open_at() answers it: null when its week is unknown. */
  openNowAt(m: OpenMoment): (clinic: number) => boolean | null {
    const open = this.openAt(m);
    return (c) => (this.weekKnown[c] ? open[c] === 1 : null);
  }

  /** 1 for each clinic open at `m`, by clinic index. */
  openAt(m: OpenMoment): Uint8Array {
    const key = `${m.date}|${m.minuteOfDay}|${m.minuteOfWeek}|${m.isHoliday}`;
    const hit = this.moments.get(key);
    if (hit) return hit;
    const open = new Uint8Array(this.clinics);
    const day = this.exceptions.get(m.date);
    for (let c = 0; c < this.clinics; c++) {
      if (!this.weekKnown[c]) continue;
      const e = day?.get(c);
      if (e) open[c] = e.some(([a, b]) => a <= m.minuteOfDay && m.minuteOfDay < b) ? 1 : 0;
      else if (m.isHoliday && this.holidayKnown[c])
        open[c] = contains(this.holiday, c, m.minuteOfDay) ? 1 : 0;
      else open[c] = contains(this.week, c, m.minuteOfWeek) ? 1 : 0;
    }
    if (this.moments.size >= CACHED_MOMENTS) this.moments.delete(this.moments.keys().next().value!);
    this.moments.set(key, open);
    return open;
  }
}

/**
 * The rows (`n`, each at clinic `clinicOf[row]`, or clinic `row` itself) whose clinic is open at a
 * moment, as a set, kept for the last moments asked.
 */
export class OpenSets {
  private readonly sets = new Map<string, Bits>();

  constructor(
    private readonly hours: ClinicHours,
    private readonly n: number,
    private readonly clinicOf?: Int32Array,
  ) {}

  at(m: OpenMoment): Bits {
    const key = `${m.date}|${m.minuteOfDay}|${m.minuteOfWeek}|${m.isHoliday}`;
    const hit = this.sets.get(key);
    if (hit) return hit;
    const open = this.hours.openAt(m);
    const bits = emptyBits(this.n);
    const of = this.clinicOf;
    for (let i = 0; i < this.n; i++) if (open[of ? of[i] : i] === 1) bits[i >>> 5] |= 1 << (i & 31);
    if (this.sets.size >= CACHED_MOMENTS) this.sets.delete(this.sets.keys().next().value!);
    this.sets.set(key, bits);
    return bits;
  }
}
