import fc from 'fast-check';
import { isOpenAt } from '../../src/domain/clinics/hours/opening';
import { parseOpenAt } from '../../src/domain/clinics/hours/open-at';
import { DateHolidaysOntarioCalendar } from '../../src/infrastructure/holidays/date-holidays-ontario.calendar';
import { authHeaders } from '../support/auth';
import { createDemoDatabase } from '../support/demo-database';
import { FixedClock } from '../support/fixed-clock';
import { call } from '../support/http';
import { createTestApp, TestApp } from '../support/test-app';
import { TestDatabase } from '../support/test-database';
import { scheduleOfClinicRow, ClinicScheduleRow } from '../support/clinic-schedule-row';

/**
 * Random combinations of every documented /doctors filter (issue 32, item 5; issue 33's
 * openAt / openNow / acceptingStatus included) answer exactly what a definition computed from
 * every row of the base tables says: the same total, the same doctors, in name order. The
 * definition reads doctors, their primary clinic and the catalogues — never the read models or
 * the readers' SQL — and decides openAt with the domain's isOpenAt on each clinic's schedule.
 */

// A Friday noon in Toronto, so that openAt covers a weekday, a weekend, evenings and the
// Christmas holidays (all within the 60 days the API allows).
const NOW = new Date('2026-11-27T17:00:00Z');
const SEED = Number(process.env.FILTERS_PROPERTY_SEED ?? 3301);

interface DoctorRow {
  cpso: string;
  nameKey: string;
  gender: string;
  startYear: number;
  specialties: string[];
  languages: string[];
  accepting: boolean;
  evening: boolean;
  weekend: boolean;
  wheelchair: boolean;
  virtualVisits: boolean;
  nearTTC: boolean;
  status: string;
  clinic: ClinicScheduleRow;
}

type Query = Record<string, string>;

