import { Injectable } from '@nestjs/common';
import { minuteOfWeek } from '../../domain/clinics/hours/minute-of-week';
import { parseOpenAt } from '../../domain/clinics/hours/open-at';
import { HolidayCalendar } from '../../domain/clinics/hours/public-holidays';
import {
  DAY_MS,
  dayToDate,
  LocalDate,
  MINUTE_MS,
  wallDay,
  wallMs,
} from '../../domain/clinics/hours/toronto-time';
import { ClinicAttributeCriteria, ListMoments, OpenMoment } from '../../domain/directory/criteria';

/**
 * Turns "now" and the openNow / openAt filters into the Toronto wall-clock moments a list read
 * tests in SQL (see docs/hours.md): the date, its minute of the day and of the week, and whether
 * the date is one of Ontario's public holidays. A bad openAt throws InvalidOpenAtError (400
 * invalid_param).
 */
@Injectable()
export class ListMomentsResolver {
  constructor(private readonly calendar: HolidayCalendar) {}

  /** The moment of an instant (ms since the epoch). */
  momentOf(instant: number): OpenMoment {
    const wall = wallMs(instant);
    const day = wallDay(wall);
    const minuteOfDay = Math.floor((wall - day * DAY_MS) / MINUTE_MS);
    const date = dayToDate(day);
    return {
      date,
      minuteOfDay,
      minuteOfWeek: minuteOfWeek(day, minuteOfDay),
      isHoliday: this.isHoliday(date),
    };
  }

  /** `now`'s moment, and the filter's when openNow=true or openAt is sent. */
  resolve(criteria: ClinicAttributeCriteria, now: Date): ListMoments {
    const at = now.getTime();
    const current = this.momentOf(at);
    if (criteria.openAt !== undefined) {
      const o = parseOpenAt(criteria.openAt, at);
      return {
        now: current,
        filter: {
          date: o.date,
          minuteOfDay: o.minuteOfDay,
          minuteOfWeek: o.minuteOfWeek,
          isHoliday: this.isHoliday(o.date),
        },
      };
    }
    return criteria.openNow ? { now: current, filter: current } : { now: current };
  }

  isHoliday(date: LocalDate): boolean {
    const year = Number(date.slice(0, 4));
    return this.calendar.publicHolidays(year).some((h) => h.date === date);
  }
}
