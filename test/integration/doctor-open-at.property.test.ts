import fc from 'fast-check';
import { NoReadCache } from '../../src/application/shared/read-cache';
import { ListMomentsResolver } from '../../src/application/shared/list-moments';
import { Weekday, WEEKDAYS } from '../../src/domain/clinics/clinic-hours';
import {
  ClinicSchedule,
  HolidayPolicy,
  HoursException,
} from '../../src/domain/clinics/hours/clinic-schedule';
import { isOpenAt, openingAnswer } from '../../src/domain/clinics/hours/opening';
import {
  formatTimeOfDay,
  TimeRange,
  WeeklyHours,
} from '../../src/domain/clinics/hours/weekly-hours';
import { DoctorCriteria } from '../../src/domain/directory/criteria';
import { DateHolidaysOntarioCalendar } from '../../src/infrastructure/holidays/date-holidays-ontario.calendar';
import { DEFAULT_SEARCH_TUNING } from '../../src/infrastructure/persistence/doctors/search-tuning';
import { TypeOrmDoctorReadRepository } from '../../src/infrastructure/persistence/doctors/typeorm-doctor-read.repository';
import { C1, DOCTORS, loadDirectoryFixture } from '../fixtures/directory.fixture';
import { doctorReadRepository } from '../support/read-repositories';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/**
 * Seeded property (issue 33): the doctor list's SQL filter and each item's openNow (clinic_open_at
 * over the stored hours, holiday policy and exceptions, through the reader, in both page shapes:
 * the probe of a walk and the collected open clinics) say exactly what the domain's isOpenAt and
 * openingAnswer say, for random weeks (unknown too), holiday policies, exceptions and instants
 * (near the daylight-saving changes and on Ontario's public holidays too). The primary clinic of
 * Alice (C1) gets each random schedule; the moments come from ListMomentsResolver.
 */
const MIN = 60_000;
const DAY = 86_400_000;
const SEED = Number(process.env.DOCTOR_OPEN_AT_SEED ?? 3333);
const ALICE = DOCTORS[0].name;

const dayRanges: fc.Arbitrary<TimeRange[]> = fc
  .uniqueArray(fc.integer({ min: 0, max: 96 }), { maxLength: 6 })
  .map((cuts) => {
    const sorted = [...cuts].sort((a, b) => a - b);
    const ranges: TimeRange[] = [];
    for (let i = 0; i + 1 < sorted.length; i += 2)
      ranges.push({
        open: formatTimeOfDay(sorted[i] * 15),
        close: formatTimeOfDay(sorted[i + 1] * 15),
      });
    return ranges;
  });
const week: fc.Arbitrary<WeeklyHours | null> = fc.option(
  fc
    .tuple(...WEEKDAYS.map(() => dayRanges))
    .map(
      (days) =>
        Object.fromEntries(WEEKDAYS.map((d, i) => [d, days[i]])) as Record<Weekday, TimeRange[]>,
    ),
  { freq: 8 },
);
const policy: fc.Arbitrary<HolidayPolicy> = fc.oneof(
  fc.constant<HolidayPolicy>({ kind: 'closed' }),
  fc.constant<HolidayPolicy>({ kind: 'regular' }),
  dayRanges.filter((r) => r.length > 0).map((ranges): HolidayPolicy => ({ kind: 'hours', ranges })),
);

const calendar = new DateHolidaysOntarioCalendar();
const HOLIDAY_NOONS = [2026, 2027].flatMap((y) =>
  calendar.publicHolidays(y).map((h) => Date.parse(`${h.date}T12:00:00Z`)),
);
const CHANGES = ['2026-03-08T07:00:00Z', '2026-11-01T06:00:00Z', '2027-03-14T07:00:00Z'].map(
  Date.parse,
);
const FROM = Date.parse('2026-01-01T05:00:00Z');
const TO = Date.parse('2027-12-24T05:00:00Z');
const instant: fc.Arbitrary<number> = fc.oneof(
  fc.integer({ min: FROM, max: TO }).map((t) => t - (t % MIN)),
  fc
    .tuple(fc.constantFrom(...CHANGES), fc.integer({ min: -2 * DAY, max: 2 * DAY }))
    .map(([c, d]) => c + d - (d % (15 * MIN))),
  fc
    .tuple(fc.constantFrom(...HOLIDAY_NOONS), fc.integer({ min: -14 * 60, max: 14 * 60 }))
    .map(([noon, m]) => noon + m * MIN),
);
const exceptionsNear = (t: number): fc.Arbitrary<HoursException[]> =>
  fc.uniqueArray(fc.integer({ min: -1, max: 1 }), { maxLength: 2 }).chain((offsets) =>
    fc.tuple(
      ...offsets.map((o) => {
        const date = new Date(t - 5 * 3_600_000 + o * DAY).toISOString().slice(0, 10);
        return fc.oneof(
          fc.constant<HoursException>({ date, closed: true }),
          dayRanges.filter((r) => r.length > 0).map((ranges): HoursException => ({ date, ranges })),
        );
      }),
    ),
  );
