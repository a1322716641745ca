import fc from 'fast-check';
import { ClinicOpening } from '../../src/application/clinics/clinic-opening';
import { ListMomentsResolver } from '../../src/application/shared/list-moments';
import { WEEKDAYS } from '../../src/domain/clinics/clinic-hours';
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
import { DateHolidaysOntarioCalendar } from '../../src/infrastructure/holidays/date-holidays-ontario.calendar';
import {
  clinicScheduleColumn,
  ClinicScheduleJson,
  scheduleOf,
} from '../../src/infrastructure/persistence/clinics/clinic-schedule.sql';
import { hoursStatusConditions } from '../../src/infrastructure/persistence/clinics/clinic-read.sql';
import { openNowColumn } from '../../src/infrastructure/persistence/directory/opening-sql';
import { SqlParams } from '../../src/infrastructure/persistence/directory/sql-params';
import { C5, loadDirectoryFixture } from '../fixtures/directory.fixture';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/**
 * A seeded property (issue 33): for random weeks (stored as an import's lists or the demo's one
 * range a day), holiday policies, exceptions and instants near the daylight-saving changes and
 * the holidays, the SQL the lists send (the openAt filter through hoursStatusConditions, each
 * item's openNow through openNowColumn) says what the domain says (isOpenAt and openingAnswer),
 * and the detail's read (clinicScheduleColumn, scheduleOf) gives back the schedule written.
 */
const SEED = Number(process.env.CLINIC_OPEN_SQL_SEED ?? 3333);
const DAY_MS = 86_400_000;
// Each base is a "now": the instants checked are within the 60 days openAt allows.
const BASES = [
  '2026-02-10T12:00:00Z', // Family Day, spring forward (03-08), Good Friday, Easter Monday
  '2026-10-25T12:00:00Z', // fall back (11-01)
  '2026-12-20T17:00:00Z', // Christmas, Boxing Day, New Year's Day
  '2027-03-01T17:00:00Z', // spring forward (03-14), Good Friday (03-26)
].map((s) => new Date(s).getTime());

const slot = fc.integer({ min: 0, max: 48 }); // half hours; 48 is 24:00
const dayRanges = fc
  .uniqueArray(slot, { maxLength: 6 })
  .map((points) => points.sort((a, b) => a - b))
  .map((points) => {
    const out: TimeRange[] = [];
    for (let i = 0; i + 1 < points.length; i += 2)
      out.push({
        open: formatTimeOfDay(points[i] * 30),
        close: formatTimeOfDay(points[i + 1] * 30),
      });
    return out;
  });
const week: fc.Arbitrary<WeeklyHours> = fc
  .tuple(dayRanges, dayRanges, dayRanges, dayRanges, dayRanges, dayRanges, dayRanges)
  .map(
    (days) => Object.fromEntries(WEEKDAYS.map((d, i) => [d, days[i]])) as unknown as WeeklyHours,
  );
const policy: fc.Arbitrary<HolidayPolicy> = fc.oneof(
  fc.constant<HolidayPolicy>({ kind: 'closed' }),
  fc.constant<HolidayPolicy>({ kind: 'regular' }),
  dayRanges.filter((r) => r.length > 0).map((ranges): HolidayPolicy => ({ kind: 'hours', ranges })),
);

interface Case {
  base: number;
  week: WeeklyHours | null;
  demoForm: boolean;
  holidays: HolidayPolicy;
  exceptions: { day: number; ranges: TimeRange[]; reason?: string }[];
  instants: number[];
}

const caseArb: fc.Arbitrary<Case> = fc.record({
  base: fc.constantFrom(...BASES),
  week: fc.option(week, { freq: 8 }),
  demoForm: fc.boolean(),
  holidays: policy,
  exceptions: fc.uniqueArray(
    fc.record(
      {
        day: fc.integer({ min: -1, max: 45 }),
        ranges: dayRanges,
        reason: fc.constantFrom('Training', 'Renovation'),
      },
      { requiredKeys: ['day', 'ranges'] },
    ),
    { selector: (e) => e.day, maxLength: 3 },
  ),
  // Instants from the base on, on the half-hour grid or a minute beside it.
  instants: fc
    .array(fc.tuple(fc.integer({ min: 0, max: 45 * 48 }), fc.constantFrom(-1, 0, 0, 1)), {
      minLength: 1,
      maxLength: 6,
    })
    .map((xs) => xs.map(([k, d]) => k * 1_800_000 + d * 60_000)),
});

