import { ClinicSchedule } from '../../domain/clinics/hours/clinic-schedule';
import { isOpenAt, openingAnswer } from '../../domain/clinics/hours/opening';
import {
  fitsOntarioHolidayRule,
  ONTARIO_PUBLIC_HOLIDAYS,
} from '../../domain/clinics/hours/public-holidays';
import { WeeklyHours } from '../../domain/clinics/hours/weekly-hours';
import {
  correctOntarioHolidays,
  DateHolidaysOntarioCalendar,
  LibraryHoliday,
} from './date-holidays-ontario.calendar';

/** Ontario's nine, written out by hand from a calendar (Easter: 2026-04-05, 2027-03-28, 2028-04-16). */
const EXPECTED: Record<number, [string, string][]> = {
  2026: [
    ['2026-01-01', "New Year's Day"],
    ['2026-02-16', 'Family Day'],
    ['2026-04-03', 'Good Friday'],
    ['2026-05-18', 'Victoria Day'],
    ['2026-07-01', 'Canada Day'],
    ['2026-09-07', 'Labour Day'],
    ['2026-10-12', 'Thanksgiving Day'],
    ['2026-12-25', 'Christmas Day'],
    ['2026-12-26', 'Boxing Day'],
  ],
  2027: [
    ['2027-01-01', "New Year's Day"],
    ['2027-02-15', 'Family Day'],
    ['2027-03-26', 'Good Friday'],
    ['2027-05-24', 'Victoria Day'],
    ['2027-07-01', 'Canada Day'],
    ['2027-09-06', 'Labour Day'],
    ['2027-10-11', 'Thanksgiving Day'],
    ['2027-12-25', 'Christmas Day'], // a Saturday: not moved
    ['2027-12-26', 'Boxing Day'], // a Sunday: not moved
  ],
  2028: [
    ['2028-01-01', "New Year's Day"], // a Saturday: not moved
    ['2028-02-21', 'Family Day'],
    ['2028-04-14', 'Good Friday'],
    ['2028-05-22', 'Victoria Day'],
    ['2028-07-01', 'Canada Day'], // a Saturday: not moved
    ['2028-09-04', 'Labour Day'],
    ['2028-10-09', 'Thanksgiving Day'],
    ['2028-12-25', 'Christmas Day'],
    ['2028-12-26', 'Boxing Day'],
  ],
};

const calendar = new DateHolidaysOntarioCalendar();

describe('Ontario public holidays from date-holidays, corrected', () => {
  it.each([2026, 2027, 2028])('gives exactly the nine of %i', (year) => {
    expect(calendar.publicHolidays(year).map((h) => [h.date, h.name])).toEqual(EXPECTED[year]);
    expect(calendar.publicHolidays(year).map((h) => h.key)).toEqual(
      ONTARIO_PUBLIC_HOLIDAYS.map((h) => h.key),
    );
  });

  it('leaves out Easter Monday, the Civic Holiday and Remembrance Day', () => {
    const dates = new Set(
      [2026, 2027, 2028].flatMap((y) => calendar.publicHolidays(y).map((h) => h.date)),
    );
    for (const d of [
      '2026-04-06',
      '2027-03-29',
      '2028-04-17',
      '2026-08-03',
      '2027-08-02',
      '2028-08-07',
    ])
      expect(dates.has(d)).toBe(false);
    for (const y of [2026, 2027, 2028]) expect(dates.has(`${y}-11-11`)).toBe(false);
  });

  it('gives nine dates that fit the rules of the Act for every year from 2020 to 2045', () => {
    for (let year = 2020; year <= 2045; year++) {
      const list = calendar.publicHolidays(year);
      expect(list).toHaveLength(9);
      for (const h of list)
        expect([year, h.key, fitsOntarioHolidayRule(h.key, h.date)]).toEqual([year, h.key, true]);
    }
  });

  describe('the correction on its own', () => {
    const nine = (year: number): LibraryHoliday[] =>
      EXPECTED[year].map(([date, name]) => ({
        date: `${date} 00:00:00`,
        name: name === 'Thanksgiving Day' ? 'Thanksgiving' : name,
        type: 'public',
      }));

    it('drops public days outside the nine, substitutes, and other types', () => {
      const entries: LibraryHoliday[] = [
        ...nine(2027),
        { date: '2027-03-29 00:00:00', name: 'Easter Monday', type: 'public' },
        { date: '2027-08-02 00:00:00', name: 'Civic Holiday', type: 'optional' },
        { date: '2027-11-11 00:00:00', name: 'Remembrance Day', type: 'public' },
        { date: '2027-12-27 00:00:00', name: 'Christmas Day', type: 'public', substitute: true },
        { date: '2027-02-02 00:00:00', name: 'Groundhog Day', type: 'observance' },
      ];
      expect(correctOntarioHolidays(2027, entries).map((h) => h.date)).toEqual(
        EXPECTED[2027].map(([d]) => d),
      );
    });

    it('refuses a list that lacks one of the nine, has one twice, or puts one on a wrong date', () => {
      expect(() =>
        correctOntarioHolidays(
          2026,
          nine(2026).filter((h) => h.name !== 'Family Day'),
        ),
      ).toThrow('Holiday data for 2026 lacks family-day');
      expect(() =>
        correctOntarioHolidays(2026, [
          ...nine(2026),
          { date: '2026-12-26', name: 'Boxing Day', type: 'public' },
        ]),
      ).toThrow('Holiday data for 2026 gives boxing-day twice (2026-12-26, 2026-12-26)');
      const wrong = nine(2026).map((h) =>
        h.name === 'Good Friday' ? { ...h, date: '2026-04-06 00:00:00' } : h,
      );
      expect(() => correctOntarioHolidays(2026, wrong)).toThrow(
        'Holiday data for 2026 puts good-friday on 2026-04-06, which its rule does not allow',
      );
      expect(() => correctOntarioHolidays(2027, nine(2026))).toThrow(
        /puts new-years-day on 2026-01-01/,
      );
    });
  });
});