describe('/doctors: random filter combinations equal the definition from every row (property)', () => {
  let db: TestDatabase;
  let t: TestApp;
  let auth: Record<string, string>;
  let rows: DoctorRow[];
  let specs: string[];
  let langs: string[];
  const calendar = new DateHolidaysOntarioCalendar();

  beforeAll(async () => {
    db = await createDemoDatabase(
      'doctor-filters-property',
      { doctors: 600, seed: 33, now: NOW },
      'doctor_search',
    );
    t = await createTestApp(db, {}, new FixedClock(NOW));
    auth = await authHeaders(t, 'admin');
    const ds = db.dataSource;
    rows = (
      await ds.query(`
        SELECT d.cpso_number AS cpso, d.name_key AS "nameKey", d.gender, d.practice_start_year AS "startYear",
               ARRAY(SELECT lower(s.name) FROM specialties s WHERE s.id = ANY(d.specialty_ids)) AS specialties,
               ARRAY(SELECT lower(l.name) FROM languages l WHERE l.id = ANY(d.language_ids)) AS languages,
               c.accepting_new_patients AS accepting, c.evening, c.weekend, c.wheelchair,
               c.virtual_visits AS "virtualVisits", c.near_ttc AS "nearTTC", c.accepting_status AS status,
               c.hours, c.holiday_policy AS "holidayPolicy", c.holiday_ranges AS "holidayRanges",
               coalesce((SELECT jsonb_agg(jsonb_build_object('date', to_char(e.date, 'YYYY-MM-DD'),
                                  'ranges', e.ranges, 'reason', e.reason)) FROM clinic_hours_exceptions e
                          WHERE e.clinic_id = c.id), '[]'::jsonb) AS exceptions
          FROM doctors d
          JOIN doctor_clinics dc ON dc.doctor_id = d.id AND dc.is_primary
          JOIN clinics c ON c.id = dc.clinic_id
         WHERE d.expired_at IS NULL`)
    ).map((r: Record<string, unknown>) => ({ ...r, clinic: r }) as unknown as DoctorRow);
    for (const r of rows) schedules.set(r.cpso, scheduleOfClinicRow(r.clinic));
    specs = (await ds.query(`SELECT name FROM specialties ORDER BY name`)).map(
      (r: { name: string }) => r.name,
    );
    langs = (await ds.query(`SELECT name FROM languages ORDER BY name`)).map(
      (r: { name: string }) => r.name,
    );
  }, 180_000);

  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  const BOOLS = [
    'accepting',
    'evening',
    'weekend',
    'wheelchair',
    'virtualVisits',
    'nearTTC',
  ] as const;
  const STATUSES = [
    'accepting',
    'existing-patients-only',
    'existing-patients-family',
    'not-accepting',
    'unknown',
  ];
  // Toronto wall-clock moments inside the window: weekday mornings and evenings, Saturday,
  // Sunday night, Christmas Day, Boxing Day, New Year's Day, and an instant with an offset.
  const OPEN_AT = [
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

  /** One to four filters, any values the metadata lists, both values of each boolean. */
  const queryArb = (): fc.Arbitrary<Query> => {
    const values: Record<string, fc.Arbitrary<string>> = {
      specialties: fc.subarray(specs, { minLength: 1, maxLength: 2 }).map((a) => a.join(',')),
      languages: fc.subarray(langs, { minLength: 1, maxLength: 2 }).map((a) => a.join(',')),
      gender: fc.constantFrom('male', 'female', 'non-binary'),
      minYears: fc.integer({ min: 0, max: 40 }).map(String),
      maxYears: fc.integer({ min: 0, max: 40 }).map(String),
      ...Object.fromEntries(BOOLS.map((b) => [b, fc.boolean().map(String)])),
      acceptingStatus: fc.subarray(STATUSES, { minLength: 1 }).map((a) => a.join(',')),
      openAt: fc.constantFrom(...OPEN_AT),
      openNow: fc.constant('true'),
    };
    return fc
      .shuffledSubarray(Object.keys(values), { minLength: 1, maxLength: 4 })
      .chain((keys) => fc.record(Object.fromEntries(keys.map((k) => [k, values[k]]))))
      .filter((q) => {
        if (q.openAt && q.openNow) return false;
        return !(q.minYears && q.maxYears && Number(q.minYears) > Number(q.maxYears));
      });
  };

  /** Each row's openness at an instant, decided once by the domain's isOpenAt. */
  const openness = new Map<number, Map<string, boolean | null>>();
  function openAt(r: DoctorRow, at: number): boolean | null {
    let byRow = openness.get(at);
    if (!byRow) {
      byRow = new Map(rows.map((x) => [x.cpso, isOpenAt(schedules.get(x.cpso)!, at, calendar)]));
      openness.set(at, byRow);
    }
    return byRow.get(r.cpso)!;
  }
  const schedules = new Map<string, ReturnType<typeof scheduleOfClinicRow>>();

  function expected(q: Query): DoctorRow[] {
    const year = NOW.getUTCFullYear();
    const set = (v: string) => v.split(',').map((s) => s.toLowerCase());
    const at =
      q.openAt !== undefined
        ? parseOpenAt(q.openAt, NOW.getTime()).instant
        : q.openNow
          ? NOW.getTime()
          : undefined;
    return rows
      .filter((r) => {
        if (q.specialties && !set(q.specialties).some((s) => r.specialties.includes(s)))
          return false;
        if (q.languages && !set(q.languages).some((l) => r.languages.includes(l))) return false;
        if (q.gender && r.gender !== q.gender) return false;
        const years = Math.max(0, year - r.startYear);
        if (q.minYears && years < Number(q.minYears)) return false;
        if (q.maxYears && years > Number(q.maxYears)) return false;
        for (const b of BOOLS) if (q[b] !== undefined && String(r[b]) !== q[b]) return false;
        if (q.acceptingStatus && !q.acceptingStatus.split(',').includes(r.status)) return false;
        if (at !== undefined && openAt(r, at) !== true) return false;
        return true;
      })
      .sort((a, b) =>
        a.nameKey < b.nameKey
          ? -1
          : a.nameKey > b.nameKey
            ? 1
            : a.cpso < b.cpso
              ? -1
              : a.cpso > b.cpso
                ? 1
                : 0,
      );
  }

  it('every combination: total, members and name order as defined (seeded)', async () => {
    console.log(`doctor filters property: seed ${SEED} (FILTERS_PROPERTY_SEED to replay)`);
    const seen = { empty: 0, some: 0 };
    await fc.assert(
      fc.asyncProperty(queryArb(), fc.constantFrom(0, 0, 7, 40), async (q, offset) => {
        const want = expected(q);
        const qs = new URLSearchParams({ ...q, limit: '100', offset: String(offset) }).toString();
        const started = Date.now();
        const res = await call(t.app, 'GET', `/doctors?${qs}`, auth);

        if (process.env.PROPERTY_TIMING) console.log(`${Date.now() - started} ms ${qs}`);
        expect({ q, status: res.status }).toEqual({ q, status: 200 });
        const body = res.body as {
          total: number;
          doctors: { cpsoNumber: string; clinic: { acceptingStatus?: string } }[];
        };
        expect({ q, total: body.total }).toEqual({ q, total: want.length });
        expect({ q, page: body.doctors.map((d) => d.cpsoNumber) }).toEqual({
          q,
          page: want.slice(offset, offset + 100).map((r) => r.cpso),
        });
        for (const d of body.doctors)
          expect(d.clinic.acceptingStatus).toBe(rows.find((r) => r.cpso === d.cpsoNumber)!.status);
        if (want.length === 0) seen.empty++;
        else seen.some++;
      }),
      { seed: SEED, numRuns: Number(process.env.PROPERTY_RUNS ?? 150) },
    );
    // The draws must exercise real answers, not only empty lists.
    expect(seen.some).toBeGreaterThan(seen.empty);
  }, 300_000);
});
