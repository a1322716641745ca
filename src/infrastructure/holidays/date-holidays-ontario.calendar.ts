import { Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type DateHolidays from 'date-holidays';
import {
  fitsOntarioHolidayRule,
  HolidayCalendar,
  ONTARIO_PUBLIC_HOLIDAYS,
  OntarioHolidayKey,
  ontarioHolidayName,
  PublicHoliday,
} from '../../domain/clinics/hours/public-holidays';

/** A raw entry of the library: the parts this adapter reads. */
export interface LibraryHoliday {
  readonly date: string;
  readonly name: string;
  readonly type: string;
  readonly substitute?: boolean;
}

/**
 * The library's English names for the nine holidays of the Act. Anything else it marks public for
 * Ontario is dropped: Easter Monday (public in date-holidays' CA-ON data, not under the Act) and
 * any future addition; its `optional` and `observance` entries (Civic Holiday, Remembrance Day,
 * Groundhog Day …) are dropped by type.
 */
const LIBRARY_NAMES: Readonly<Record<string, OntarioHolidayKey>> = {
  "New Year's Day": 'new-years-day',
  'Family Day': 'family-day',
  'Good Friday': 'good-friday',
  'Victoria Day': 'victoria-day',
  'Canada Day': 'canada-day',
  'Labour Day': 'labour-day',
  Thanksgiving: 'thanksgiving',
  'Thanksgiving Day': 'thanksgiving',
  'Christmas Day': 'christmas-day',
  'Boxing Day': 'boxing-day',
};

/**
 * The correction, apart from the library so it can be tested on any input: keeps the public,
 * non-substitute entries named as one of the nine, and checks that each of the nine is there
 * exactly once, in that year, on a date its rule allows. A list that fails the check throws:
 * a wrong holiday would close (or open) every clinic that day, so it must not pass silently.
 */
export function correctOntarioHolidays(
  year: number,
  entries: readonly LibraryHoliday[],
): PublicHoliday[] {
  const found = new Map<OntarioHolidayKey, PublicHoliday>();
  for (const e of entries) {
    if (e.type !== 'public' || e.substitute) continue;
    const key = LIBRARY_NAMES[e.name];
    if (!key) continue;
    const date = e.date.slice(0, 10);
    if (found.has(key))
      throw new Error(
        `Holiday data for ${year} gives ${key} twice (${found.get(key)!.date}, ${date})`,
      );
    if (!date.startsWith(`${year}-`) || !fitsOntarioHolidayRule(key, date))
      throw new Error(
        `Holiday data for ${year} puts ${key} on ${date}, which its rule does not allow`,
      );
    found.set(key, { date, key, name: ontarioHolidayName(key) });
  }
  const missing = ONTARIO_PUBLIC_HOLIDAYS.filter((h) => !found.has(h.key)).map((h) => h.key);
  if (missing.length > 0) throw new Error(`Holiday data for ${year} lacks ${missing.join(', ')}`);
  return [...found.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
}

type DateHolidaysClass = typeof DateHolidays;

/**
 * Ontario's nine public holidays from the `date-holidays` package (code ISC, data CC BY-SA 3.0),
 * corrected by {@link correctOntarioHolidays}. The package (with its data for every country and
 * its calendars) takes most of a second to load, so it is loaded on first use, not at start-up;
 * each year's list is computed once.
 */
@Injectable()
export class DateHolidaysOntarioCalendar
  extends HolidayCalendar
  implements OnApplicationBootstrap, OnModuleDestroy
{
  private library: DateHolidays | undefined;
  private readonly years = new Map<number, readonly PublicHoliday[]>();
  private warming: NodeJS.Timeout | undefined;

  /**
   * Warms the package and this year's and next year's lists shortly after start-up, off the
   * start-up path, so that the first request using the calendar does not pay the load (0.6 to
   * 0.9 s). A failure here is left for that request to report.
   */
  onApplicationBootstrap(): void {
    const year = new Date().getUTCFullYear();
    this.warming = setTimeout(() => {
      this.warming = undefined;
      try {
        this.publicHolidays(year);
        this.publicHolidays(year + 1);
      } catch {
        // The request that needs the list reports it.
      }
    }, 200);
    this.warming.unref();
  }

  /** An application closed before the warm-up ran does not load the package afterwards. */
  onModuleDestroy(): void {
    if (this.warming) clearTimeout(this.warming);
    this.warming = undefined;
  }

  publicHolidays(year: number): readonly PublicHoliday[] {
    let list = this.years.get(year);
    if (!list) {
      list = correctOntarioHolidays(year, this.load().getHolidays(year, 'en'));
      this.years.set(year, list);
    }
    return list;
  }

  private load(): DateHolidays {
    if (!this.library) {
      // Loaded here rather than imported at the top so that starting the service does not pay for it.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const Holidays = require('date-holidays') as DateHolidaysClass;
      this.library = new Holidays('CA', 'ON', { languages: 'en', timezone: 'America/Toronto' });
    }
    return this.library;
  }
}
