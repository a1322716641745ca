import {
  ClinicSchedule,
  parseHolidayPolicy,
  parseHoursExceptions,
} from '../../src/domain/clinics/hours/clinic-schedule';
import { parseWeeklyHours } from '../../src/domain/clinics/hours/weekly-hours';

/** A clinic's schedule columns as the tests read them from the base tables. */
export interface ClinicScheduleRow {
  /** As stored: per day one {open, close} or null (the demo), or a list of ranges (an import). */
  hours: Record<string, unknown> | null;
  holidayPolicy: 'closed' | 'regular' | 'hours';
  holidayRanges: unknown;
  /** [{date, ranges (null = closed), reason}] */
  exceptions: { date: string; ranges: unknown; reason: string | null }[];
}

/**
 * The domain's ClinicSchedule of a row, written for the tests from the stored forms (it shares
 * the domain's parsers, which have their own tests, and none of the service's row mappers).
 */
export function scheduleOfClinicRow(r: ClinicScheduleRow): ClinicSchedule {
  const week =
    r.hours === null
      ? null
      : parseWeeklyHours(
          Object.fromEntries(
            Object.entries(r.hours).map(([d, v]) => [
              d,
              Array.isArray(v) ? v : v && typeof v === 'object' ? [v] : [],
            ]),
          ),
        );
  const holidays = parseHolidayPolicy(
    r.holidayPolicy === 'hours' ? r.holidayRanges : r.holidayPolicy,
  );
  const exceptions = parseHoursExceptions(
    r.exceptions.map((e) => ({
      date: e.date,
      ...(e.ranges === null ? { closed: true } : { ranges: e.ranges }),
      ...(e.reason ? { reason: e.reason } : {}),
    })),
  );
  return { week, holidays, exceptions };
}
