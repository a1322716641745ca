import { LocalDate } from './toronto-time';

/**
 * Ontario's nine public holidays under the Employment Standards Act, 2000 (s. 1(1), "public
 * holiday"). Not among them, although often called holidays: Easter Monday, the Civic Holiday
 * (first Monday of August) and Remembrance Day. A holiday that falls on a weekend stays on its
 * date: the Act gives employees a substitute day off, which is an employer's matter and does not
 * move the holiday, so the clinic's holiday rule applies to the real date only.
 */
export const ONTARIO_PUBLIC_HOLIDAYS = [
  { key: 'new-years-day', name: "New Year's Day", rule: 'January 1' },
  { key: 'family-day', name: 'Family Day', rule: 'third Monday of February' },
  { key: 'good-friday', name: 'Good Friday', rule: 'the Friday before Easter Sunday' },
  { key: 'victoria-day', name: 'Victoria Day', rule: 'the Monday before May 25' },
  { key: 'canada-day', name: 'Canada Day', rule: 'July 1' },
  { key: 'labour-day', name: 'Labour Day', rule: 'first Monday of September' },
  { key: 'thanksgiving', name: 'Thanksgiving Day', rule: 'second Monday of October' },
  { key: 'christmas-day', name: 'Christmas Day', rule: 'December 25' },
  { key: 'boxing-day', name: 'Boxing Day', rule: 'December 26' },
] as const;

export type OntarioHolidayKey = (typeof ONTARIO_PUBLIC_HOLIDAYS)[number]['key'];

export interface PublicHoliday {
  readonly date: LocalDate;
  readonly key: OntarioHolidayKey;
  /** English name, given as the `reason` of the day's exception. */
  readonly name: string;
}

/**
 * Port: the public holidays of a year, in date order. The adapter
 * (infrastructure/holidays) answers exactly the nine of {@link ONTARIO_PUBLIC_HOLIDAYS}, each once.
 * An abstract class so that it is also the dependency-injection token.
 */
export abstract class HolidayCalendar {
  abstract publicHolidays(year: number): readonly PublicHoliday[];
}

/** The holidays of the years a span of dates touches, by date. */
export function holidaysByDate(
  calendar: HolidayCalendar,
  firstYear: number,
  lastYear: number,
): Map<LocalDate, PublicHoliday> {
  const byDate = new Map<LocalDate, PublicHoliday>();
  for (let y = firstYear; y <= lastYear; y++) {
    for (const h of calendar.publicHolidays(y)) byDate.set(h.date, h);
  }
  return byDate;
}

/** A calendar that answers a fixed list (tests, and a fallback a caller may choose). */
export class FixedHolidayCalendar extends HolidayCalendar {
  private readonly byYear = new Map<number, PublicHoliday[]>();

  constructor(holidays: readonly PublicHoliday[]) {
    super();
    for (const h of [...holidays].sort((a, b) => (a.date < b.date ? -1 : 1))) {
      const year = Number(h.date.slice(0, 4));
      this.byYear.set(year, [...(this.byYear.get(year) ?? []), h]);
    }
  }

  publicHolidays(year: number): readonly PublicHoliday[] {
    return this.byYear.get(year) ?? [];
  }
}

/** The name of a holiday key. */
export function ontarioHolidayName(key: OntarioHolidayKey): string {
  return ONTARIO_PUBLIC_HOLIDAYS.find((h) => h.key === key)!.name;
}

/**
 * Whether a date can be the given holiday under the Act's rule: the fixed dates exactly, the
 * Mondays in their one possible week, Good Friday a Friday from March 20 to April 23 (Easter
 * Sunday falls from March 22 to April 25). Used to check a holiday list from elsewhere.
 */
export function fitsOntarioHolidayRule(key: OntarioHolidayKey, date: LocalDate): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay(); // 0 Sunday … 6 Saturday
  const monday = weekday === 1;
  switch (key) {
    case 'new-years-day':
      return month === 1 && day === 1;
    case 'family-day':
      return monday && month === 2 && day >= 15 && day <= 21;
    case 'good-friday':
      return weekday === 5 && ((month === 3 && day >= 20) || (month === 4 && day <= 23));
    case 'victoria-day':
      return monday && month === 5 && day >= 18 && day <= 24;
    case 'canada-day':
      return month === 7 && day === 1;
    case 'labour-day':
      return monday && month === 9 && day <= 7;
    case 'thanksgiving':
      return monday && month === 10 && day >= 8 && day <= 14;
    case 'christmas-day':
      return month === 12 && day === 25;
    case 'boxing-day':
      return month === 12 && day === 26;
  }
}