/** The stored form of a week: an import's lists, or (when every day has at most one range) the demo's. */
function storedWeek(w: WeeklyHours, demo: boolean): Record<string, unknown> {
  const single = WEEKDAYS.every((d) => w[d].length <= 1);
  return Object.fromEntries(WEEKDAYS.map((d) => [d, demo && single ? (w[d][0] ?? null) : w[d]]));
}

describe('clinic_open_at in the lists equals the domain (property, real PostgreSQL)', () => {
  let db: TestDatabase;
  const calendar = new DateHolidaysOntarioCalendar();
  const moments = new ListMomentsResolver(calendar);
  const opening = new ClinicOpening(calendar);

  beforeAll(async () => {
    db = await createTestDatabase('clinic_open_sql');
    await loadDirectoryFixture(db.dataSource);
  });
  afterAll(async () => db?.drop());

  it('agrees on random schedules and instants', async () => {
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        const q = (sql: string, params: unknown[]) => db.dataSource.query(sql, params);
        const baseDay = Math.floor(c.base / DAY_MS);
        const exceptions: HoursException[] = c.exceptions
          .map((e) => {
            const date = new Date((baseDay + e.day) * DAY_MS).toISOString().slice(0, 10);
            const reason = e.reason === undefined ? {} : { reason: e.reason };
            return e.ranges.length === 0
              ? { date, closed: true as const, ...reason }
              : { date, ranges: e.ranges, ...reason };
          })
          .sort((a, b) => (a.date < b.date ? -1 : 1));
        const schedule: ClinicSchedule = { week: c.week, holidays: c.holidays, exceptions };
        await q(
          `UPDATE clinics SET hours = $2::jsonb, holiday_policy = $3, holiday_ranges = $4::jsonb WHERE id = $1`,
          [
            C5,
            c.week === null ? null : JSON.stringify(storedWeek(c.week, c.demoForm)),
            c.holidays.kind,
            c.holidays.kind === 'hours' ? JSON.stringify(c.holidays.ranges) : null,
          ],
        );
        await q('DELETE FROM clinic_hours_exceptions WHERE clinic_id = $1', [C5]);
        for (const e of exceptions)
          await q(
            'INSERT INTO clinic_hours_exceptions (clinic_id, date, ranges, reason) VALUES ($1, $2, $3::jsonb, $4)',
            [C5, e.date, 'closed' in e ? null : JSON.stringify(e.ranges), e.reason ?? null],
          );

        // The detail's read gives back the schedule (exceptions from the base's date on).
        const now = new Date(c.base);
        const rp = new SqlParams();
        const id = rp.add(C5);
        const from = rp.add(new Date(c.base - 5 * 3_600_000).toISOString().slice(0, 10));
        const [row] = await q(
          `SELECT ${clinicScheduleColumn('c', `${from}::date`)} FROM clinics c WHERE c.id = ${id}`,
          rp.values,
        );
        const read = scheduleOf(row.schedule as ClinicScheduleJson);
        expect(read.schedule.week).toEqual(c.week);
        expect(read.schedule.holidays).toEqual(
          c.holidays.kind === 'hours' ? { kind: 'hours', ranges: c.holidays.ranges } : c.holidays,
        );
        const answer = opening.answer(read, now);
        expect(answer.openNow).toBe(openingAnswer(schedule, c.base, calendar).openNow);

        for (const offset of c.instants) {
          const instant = c.base + offset;
          const expected = isOpenAt(schedule, instant, calendar);
          const filter = moments.resolve({ openAt: new Date(instant).toISOString() }, now).filter!;
          const p = new SqlParams();
          const conds = hoursStatusConditions('cs', 'cs.clinic_id', {}, { now: filter, filter }, p);
          const idp = p.add(C5);
          const [r] = await q(
            `SELECT ${openNowColumn(idp, filter, p)} AS open_now,
                    EXISTS (SELECT 1 FROM clinic_search cs WHERE cs.clinic_id = ${idp} AND ${conds.join(' AND ')}) AS listed`,
            p.values,
          );
          expect([new Date(instant).toISOString(), r.open_now]).toEqual([
            new Date(instant).toISOString(),
            expected,
          ]);
          expect(r.listed).toBe(expected === true);
          checked++;
        }
      }),
      { seed: SEED, numRuns: 120 },
    );
    expect(checked).toBeGreaterThan(120);
  });
});