const scheduleAt = fc.tuple(week, policy, instant).chain(([w, p, t]) =>
  exceptionsNear(t).map((exceptions) => ({
    schedule: { week: w, holidays: p, exceptions },
    t,
  })),
);

const HOURS_READ_MODELS = [
  'clinic_open_ranges',
  'week_stretches',
  'day_stretches',
  'doctor_open_facets',
  'clinic_open_facets',
];

describe('doctor lists: the SQL open-at filter and openNow equal the domain (property, seeded)', () => {
  let db: TestDatabase;
  let probe: TypeOrmDoctorReadRepository;
  let collect: TypeOrmDoctorReadRepository;
  const moments = new ListMomentsResolver(calendar);

  beforeAll(async () => {
    db = await createTestDatabase('doctor_open_at_property');
    await loadDirectoryFixture(db.dataSource);
    probe = doctorReadRepository(db.dataSource, new NoReadCache());
    // A walk budget of 0: every time-filtered page collects its open clinics.
    collect = doctorReadRepository(db.dataSource, new NoReadCache(), {
      ...DEFAULT_SEARCH_TUNING,
      listWalkBudget: 0,
    });
  });
  afterAll(async () => {
    await db?.drop();
  });

  async function store(s: ClinicSchedule): Promise<void> {
    const ds = db.dataSource;
    await ds.query(
      `UPDATE clinics SET hours = $2, holiday_policy = $3, holiday_ranges = $4 WHERE id = $1`,
      [
        C1,
        s.week === null ? null : JSON.stringify(s.week),
        s.holidays.kind,
        s.holidays.kind === 'hours' ? JSON.stringify(s.holidays.ranges) : null,
      ],
    );
    await ds.query('DELETE FROM clinic_hours_exceptions WHERE clinic_id = $1', [C1]);
    for (const e of s.exceptions)
      await ds.query(
        'INSERT INTO clinic_hours_exceptions (clinic_id, date, ranges) VALUES ($1, $2, $3)',
        [C1, e.date, 'closed' in e ? null : JSON.stringify(e.ranges)],
      );
    // The hours' read models (the open clinics' ranges and the open facets), as an import does.
    for (const view of HOURS_READ_MODELS) await ds.query(`REFRESH MATERIALIZED VIEW ${view}`);
  }

  it('agrees for random schedules and instants, nearest first and in name order', async () => {
    await fc.assert(
      fc.asyncProperty(scheduleAt, fc.boolean(), async ({ schedule, t }, near) => {
        await store(schedule);
        const expected = isOpenAt(schedule, t, calendar);
        expect(openingAnswer(schedule, t, calendar).openNow).toBe(expected);
        const now = new Date(t);
        const criteria: DoctorCriteria = {
          openNow: true,
          ...(near ? { near: { lat: 43.6677, lng: -79.3948 } } : {}),
        };
        const m = moments.resolve(criteria, now);
        for (const repo of [probe, collect]) {
          const page = await repo.list(criteria, { offset: 0, limit: 20 }, now, m);
          const alice = page.items.filter((d) => d.name === ALICE);
          expect(alice.length).toBe(expected === true ? 1 : 0);
          for (const d of alice) expect(d.clinic.openNow).toBe(true);
          expect(page.total).toBe(page.items.length);
        }
        const all = await probe.list({}, { offset: 0, limit: 20 }, now, { now: m.now });
        expect(all.items.find((d) => d.name === ALICE)!.clinic.openNow).toBe(expected);
      }),
      { seed: SEED, numRuns: 120 },
    );
  });
});
