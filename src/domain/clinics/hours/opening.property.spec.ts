import fc from 'fast-check';
import { Weekday, WEEKDAYS } from '../clinic-hours';
import { ClinicSchedule, HolidayPolicy, HoursException } from './clinic-schedule';
import { containsMinute, weekMinuteRanges } from './minute-of-week';
import { isOpenAt, openingAnswer } from './opening';
import { FixedHolidayCalendar, PublicHoliday } from './public-holidays';
import { formatTimeOfDay, TimeRange, WeeklyHours } from './weekly-hours';

/**
 * A brute-force definition to check the answers against, sharing nothing with the code under
 * test: Toronto's offset from the rule in force since 2007 (EDT from the second Sunday of March
 * at 07:00Z to the first Sunday of November at 06:00Z), each day's openings as a table of 1,440
 * minutes, and the next opening and closing found by walking minute by minute.
 */
const MIN = 60_000;
const DAY = 86_400_000;

function nthSundayUtc(year: number, month: number, n: number): number {
  const first = new Date(Date.UTC(year, month, 1)).getUTCDay();
  return Date.UTC(year, month, 1 + ((7 - first) % 7) + 7 * (n - 1));
}
const SUMMERS = [2025, 2026, 2027, 2028, 2029].map((year) => [
  nthSundayUtc(year, 2, 2) + 7 * 3_600_000,
  nthSundayUtc(year, 10, 1) + 6 * 3_600_000,
]);
function oracleOffset(t: number): number {
  return SUMMERS.some(([start, end]) => t >= start && t < end) ? -240 : -300;
}

const HOLIDAYS: PublicHoliday[] = [
  ['2026-01-01', 'new-years-day'],
  ['2026-02-16', 'family-day'],
  ['2026-04-03', 'good-friday'],
  ['2026-05-18', 'victoria-day'],
  ['2026-07-01', 'canada-day'],
  ['2026-09-07', 'labour-day'],
  ['2026-10-12', 'thanksgiving'],
  ['2026-12-25', 'christmas-day'],
  ['2026-12-26', 'boxing-day'],
  ['2027-01-01', 'new-years-day'],
  ['2027-02-15', 'family-day'],
  ['2027-03-26', 'good-friday'],
  ['2027-05-24', 'victoria-day'],
  ['2027-07-01', 'canada-day'],
  ['2027-09-06', 'labour-day'],
  ['2027-10-11', 'thanksgiving'],
  ['2027-12-25', 'christmas-day'],
  ['2027-12-26', 'boxing-day'],
  ['2028-01-01', 'new-years-day'],
].map(([date, key]) => ({ date, key, name: key }) as PublicHoliday);
const calendar = new FixedHolidayCalendar(HOLIDAYS);
const holidayDates = new Set(HOLIDAYS.map((h) => h.date));

class Oracle {
  private readonly days = new Map<number, Uint8Array>();
  private readonly exceptions: Map<string, HoursException>;

  constructor(private readonly s: ClinicSchedule) {
    this.exceptions = new Map(s.exceptions.map((e) => [e.date, e]));
  }

  private table(ranges: readonly TimeRange[]): Uint8Array {
    const t = new Uint8Array(1440);
    for (const r of ranges) {
      const [oh, om] = r.open.split(':').map(Number);
      const [ch, cm] = r.close.split(':').map(Number);
      for (let m = oh * 60 + om; m < ch * 60 + cm; m++) t[m] = 1;
    }
    return t;
  }

  private day(dayNumber: number): Uint8Array {
    let t = this.days.get(dayNumber);
    if (!t) {
      const date = new Date(dayNumber * DAY).toISOString().slice(0, 10);
      const weekday = WEEKDAYS[(new Date(dayNumber * DAY).getUTCDay() + 6) % 7];
      const e = this.exceptions.get(date);
      const p = this.s.holidays;
      let ranges: readonly TimeRange[];
      if (e) ranges = 'closed' in e ? [] : e.ranges;
      else if (holidayDates.has(date) && p.kind !== 'regular')
        ranges = p.kind === 'hours' ? p.ranges : [];
      else ranges = this.s.week![weekday];
      t = this.table(ranges);
      this.days.set(dayNumber, t);
    }
    return t;
  }

  open(t: number): boolean {
    const wall = t + oracleOffset(t) * MIN;
    const dayNumber = Math.floor(wall / DAY);
    return this.day(dayNumber)[Math.floor((wall - dayNumber * DAY) / MIN)] === 1;
  }

  /** Walks the whole minutes after `now` for 7 days: the first change each way. */
  next(now: number): { nextOpen: number | null; nextClose: number | null } {
    let nextOpen: number | null = null;
    let nextClose: number | null = null;
    let before = this.open(now);
    for (let m = Math.floor(now / MIN) + 1; m * MIN <= now + 7 * DAY; m++) {
      const state = this.open(m * MIN);
      if (state && !before && nextOpen === null) nextOpen = m * MIN;
      if (!state && before && nextClose === null) nextClose = m * MIN;
      before = state;
    }
    return { nextOpen, nextClose };
  }
}

