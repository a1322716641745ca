import { AcceptingStatus } from '../../domain/clinics/accepting-status';
import { WEEKDAYS } from '../../domain/clinics/clinic-hours';
import {
  ClinicRecord,
  HolidayHoursRecord,
  HoursExceptionRecord,
  MultiRangeHours,
  TimeRange,
} from '../../domain/directory/interchange';
import { afterKey, InterchangeQuery, iso } from './interchange-sql-parts';

/**
 * The clinic record as read from `clinics` and `clinic_hours_exceptions` (see
 * interchange-record-sql.ts): the export, the bulk snapshot and the change feed write every field,
 * the hours (null when unknown), the holiday hours, the dated exceptions in date order and both
 * the graded status and the v1 boolean.
 */

/** Hours as stored (the demo's one range or null a day, or an import's ranges) as ranges. */
function ranges(hours: Record<string, unknown> | null): MultiRangeHours | null {
  if (hours === null) return null;
  const out: Record<string, TimeRange[]> = {};
  for (const d of WEEKDAYS) {
    const v = hours[d];
    out[d] = Array.isArray(v)
      ? (v as TimeRange[])
      : v && typeof v === 'object'
        ? [v as TimeRange]
        : [];
  }
  return out as unknown as MultiRangeHours;
}

/** An exception row as the query reads it (clinic_hours_exceptions). */
interface ExceptionRow {
  date: string;
  ranges: TimeRange[] | null;
  reason: string | null;
}

function exception(e: ExceptionRow): HoursExceptionRecord {
  const reason = e.reason === null ? {} : { reason: e.reason };
  return e.ranges === null
    ? { date: e.date, closed: true, ...reason }
    : { date: e.date, ranges: e.ranges, ...reason };
}

function holidayHours(policy: string, ranges: TimeRange[] | null): HolidayHoursRecord {
  return policy === 'hours' ? (ranges ?? []) : (policy as 'closed' | 'regular');
}

export interface ClinicRow {
  id: string;
  source: string;
  source_id: string;
  name: string;
  street_address: string;
  city: string;
  neighbourhood: string | null;
  postal_code: string;
  lat: number;
  lng: number;
  phone: string;
  website: string | null;
  type: string;
  hours: Record<string, unknown> | null;
  holiday_policy: string;
  holiday_ranges: TimeRange[] | null;
  exceptions: ExceptionRow[] | null;
  wheelchair: boolean;
  virtual_visits: boolean;
  accepting_new_patients: boolean;
  accepting_status: AcceptingStatus;
  availability_checked_at: Date | null;
  notes: string | null;
  links: { label: string; url: string }[];
}

const CLINIC_KEY = ['c.source', 'c.source_id'] as const;

/** Clinics (alias `c`), by source and source id, each with its exceptions (a key probe each). */
export const CLINIC_RECORDS: InterchangeQuery<ClinicRow, ClinicRecord> = {
  type: 'clinic',
  served: 'true',
  sql: (where, after, limit) =>
    `SELECT c.*,
            (SELECT jsonb_agg(jsonb_build_object('date', e.date, 'ranges', e.ranges, 'reason', e.reason)
                              ORDER BY e.date)
               FROM clinic_hours_exceptions e WHERE e.clinic_id = c.id) AS exceptions
       FROM clinics c
      WHERE (${where}) ${afterKey(CLINIC_KEY, after)}
      ORDER BY ${CLINIC_KEY.join(', ')} LIMIT ${limit}`,
  keyOf: (r) => [r.source, r.source_id],
  toRecord: (r) => ({
    type: 'clinic',
    source: r.source,
    sourceId: r.source_id,
    id: r.id,
    name: r.name,
    streetAddress: r.street_address,
    city: r.city,
    neighbourhood: r.neighbourhood,
    postalCode: r.postal_code,
    lat: r.lat,
    lng: r.lng,
    phone: r.phone,
    website: r.website,
    clinicType: r.type,
    hours: ranges(r.hours),
    holidayHours: holidayHours(r.holiday_policy, r.holiday_ranges),
    hoursExceptions: (r.exceptions ?? []).map(exception),
    wheelchair: r.wheelchair,
    virtualVisits: r.virtual_visits,
    acceptingNewPatients: r.accepting_new_patients,
    acceptingStatus: r.accepting_status,
    availabilityCheckedAt: iso(r.availability_checked_at),
    notes: r.notes,
    links: r.links,
  }),
};
