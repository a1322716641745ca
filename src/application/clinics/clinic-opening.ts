/**
 * Shared piece (issue 33): the answer fields of a clinic's hours and status at now.
 *
 * API:
 * - `ClinicOpening` (injectable; needs the HolidayCalendar, so import HolidaysModule where it is
 *   provided): `answer(read, now)` with `read` a `ClinicScheduleStatus` (from `scheduleOf` of
 *   infrastructure/persistence/clinics/clinic-schedule.sql.ts) → `ClinicHoursAnswer`.
 * - `clinicHoursAnswer(read, now, calendar)`: the same as a function.
 * - `scheduleFromDate(now)`: Toronto's date today (`YYYY-MM-DD`), the `fromDate` the reader
 *   binds so the exceptions read are those still to come.
 * The HTTP shape is in interface/http/clinics/dto/opening-hours.dto.ts (`ClinicHoursDto.from`,
 * `openingStatusFields`).
 */
import { Injectable } from '@nestjs/common';
import { AcceptingStatus } from '../../domain/clinics/accepting-status';
import { ClinicScheduleStatus } from '../../domain/clinics/clinic';
import { HoursException } from '../../domain/clinics/hours/clinic-schedule';
import { openingAnswer } from '../../domain/clinics/hours/opening';
import { HolidayCalendar } from '../../domain/clinics/hours/public-holidays';
import { LocalDate, torontoDate } from '../../domain/clinics/hours/toronto-time';
import { WeeklyHours } from '../../domain/clinics/hours/weekly-hours';

/** A clinic's hours and status as answered at one instant. */
export interface ClinicHoursAnswer {
  /** The regular week; null when the hours are unknown. */
  readonly week: WeeklyHours | null;
  /** Dated closures and special hours, today through today + 60 (public holidays included). */
  readonly exceptions: readonly HoursException[];
  readonly openNow: boolean | null;
  /** Toronto offset strings (`2026-12-26T10:00:00-05:00`) within 7 days, or null. */
  readonly nextOpen: string | null;
  readonly nextClose: string | null;
  readonly acceptingStatus: AcceptingStatus;
  readonly acceptingCheckedAt: Date | null;
}

/** Toronto's date at `now`: the first date of the exceptions a reader fetches. */
export function scheduleFromDate(now: Date): LocalDate {
  return torontoDate(now.getTime());
}

export function clinicHoursAnswer(
  read: ClinicScheduleStatus,
  now: Date,
  calendar: HolidayCalendar,
): ClinicHoursAnswer {
  const a = openingAnswer(read.schedule, now.getTime(), calendar);
  return {
    week: read.schedule.week,
    exceptions: a.exceptions,
    openNow: a.openNow,
    nextOpen: a.nextOpen,
    nextClose: a.nextClose,
    acceptingStatus: read.acceptingStatus,
    acceptingCheckedAt: read.acceptingCheckedAt,
  };
}

@Injectable()
export class ClinicOpening {
  constructor(private readonly calendar: HolidayCalendar) {}

  answer(read: ClinicScheduleStatus, now: Date): ClinicHoursAnswer {
    return clinicHoursAnswer(read, now, this.calendar);
  }
}