/** Sorted non-overlapping ranges of a day, on quarter hours, with some ending 24:00 or starting 00:00. */
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

const week: fc.Arbitrary<WeeklyHours> = fc
  .tuple(...WEEKDAYS.map(() => dayRanges))
  .map(
    (days) =>
      Object.fromEntries(WEEKDAYS.map((d, i) => [d, days[i]])) as Record<Weekday, TimeRange[]>,
  );

const policy: fc.Arbitrary<HolidayPolicy> = fc.oneof(
  fc.constant<HolidayPolicy>({ kind: 'closed' }),
  fc.constant<HolidayPolicy>({ kind: 'regular' }),
  dayRanges.filter((r) => r.length > 0).map((ranges): HolidayPolicy => ({ kind: 'hours', ranges })),
);

const FROM = Date.parse('2026-01-01T05:00:00Z');
const TO = Date.parse('2027-12-24T05:00:00Z');
/** The 2026 and 2027 changes, and the year's turn: instants are drawn near them too. */
const CHANGES = [
  '2026-03-08T07:00:00Z',
  '2026-11-01T06:00:00Z',
  '2027-03-14T07:00:00Z',
  '2027-11-07T06:00:00Z',
].map(Date.parse);
const instant: fc.Arbitrary<number> = fc.oneof(
  fc.integer({ min: FROM, max: TO }),
  fc.integer({ min: FROM, max: TO }).map((t) => t - (t % MIN)),
  fc
    .tuple(fc.constantFrom(...CHANGES), fc.integer({ min: -8 * DAY, max: 2 * DAY }))
    .map(([c, d]) => c + d - (d % (15 * MIN))),
);

const exceptionsNear = (t: number): fc.Arbitrary<HoursException[]> =>
  fc.uniqueArray(fc.integer({ min: -1, max: 8 }), { maxLength: 3 }).chain((offsets) =>
    fc.tuple(
      ...offsets.map((o) =>
        fc.oneof(
          fc.constant<HoursException>({
            date: new Date(t + o * DAY).toISOString().slice(0, 10),
            closed: true,
          }),
          dayRanges
            .filter((r) => r.length > 0)
            .map((ranges): HoursException => ({
              date: new Date(t + o * DAY).toISOString().slice(0, 10),
              ranges,
            })),
        ),
      ),
    ),
  );

const scheduleAt = fc.tuple(week, policy, instant).chain(([w, p, t]) =>
  exceptionsNear(t).map((exceptions) => {
    const schedule: ClinicSchedule = { week: w, holidays: p, exceptions };
    return { schedule, t };
  }),
);

describe('opening answer against a minute-by-minute definition (seeded)', () => {
  it('agrees on openNow, nextOpen and nextClose for random weeks, holidays, exceptions and instants', () => {
    fc.assert(
      fc.property(scheduleAt, ({ schedule, t }) => {
        const oracle = new Oracle(schedule);
        const answer = openingAnswer(schedule, t, calendar);
        const expected = oracle.next(t);
        expect(answer.openNow).toBe(oracle.open(t));
        expect(isOpenAt(schedule, t, calendar)).toBe(oracle.open(t));
        expect(answer.nextOpen === null ? null : Date.parse(answer.nextOpen)).toBe(
          expected.nextOpen,
        );
        expect(answer.nextClose === null ? null : Date.parse(answer.nextClose)).toBe(
          expected.nextClose,
        );
        for (const iso of [answer.nextOpen, answer.nextClose])
          if (iso)
            expect(iso.slice(-6)).toBe(
              oracleOffset(Date.parse(iso)) === -240 ? '-04:00' : '-05:00',
            );
      }),
      { seed: 20261226, numRuns: 200 },
    );
  });

  it('agrees with the minute-of-week ranges on days without holidays or exceptions', () => {
    fc.assert(
      fc.property(week, instant, (w, t) => {
        const wall = t + oracleOffset(t) * MIN;
        const date = new Date(wall).toISOString().slice(0, 10);
        fc.pre(!holidayDates.has(date));
        const minute = Math.floor((wall % (7 * DAY)) / MIN); // 1970-01-01 was a Thursday
        const mondayBased = (minute + 3 * 1440) % 10080;
        const schedule: ClinicSchedule = { week: w, holidays: { kind: 'closed' }, exceptions: [] };
        expect(containsMinute(weekMinuteRanges(w), mondayBased)).toBe(
          isOpenAt(schedule, t, calendar),
        );
      }),
      { seed: 20261225, numRuns: 1000 },
    );
  });
});
