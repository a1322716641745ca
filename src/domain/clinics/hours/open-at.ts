import { InvalidParamError } from '../../shared/domain-error';
import { minuteOfWeek } from './minute-of-week';
import {
  DAY_MS,
  dateToDay,
  dayToDate,
  instantsOfWall,
  LocalDate,
  MINUTE_MS,
  wallDay,
  wallMs,
} from './toronto-time';

/** `openAt` may be at most this many days after now. */
export const OPEN_AT_MAX_DAYS_AHEAD = 60;

/** A bad `openAt`: the HTTP layer answers 400 `invalid_param`. */
export class InvalidOpenAtError extends InvalidParamError {}

/** A checked `openAt`: the instant, and the Toronto wall clock the filters test. */
export interface OpenAt {
  readonly instant: number;
  readonly date: LocalDate;
  /** 0 … 1439, the minute of the Toronto day (seconds dropped). */
  readonly minuteOfDay: number;
  /** 0 … 10079 from Monday 00:00 (see minute-of-week.ts). */
  readonly minuteOfWeek: number;
}

const FORMAT =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})?$/;

const EXPECTED =
  'openAt must be an ISO 8601 date-time such as 2026-12-26T10:00 (Toronto time) or 2026-12-26T15:00:00Z / 2026-12-26T10:00-05:00';

/**
 * Parses `openAt`: `YYYY-MM-DDTHH:MM[:SS[.fff]]` with an optional `Z` or `±HH:MM` offset. Without
 * an offset it is Toronto's wall clock; a reading that occurs twice (01:00–02:00 on the fall-back
 * day) means the first, and one that never occurs (02:00–03:00 on the spring-forward day) is
 * refused. The instant must be today (Toronto) or later, and at most 60 days after `now`.
 */
export function parseOpenAt(text: unknown, now: number): OpenAt {
  if (typeof text !== 'string' || text.length > 40) throw new InvalidOpenAtError(EXPECTED);
  const m = FORMAT.exec(text);
  if (!m) throw new InvalidOpenAtError(EXPECTED);
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  const date = `${y}-${mo}-${d}`;
  const day = dateToDay(date);
  if (day === null) throw new InvalidOpenAtError(`openAt: ${date} is not a calendar date`);
  const [hour, minute, second] = [Number(h), Number(mi), Number(s ?? '0')];
  if (hour > 23 || minute > 59 || second > 59)
    throw new InvalidOpenAtError(`openAt: ${text.slice(11)} is not a time of day (00:00 to 23:59)`);
  const ms = frac ? Number(frac.slice(0, 3).padEnd(3, '0')) : 0;
  const wall = day * DAY_MS + ((hour * 60 + minute) * 60 + second) * 1000 + ms;

  let instant: number;
  if (zone) {
    let offset = 0;
    if (zone !== 'Z') {
      const [oh, om] = [Number(zone.slice(1, 3)), Number(zone.slice(4, 6))];
      if (oh > 18 || om > 59 || (oh === 18 && om > 0))
        throw new InvalidOpenAtError(`openAt: ${zone} is not a UTC offset (-18:00 to +18:00)`);
      offset = (zone[0] === '-' ? -1 : 1) * (oh * 60 + om);
    }
    instant = wall - offset * MINUTE_MS;
  } else {
    const instants = instantsOfWall(wall);
    if (instants.length === 0)
      throw new InvalidOpenAtError(
        `openAt: ${text} does not exist in Toronto (the clocks move from 02:00 to 03:00 that night); give a later time or an offset`,
      );
    instant = instants[0];
  }

  const today = wallDay(wallMs(now));
  const startOfToday = instantsOfWall(today * DAY_MS)[0];
  if (instant < startOfToday)
    throw new InvalidOpenAtError(
      `openAt: ${text} is in the past (it may be from today, ${dayToDate(today)}, up to ${OPEN_AT_MAX_DAYS_AHEAD} days ahead)`,
    );
  if (instant > now + OPEN_AT_MAX_DAYS_AHEAD * DAY_MS)
    throw new InvalidOpenAtError(
      `openAt: ${text} is more than ${OPEN_AT_MAX_DAYS_AHEAD} days ahead`,
    );

  const local = wallMs(instant);
  const localDay = wallDay(local);
  const minuteOfDay = Math.floor((local - localDay * DAY_MS) / MINUTE_MS);
  return {
    instant,
    date: dayToDate(localDay),
    minuteOfDay,
    minuteOfWeek: minuteOfWeek(localDay, minuteOfDay),
  };
}
