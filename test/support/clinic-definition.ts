import fc from 'fast-check';
import { DataSource } from 'typeorm';
import { ClinicSchedule } from '../../src/domain/clinics/hours/clinic-schedule';
import { isOpenAt } from '../../src/domain/clinics/hours/opening';
import { parseOpenAt } from '../../src/domain/clinics/hours/open-at';
import { findStation } from '../../src/domain/geo/location';
import { DateHolidaysOntarioCalendar } from '../../src/infrastructure/holidays/date-holidays-ontario.calendar';
import { ClinicScheduleRow, scheduleOfClinicRow } from './clinic-schedule-row';

/**
 * The clinic lists' filters as the README and decisions.md define them, computed from every row
 * of the base tables (clinics, doctor_clinics, doctors, specialist_offerings, the catalogues,
 * clinic_hours_exceptions), never from the read models or the readers' SQL: for the property
 * tests of /clinics and /specialists (issue 32, item 5). A clinic passes the doctor filters
 * when at least one of its practising doctors satisfies all of them together; its own filters
 * (flags, website, status, open at the moment) are its own columns; the moment is decided by
 * the domain's isOpenAt on its schedule.
 */

export type Query = Record<string, string>;

export interface DoctorAt {
  readonly specialties: string[];
  readonly languages: string[];
  readonly gender: string;
  readonly startYear: number;
}

export interface ClinicRow {
  readonly id: string;
  readonly nameKey: string;
  readonly accepting: boolean;
  readonly evening: boolean;
  readonly weekend: boolean;
  readonly wheelchair: boolean;
  readonly virtualVisits: boolean;
  readonly nearTTC: boolean;
  readonly hasWebsite: boolean;
  readonly status: string;
  readonly schedule: ClinicSchedule;
  /** Its practising doctors (names lower-cased). */
  readonly doctors: DoctorAt[];
}

export interface OfferingRow {
  readonly clinicId: string;
  readonly specialty: string;
  readonly specialtyId: number;
  readonly waitWeeks: number;
}

export const CLINIC_FLAGS = [
  'accepting',
  'evening',
  'weekend',
  'wheelchair',
  'virtualVisits',
  'nearTTC',
] as const;

export const STATUSES = [
  'accepting',
  'existing-patients-only',
  'existing-patients-family',
  'not-accepting',
  'unknown',
];

// Toronto wall-clock moments within 60 days of a Friday noon, 2026-11-27 (see NOW of the tests):
// weekday mornings and evenings, Saturday, Sunday night, Christmas Day, Boxing Day, New Year's
// Day, and instants with an offset.
export const OPEN_AT = [
  '2026-11-30T08:00',
  '2026-12-01T12:30',
  '2026-12-02T19:59',
  '2026-12-05T10:00',
  '2026-12-06T23:30',
  '2026-12-25T11:00',
  '2026-12-26T10:00',
  '2027-01-01T09:00',
  '2026-12-03T14:00:00Z',
  '2026-12-04T20:00-05:00',
];

/** Points the lists are asked near: downtown, the north, the west edge, a station by name. */
export const POINTS: Query[] = [
  { lat: '43.6532', lng: '-79.3832' },
  { lat: '43.7615', lng: '-79.4111' },
  { lat: '43.59', lng: '-79.64' },
  { near: 'Finch' },
];

