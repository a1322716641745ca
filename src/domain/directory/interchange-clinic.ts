import { AcceptingStatus, acceptsNewPatients } from '../clinics/accepting-status';
import {
  isClosedException,
  parseHolidayPolicy,
  parseHoursExceptions,
} from '../clinics/hours/clinic-schedule';
import { InvalidHoursError, parseWeeklyHours, WeeklyHours } from '../clinics/hours/weekly-hours';
import type {
  ClinicRecord,
  HolidayHoursRecord,
  HoursExceptionRecord,
  RecordProblem,
} from './interchange-records';

/**
 * A clinic record's hours, holiday hours, dated exceptions and accepting status (issue 33),
 * checked by the domain's own parsers (docs/hours.md), so that the import's rules are the ones the
 * answers compute with; and the record's canonical form, with every one of them given.
 */

/** A clinic record with each optional field of issue 33 filled in, in its stored order. */
export interface CanonicalClinicRecord extends ClinicRecord {
  readonly hours: WeeklyHours | null;
  readonly holidayHours: HolidayHoursRecord;
  readonly hoursExceptions: readonly HoursExceptionRecord[];
  readonly acceptingNewPatients: boolean;
  readonly acceptingStatus: AcceptingStatus;
}

/** `hoursExceptions[2].ranges[0].close` as the import's JSON pointer `/hoursExceptions/2/ranges/0/close`. */
export function hoursPathPointer(path: string): string {
  return `/${path.replace(/\[(\d+)\]/g, '.$1').replace(/\./g, '/')}`;
}

/** The parser's value, or the problem it names (as a JSON pointer). */
function checked<T>(parse: () => T, problems: RecordProblem[]): T | undefined {
  try {
    return parse();
  } catch (e) {
    if (!(e instanceof InvalidHoursError)) throw e;
    problems.push({ field: hoursPathPointer(e.path), reason: e.reason });
    return undefined;
  }
}

const STATUS_RULE = 'acceptingNewPatients is true exactly when acceptingStatus is "accepting"';

/** The graded status of a record: given, or from the v1 boolean; undefined when neither is. */
function statusOf(c: ClinicRecord): AcceptingStatus | undefined {
  if (c.acceptingStatus !== undefined) return c.acceptingStatus;
  if (c.acceptingNewPatients === undefined) return undefined;
  return c.acceptingNewPatients ? 'accepting' : 'not-accepting';
}

/**
 * A graded status (anything but `unknown`) is shown with the date it was checked (issue 48): a
 * record that has one without `availabilityCheckedAt` is refused, as any other invalid record.
 */
function undatedStatusProblem(c: ClinicRecord): RecordProblem | undefined {
  const status = statusOf(c);
  if (status === undefined || status === 'unknown') return undefined;
  if (c.availabilityCheckedAt !== null) return undefined;
  const from =
    c.acceptingStatus === undefined
      ? ` (from acceptingNewPatients ${String(c.acceptingNewPatients)})`
      : '';
  return {
    field: '/availabilityCheckedAt',
    reason: `is null but acceptingStatus is "${status}"${from}: a graded status needs the date it was checked; give availabilityCheckedAt, or acceptingStatus "unknown"`,
  };
}

/**
 * Problems of the hours (each weekday's ranges), the holiday hours, the exceptions (real dates,
 * one per date, ranges as a weekday's) and the accepting status (given, or the v1 boolean; both
 * must agree; a graded one with the date it was checked). One problem per field: the first the
 * parser finds.
 */
export function clinicScheduleProblems(c: ClinicRecord): RecordProblem[] {
  const p: RecordProblem[] = [];
  if (c.hours !== null) checked(() => parseWeeklyHours(c.hours, 'hours'), p);
  checked(() => parseHolidayPolicy(c.holidayHours, 'holidayHours'), p);
  if (c.hoursExceptions !== undefined)
    checked(() => parseHoursExceptions(c.hoursExceptions, 'hoursExceptions'), p);
  if (c.acceptingStatus === undefined && c.acceptingNewPatients === undefined)
    p.push({
      field: '/acceptingStatus',
      reason: 'is required (or the v1 acceptingNewPatients, from which it is derived)',
    });
  else if (
    c.acceptingStatus !== undefined &&
    c.acceptingNewPatients !== undefined &&
    c.acceptingNewPatients !== acceptsNewPatients(c.acceptingStatus)
  )
    p.push({
      field: '/acceptingNewPatients',
      reason: `is ${c.acceptingNewPatients} but acceptingStatus is "${c.acceptingStatus}" (${STATUS_RULE})`,
    });
  const undated = undatedStatusProblem(c);
  if (undated) p.push(undated);
  return p;
}

/**
 * The record as stored and exported: hours and holiday ranges sorted, exceptions in date order,
 * holiday hours "closed" when absent (or an empty list), exceptions `[]` when absent, and both
 * the status and the boolean. The record must have passed {@link clinicScheduleProblems}.
 */
export function canonicalClinic(c: ClinicRecord): CanonicalClinicRecord {
  const status = statusOf(c);
  if (status === undefined) throw new Error('canonicalClinic: a record without a status');
  const holidays = parseHolidayPolicy(c.holidayHours, 'holidayHours');
  return {
    ...c,
    hours: c.hours === null ? null : parseWeeklyHours(c.hours, 'hours'),
    holidayHours: holidays.kind === 'hours' ? holidays.ranges : holidays.kind,
    hoursExceptions: parseHoursExceptions(c.hoursExceptions ?? [], 'hoursExceptions').map((e) =>
      isClosedException(e)
        ? { date: e.date, closed: true, ...(e.reason === undefined ? {} : { reason: e.reason }) }
        : {
            date: e.date,
            ranges: e.ranges,
            ...(e.reason === undefined ? {} : { reason: e.reason }),
          },
    ),
    acceptingNewPatients: acceptsNewPatients(status),
    acceptingStatus: status,
  };
}
