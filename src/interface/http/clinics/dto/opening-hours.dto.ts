/**
 * Shared piece (issue 33): the response shapes of a clinic's hours and status, for the clinic
 * detail and each clinic of a doctor's detail.
 *
 * API:
 * - `ClinicHoursDto` (`hours`): v1's weekday / evening / weekend plus `week` and `exceptions`;
 *   `ClinicHoursDto.from({weekdayHours, evening, weekend}, answer)`.
 * - `ClinicOpeningStatusDto`: the fields beside `hours` (openNow, nextOpen, nextClose,
 *   acceptingStatus, acceptingCheckedAt); `openingStatusFields(answer)` gives their values.
 *   A DTO that already extends another class adds them with
 *   `IntersectionType(Base, ClinicOpeningStatusDto)` (@nestjs/swagger), or declares them with
 *   the exported property options (OPEN_NOW_PROPERTY, ACCEPTING_STATUS_PROPERTY, …).
 * - `TimeRangeDto`, `WeekHoursDto`, `HoursExceptionDto`.
 * - `ListHoursDto` (`hours` of a list item: a doctor's clinic, a clinic, a specialist pair):
 *   the detail's fields but the exceptions (`HoursDto` extends it); `ListHoursDto.ofWeek(week)`.
 * `answer` is a ClinicHoursAnswer (application/clinics/clinic-opening.ts).
 */
import { ApiProperty, ApiPropertyOptional, ApiPropertyOptions } from '@nestjs/swagger';
import { ClinicHoursAnswer } from '../../../../application/clinics/clinic-opening';
import { ACCEPTING_STATUSES, AcceptingStatus } from '../../../../domain/clinics/accepting-status';
import { isClosedException } from '../../../../domain/clinics/hours/clinic-schedule';
import { WeeklyHours } from '../../../../domain/clinics/hours/weekly-hours';
import { weekSummary } from '../../../../domain/directory/interchange';

/** The Plan-Net code of each status, as the descriptions say it. */
export const ACCEPTING_STATUS_DOC =
  'Graded accepting status, as the HL7 Da Vinci PDex Plan-Net AcceptingPatientsCS grades it: ' +
  '`accepting` = newpt (accepting new patients), `existing-patients-only` = existptonly, ' +
  '`existing-patients-family` = existptfam (existing patients and their families), ' +
  '`not-accepting` = nopt, `unknown` = no code (not confirmed). ' +
  '`acceptingNewPatients` is true exactly when this is `accepting`.';

export const OPEN_NOW_PROPERTY = {
  type: Boolean,
  nullable: true,
  description:
    "Open now (Toronto time, public holidays and the clinic's exceptions included); null when its hours are unknown",
  example: true,
};
export const NEXT_OPEN_PROPERTY = {
  type: String,
  format: 'date-time',
  nullable: true,
  description:
    'The next instant after now at which the clinic opens, within 7 days, with the Toronto offset; null when none (or hours unknown)',
  example: '2026-11-23T08:00:00-05:00',
};
export const NEXT_CLOSE_PROPERTY = {
  type: String,
  format: 'date-time',
  nullable: true,
  description:
    'The next instant after now at which the clinic closes, within 7 days, with the Toronto offset; null when none (or hours unknown)',
  example: '2026-11-21T12:00:00-05:00',
};
export const ACCEPTING_STATUS_PROPERTY = {
  enum: ACCEPTING_STATUSES,
  description: ACCEPTING_STATUS_DOC,
  example: 'accepting',
};
export const ACCEPTING_CHECKED_AT_PROPERTY = {
  type: String,
  format: 'date-time',
  nullable: true,
  description: 'When the accepting status was last confirmed; null when never',
  example: '2026-11-14T15:30:00.000Z',
};

export class TimeRangeDto {
  @ApiProperty({ description: 'Opens, Toronto wall clock HH:MM', example: '08:00' })
  open!: string;
  @ApiProperty({
    description: 'Closes, HH:MM (excluded); 24:00 is the end of the day',
    example: '12:00',
  })
  close!: string;
}

const dayProperty = (day: string, example: TimeRangeDto[]): ApiPropertyOptions => ({
  type: [TimeRangeDto],
  description: `${day}'s openings, sorted; [] when closed`,
  example,
});
const DAY = [
  { open: '08:00', close: '12:00' },
  { open: '13:00', close: '20:00' },
];

export class WeekHoursDto {
  @ApiProperty(dayProperty('Monday', DAY)) mon!: TimeRangeDto[];
  @ApiProperty(dayProperty('Tuesday', DAY)) tue!: TimeRangeDto[];
  @ApiProperty(dayProperty('Wednesday', DAY)) wed!: TimeRangeDto[];
  @ApiProperty(dayProperty('Thursday', DAY)) thu!: TimeRangeDto[];
  @ApiProperty(dayProperty('Friday', DAY)) fri!: TimeRangeDto[];
  @ApiProperty(dayProperty('Saturday', [{ open: '09:00', close: '13:00' }])) sat!: TimeRangeDto[];
  @ApiProperty(dayProperty('Sunday', [])) sun!: TimeRangeDto[];
}