/** Code-point order, as `COLLATE "C"` sorts name keys (and PostgreSQL orders uuids). */
export const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Every clinic with its practising doctors and schedule, from the base tables. */
export async function readClinics(ds: DataSource): Promise<ClinicRow[]> {
  const rows = await ds.query<(Record<string, unknown> & ClinicScheduleRow)[]>(`
    SELECT c.id, c.name_key AS "nameKey", c.accepting_new_patients AS accepting, c.evening,
           c.weekend, c.wheelchair, c.virtual_visits AS "virtualVisits", c.near_ttc AS "nearTTC",
           c.website IS NOT NULL AS "hasWebsite", c.accepting_status AS status,
           c.hours, c.holiday_policy AS "holidayPolicy", c.holiday_ranges AS "holidayRanges",
           coalesce((SELECT jsonb_agg(jsonb_build_object('date', to_char(e.date, 'YYYY-MM-DD'),
                              'ranges', e.ranges, 'reason', e.reason)) FROM clinic_hours_exceptions e
                      WHERE e.clinic_id = c.id), '[]'::jsonb) AS exceptions,
           coalesce((SELECT jsonb_agg(jsonb_build_object(
                       'gender', d.gender, 'startYear', d.practice_start_year,
                       'specialties', ARRAY(SELECT lower(s.name) FROM specialties s WHERE s.id = ANY(d.specialty_ids)),
                       'languages', ARRAY(SELECT lower(l.name) FROM languages l WHERE l.id = ANY(d.language_ids))))
                       FROM doctor_clinics dc JOIN doctors d ON d.id = dc.doctor_id
                      WHERE dc.clinic_id = c.id AND d.expired_at IS NULL), '[]'::jsonb) AS doctors
      FROM clinics c`);
  return rows.map((r) => ({ ...(r as unknown as ClinicRow), schedule: scheduleOfClinicRow(r) }));
}

/** Every offering (clinic, specialty, wait), from the base tables. */
export function readOfferings(ds: DataSource): Promise<OfferingRow[]> {
  return ds.query<OfferingRow[]>(`
    SELECT so.clinic_id AS "clinicId", lower(s.name) AS specialty, s.id AS "specialtyId",
           so.wait_weeks AS "waitWeeks"
      FROM specialist_offerings so JOIN specialties s ON s.id = so.specialty_id`);
}

/** Each clinic's order key from a point as PostgreSQL computes it (earth <->) and its metres. */
export async function distancesFrom(
  ds: DataSource,
  point: Query,
): Promise<Map<string, { k: number; m: number }>> {
  const at = pointOf(point);
  const rows = await ds.query<{ id: string; k: number; m: number }[]>(
    `SELECT c.id, ll_to_earth(c.lat, c.lng) <-> ll_to_earth($1::float8, $2::float8) AS k,
            earth_distance(ll_to_earth($1::float8, $2::float8), ll_to_earth(c.lat, c.lng)) AS m
       FROM clinics c`,
    [at.lat, at.lng],
  );
  return new Map(rows.map((r) => [r.id, { k: r.k, m: r.m }]));
}

function pointOf(q: Query): { lat: number; lng: number } {
  if (q.near !== undefined) {
    const s = findStation(q.near);
    if (!s) throw new Error(`no station ${q.near}`);
    return { lat: s.lat, lng: s.lng };
  }
  return { lat: Number(q.lat), lng: Number(q.lng) };
}

const listOf = (v: string) => v.split(',').map((s) => s.trim().toLowerCase());

/** The specialties a query asks for (`specialties` wins over `specialty`), lower-cased. */
export function askedSpecialties(q: Query): string[] | undefined {
  if (q.specialties !== undefined) return listOf(q.specialties);
  if (q.specialty !== undefined) return listOf(q.specialty);
  return undefined;
}

/**
 * Whether one doctor satisfies every doctor filter of `q` (specialties: any of them; languages:
 * any of them; gender; years in practice, as the doctors' property test defines them), and,
 * for a specialist pair, practises `pairSpecialty`.
 */
export function doctorPasses(
  d: DoctorAt,
  q: Query,
  year: number,
  opts: { specialties: boolean; pairSpecialty?: string },
): boolean {
  const specs = opts.specialties ? askedSpecialties(q) : undefined;
  if (specs && !specs.some((s) => d.specialties.includes(s))) return false;
  if (opts.pairSpecialty !== undefined && !d.specialties.includes(opts.pairSpecialty)) return false;
  if (q.languages && !listOf(q.languages).some((l) => d.languages.includes(l))) return false;
  if (q.gender && d.gender !== q.gender) return false;
  const years = Math.max(0, year - d.startYear);
  if (q.minYears && years < Number(q.minYears)) return false;
  if (q.maxYears && years > Number(q.maxYears)) return false;
  return true;
}