describe('a clinic on each holiday of 2026–2028 through the real calendar', () => {
  const r = (open: string, close: string) => ({ open, close });
  const split = [r('08:00', '12:00'), r('13:00', '20:00')];
  /** Monday to Friday 08:00–12:00 and 13:00–20:00, Saturday 10:00–14:00. */
  const week: WeeklyHours = {
    mon: split,
    tue: split,
    wed: split,
    thu: split,
    fri: split,
    sat: [r('10:00', '14:00')],
    sun: [],
  };
  const clinic: ClinicSchedule = { week, holidays: { kind: 'closed' }, exceptions: [] };

  it.each([
    ['2026-01-01', '2026-01-02T08:00:00-05:00'],
    ['2026-02-16', '2026-02-17T08:00:00-05:00'],
    ['2026-04-03', '2026-04-04T10:00:00-04:00'],
    ['2026-05-18', '2026-05-19T08:00:00-04:00'],
    ['2026-07-01', '2026-07-02T08:00:00-04:00'],
    ['2026-09-07', '2026-09-08T08:00:00-04:00'],
    ['2026-10-12', '2026-10-13T08:00:00-04:00'],
    ['2026-12-25', '2026-12-28T08:00:00-05:00'],
    ['2026-12-26', '2026-12-28T08:00:00-05:00'],
    ['2027-01-01', '2027-01-02T10:00:00-05:00'],
    ['2027-02-15', '2027-02-16T08:00:00-05:00'],
    ['2027-03-26', '2027-03-27T10:00:00-04:00'],
    ['2027-05-24', '2027-05-25T08:00:00-04:00'],
    ['2027-07-01', '2027-07-02T08:00:00-04:00'],
    ['2027-09-06', '2027-09-07T08:00:00-04:00'],
    ['2027-10-11', '2027-10-12T08:00:00-04:00'],
    ['2027-12-25', '2027-12-27T08:00:00-05:00'],
    ['2027-12-26', '2027-12-27T08:00:00-05:00'],
    ['2028-01-01', '2028-01-03T08:00:00-05:00'],
    ['2028-02-21', '2028-02-22T08:00:00-05:00'],
    ['2028-04-14', '2028-04-15T10:00:00-04:00'],
    ['2028-05-22', '2028-05-23T08:00:00-04:00'],
    ['2028-07-01', '2028-07-03T08:00:00-04:00'],
    ['2028-09-04', '2028-09-05T08:00:00-04:00'],
    ['2028-10-09', '2028-10-10T08:00:00-04:00'],
    ['2028-12-25', '2028-12-27T08:00:00-05:00'],
    ['2028-12-26', '2028-12-27T08:00:00-05:00'],
  ])('%s: closed at 10:00, next open %s', (date, nextOpen) => {
    const now = Date.parse(`${date}T10:00:00${nextOpen.slice(-6)}`);
    const answer = openingAnswer(clinic, now, calendar);
    expect([answer.openNow, answer.nextOpen]).toEqual([false, nextOpen]);
  });

  it.each([
    ['2026-04-06', '-04:00'],
    ['2027-03-29', '-04:00'],
    ['2028-04-17', '-04:00'],
  ])('is open on Easter Monday %s at 10:00', (date, offset) => {
    expect(isOpenAt(clinic, Date.parse(`${date}T10:00:00${offset}`), calendar)).toBe(true);
  });
});