export class HoursExceptionDto {
  @ApiProperty({ format: 'date', description: 'The Toronto date', example: '2026-12-25' })
  date!: string;
  @ApiPropertyOptional({
    type: Boolean,
    enum: [true],
    description: 'Present (true) when the clinic is closed all that day',
    example: true,
  })
  closed?: true;
  @ApiPropertyOptional({
    type: [TimeRangeDto],
    description: "That day's openings, replacing the weekday's (present when not closed)",
    example: [{ open: '10:00', close: '14:00' }],
  })
  ranges?: TimeRangeDto[];
  @ApiPropertyOptional({
    description: "Why: the clinic's reason, or the public holiday's name",
    example: 'Christmas Day',
  })
  reason?: string;
}

/** The `week` of `hours`, the same in the details and the list items. */
const WEEK_PROPERTY: ApiPropertyOptions = {
  type: WeekHoursDto,
  required: false,
  description:
    'The regular week, Toronto wall clock, mon … sun each a list of {open, close}. Absent when the hours are unknown (then `weekday` is "unknown", `evening` and `weekend` false): never null',
};

/**
 * A clinic's `hours` wherever a clinic is answered (a doctor's list row, a clinic's, a specialist
 * pair's): v1's summary and the regular week; the details add the dated exceptions (HoursDto).
 * Unknown hours: `weekday` "unknown", no `week` (issue 51, item 6).
 */
export class ListHoursDto {
  @ApiProperty({
    example: '9:00-17:00',
    description:
      'Usual weekday hours, H:MM-HH:MM; "closed" when the clinic opens on no weekday, "unknown" when its hours are unknown (then hours.week is absent)',
  })
  weekday!: string;
  @ApiProperty({ description: 'Open after 5 PM on at least one weekday', example: true })
  evening!: boolean;
  @ApiProperty({ description: 'Open Saturday or Sunday', example: false })
  weekend!: boolean;
  @ApiProperty(WEEK_PROPERTY)
  week?: WeekHoursDto;

  static ofWeek(week: WeeklyHours | null): ListHoursDto {
    const v1 = weekSummary(week);
    return {
      weekday: v1.weekdayHours,
      evening: v1.evening,
      weekend: v1.weekend,
      ...weekField(week),
    };
  }
}

/** Named HoursDto in the OpenAPI document, as in v1 (the typed client's schema name). */
export class HoursDto extends ListHoursDto {
  @ApiProperty({
    type: [HoursExceptionDto],
    description:
      "Dated closures and special hours from today through today + 60 days: the clinic's own, and each of Ontario's nine public holidays that changes its hours",
    example: [{ date: '2026-12-25', closed: true, reason: 'Christmas Day' }],
  })
  exceptions!: HoursExceptionDto[];

  static from(
    v1: { weekdayHours: string; evening: boolean; weekend: boolean },
    a: ClinicHoursAnswer,
  ): HoursDto {
    return {
      weekday: v1.weekdayHours,
      evening: v1.evening,
      weekend: v1.weekend,
      ...weekField(a.week),
      exceptions: a.exceptions.map((e) =>
        isClosedException(e)
          ? { date: e.date, closed: true, ...(e.reason ? { reason: e.reason } : {}) }
          : { date: e.date, ranges: ranges(e.ranges), ...(e.reason ? { reason: e.reason } : {}) },
      ),
    };
  }
}

/** The same class (the document's schema stays `HoursDto`). */
export { HoursDto as ClinicHoursDto };

/**
 * `hours` of a list item (a doctor's clinic, a clinic, a specialist pair): the regular week, as
 * the detail's `hours.week`. The dated exceptions, nextOpen and nextClose are in the details.
 */
/** `hours` of a list item, as the OpenAPI document describes it. */
export const LIST_HOURS_PROPERTY: ApiPropertyOptions = {
  type: ListHoursDto,
  description:
    "The clinic's hours, the same fields as the detail's but its dated exceptions: v1's `weekday`, `evening` and `weekend`, and the regular week (`week`, absent when the hours are unknown). Holidays, dated exceptions, nextOpen and nextClose are in the detail",
};

function ranges(rs: readonly { open: string; close: string }[]): TimeRangeDto[] {
  return rs.map((r) => ({ open: r.open, close: r.close }));
}

/** `week` as answered: absent when the hours are unknown (never null). */
function weekField(w: WeeklyHours | null): { week?: WeekHoursDto } {
  return w === null ? {} : { week: weekHoursDto(w) };
}

/** A known week as answered. */
export function weekHoursDto(w: WeeklyHours): WeekHoursDto {
  return {
    mon: ranges(w.mon),
    tue: ranges(w.tue),
    wed: ranges(w.wed),
    thu: ranges(w.thu),
    fri: ranges(w.fri),
    sat: ranges(w.sat),
    sun: ranges(w.sun),
  };
}

/** The fields beside `hours` (issue 33). */
export class ClinicOpeningStatusDto {
  @ApiProperty(OPEN_NOW_PROPERTY) openNow!: boolean | null;
  @ApiProperty(NEXT_OPEN_PROPERTY) nextOpen!: string | null;
  @ApiProperty(NEXT_CLOSE_PROPERTY) nextClose!: string | null;
  @ApiProperty(ACCEPTING_STATUS_PROPERTY) acceptingStatus!: AcceptingStatus;
  @ApiProperty(ACCEPTING_CHECKED_AT_PROPERTY) acceptingCheckedAt!: string | null;
}

export function openingStatusFields(a: ClinicHoursAnswer): ClinicOpeningStatusDto {
  return {
    openNow: a.openNow,
    nextOpen: a.nextOpen,
    nextClose: a.nextClose,
    acceptingStatus: a.acceptingStatus,
    acceptingCheckedAt: a.acceptingCheckedAt ? a.acceptingCheckedAt.toISOString() : null,
  };
}
