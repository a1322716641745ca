import { InvalidParamError } from '../../shared/domain-error';
import { Weekday, WEEKDAYS } from '../clinic-hours';

/** One opening of a day, Toronto wall-clock `HH:MM`; `close` may be `24:00` (the end of the day). */
export interface TimeRange {
  readonly open: string;
  readonly close: string;
}

/** A day's openings: sorted by `open`, none overlapping (touching is allowed); empty = closed. */
export type DayRanges = readonly TimeRange[];

/** A clinic's regular week, `mon` … `sun`. */
export type WeeklyHours = Readonly<Record<Weekday, DayRanges>>;

/** The interchange schema's limit (schemas/directory-record.schema.json, `ranges.maxItems`). */
export const MAX_RANGES_PER_DAY = 6;

/**
 * Hours that break a rule. `path` names the place (`week.mon[1].close`, `exceptions[0].date`) so
 * an import can report it per field and the HTTP layer can answer 400 `invalid_param`.
 */
export class InvalidHoursError extends InvalidParamError {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${path}: ${reason}`);
  }
}

const OPEN_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes since midnight of `HH:MM`; `24:00` (1440) only where `allowEndOfDay`; else null. */
export function parseTimeOfDay(text: unknown, allowEndOfDay: boolean): number | null {
  if (typeof text !== 'string') return null;
  if (text === '24:00') return allowEndOfDay ? 1440 : null;
  const m = OPEN_TIME.exec(text);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** `HH:MM` of minutes since midnight (0 … 1440). */
export function formatTimeOfDay(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Minutes of each valid time text (at most 1,441 of them), so hot paths parse each once. */
const minutesOfText = new Map<string, number>();
function cachedMinutes(text: string): number {
  let m = minutesOfText.get(text);
  if (m === undefined) {
    m = parseTimeOfDay(text, true) ?? NaN;
    if (!Number.isNaN(m)) minutesOfText.set(text, m);
  }
  return m;
}

/** [open, close) in minutes since midnight; the range must already be valid. */
export function rangeMinutes(r: TimeRange): [number, number] {
  return [cachedMinutes(r.open), cachedMinutes(r.close)];
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function onlyKeys(v: Record<string, unknown>, allowed: readonly string[], path: string): void {
  for (const k of Object.keys(v)) {
    if (!allowed.includes(k))
      throw new InvalidHoursError(path, `unknown field "${k}" (expected ${allowed.join(', ')})`);
  }
}

/**
 * A day's ranges, checked: each `{open, close}` with `HH:MM` times (`24:00` only as a close),
 * closing after it opens, at most {@link MAX_RANGES_PER_DAY}; sorted by opening time and none
 * overlapping another (one may start where the previous ends). Returns them sorted.
 */
export function parseDayRanges(input: unknown, path: string): DayRanges {
  if (!Array.isArray(input))
    throw new InvalidHoursError(path, 'expected a list of {open, close} ranges ([] when closed)');
  if (input.length > MAX_RANGES_PER_DAY)
    throw new InvalidHoursError(
      path,
      `${input.length} ranges; at most ${MAX_RANGES_PER_DAY} a day`,
    );
  const ranges = input.map((r: unknown, i): { range: TimeRange; open: number; close: number } => {
    const at = `${path}[${i}]`;
    if (!isPlainObject(r)) throw new InvalidHoursError(at, 'expected {open, close}');
    onlyKeys(r, ['open', 'close'], at);
    const open = parseTimeOfDay(r.open, false);
    if (open === null)
      throw new InvalidHoursError(
        `${at}.open`,
        `${JSON.stringify(r.open)} is not a time HH:MM from 00:00 to 23:59`,
      );
    const close = parseTimeOfDay(r.close, true);
    if (close === null)
      throw new InvalidHoursError(
        `${at}.close`,
        `${JSON.stringify(r.close)} is not a time HH:MM from 00:00 to 24:00`,
      );
    if (close <= open)
      throw new InvalidHoursError(
        at,
        `closes (${String(r.close)}) at or before it opens (${String(r.open)}); a range past midnight is written as two, ending 24:00 and starting 00:00 the next day`,
      );
    return { range: { open: r.open as string, close: r.close as string }, open, close };
  });
  ranges.sort((a, b) => a.open - b.open);
  for (let i = 1; i < ranges.length; i++) {
    const prev = ranges[i - 1];
    const cur = ranges[i];
    if (cur.open < prev.close)
      throw new InvalidHoursError(
        path,
        `ranges ${prev.range.open}–${prev.range.close} and ${cur.range.open}–${cur.range.close} overlap`,
      );
  }
  return ranges.map((r) => r.range);
}

/**
 * A week of hours, checked: an object with exactly the seven days `mon` … `sun`, each a list of
 * ranges as {@link parseDayRanges} checks them (sorted in the result).
 */
export function parseWeeklyHours(input: unknown, path = 'week'): WeeklyHours {
  if (!isPlainObject(input))
    throw new InvalidHoursError(path, `expected an object with the days ${WEEKDAYS.join(', ')}`);
  onlyKeys(input, WEEKDAYS, path);
  const week = {} as Record<Weekday, DayRanges>;
  for (const d of WEEKDAYS) {
    if (!(d in input)) throw new InvalidHoursError(`${path}.${d}`, 'missing ([] when closed)');
    week[d] = parseDayRanges(input[d], `${path}.${d}`);
  }
  return week;
}