/** Whether `q` has a filter that only a clinic's doctors can answer. */
export function hasDoctorFilter(q: Query, specialties: boolean): boolean {
  return Boolean(
    (specialties && askedSpecialties(q)) || q.languages || q.gender || q.minYears || q.maxYears,
  );
}

/** The clinic's own filters: flags, website, status, open at the query's moment. */
export class ClinicFilters {
  private readonly calendar = new DateHolidaysOntarioCalendar();
  private readonly openness = new Map<number, Map<string, boolean | null>>();

  constructor(
    private readonly clinics: readonly ClinicRow[],
    private readonly now: Date,
  ) {}

  /** The instant of openAt / openNow in `q`, if any. */
  momentOf(q: Query): number | undefined {
    if (q.openAt !== undefined) return parseOpenAt(q.openAt, this.now.getTime()).instant;
    return q.openNow ? this.now.getTime() : undefined;
  }

  /** The domain's answer for a clinic at an instant (true, false, or null: hours unknown). */
  openAt(c: ClinicRow, at: number): boolean | null {
    let byClinic = this.openness.get(at);
    if (!byClinic) {
      byClinic = new Map(this.clinics.map((x) => [x.id, isOpenAt(x.schedule, at, this.calendar)]));
      this.openness.set(at, byClinic);
    }
    return byClinic.get(c.id)!;
  }

  passes(c: ClinicRow, q: Query): boolean {
    for (const f of CLINIC_FLAGS) if (q[f] !== undefined && String(c[f]) !== q[f]) return false;
    if (q.hasWebsite !== undefined && String(c.hasWebsite) !== q.hasWebsite) return false;
    if (q.acceptingStatus && !q.acceptingStatus.split(',').includes(c.status)) return false;
    const at = this.momentOf(q);
    return at === undefined || this.openAt(c, at) === true;
  }
}

/** One to `max` filters of `values`, no openAt with openNow, minYears at most maxYears. */
export function filtersArb(
  values: Record<string, fc.Arbitrary<string>>,
  min: number,
  max: number,
): fc.Arbitrary<Query> {
  return fc
    .shuffledSubarray(Object.keys(values), { minLength: min, maxLength: max })
    .chain((keys) => fc.record(Object.fromEntries(keys.map((k) => [k, values[k]]))))
    .filter((q) => {
      if (q.openAt && q.openNow) return false;
      if (q.specialty && q.specialties) return false;
      return !(q.minYears && q.maxYears && Number(q.minYears) > Number(q.maxYears));
    });
}

/** Every documented filter's values that the clinic lists share (names from the catalogues). */
export function sharedFilterValues(langs: readonly string[]): Record<string, fc.Arbitrary<string>> {
  return {
    languages: fc.subarray([...langs], { minLength: 1, maxLength: 2 }).map((a) => a.join(',')),
    gender: fc.constantFrom('male', 'female', 'non-binary'),
    minYears: fc.integer({ min: 0, max: 40 }).map(String),
    maxYears: fc.integer({ min: 0, max: 40 }).map(String),
    ...Object.fromEntries(CLINIC_FLAGS.map((b) => [b, fc.boolean().map(String)])),
    acceptingStatus: fc.subarray(STATUSES, { minLength: 1 }).map((a) => a.join(',')),
    openAt: fc.constantFrom(...OPEN_AT),
    openNow: fc.constant('true'),
  };
}

/** No point, or one of POINTS with no radius or a radius. */
export const locationArb: fc.Arbitrary<Query> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({}) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.constantFrom(...POINTS), fc.constantFrom(undefined, '1', '5', '25'))
      .map(([p, r]) => (r === undefined ? { ...p } : { ...p, radiusKm: r })),
  },
);
