import {
  CLOSED_ALL_WEEKDAYS,
  DayHours,
  isOpenEvening,
  isOpenWeekend,
  minutesOfDay,
  weekdaySummary,
  WeeklyHours,
} from './clinic-hours';

const span = (open: string, close: string): DayHours => ({ open, close });
const nineToFive = span('09:00', '17:00');

function week(overrides: Partial<WeeklyHours> = {}): WeeklyHours {
  return {
    mon: nineToFive,
    tue: nineToFive,
    wed: nineToFive,
    thu: nineToFive,
    fri: nineToFive,
    sat: null,
    sun: null,
    ...overrides,
  };
}

describe('clinic hours', () => {
  describe('minutesOfDay', () => {
    it('reads padded and unpadded times', () => {
      expect(minutesOfDay('09:30')).toBe(570);
      expect(minutesOfDay('9:30')).toBe(570);
      expect(minutesOfDay('24:00')).toBe(1440);
    });
    it('refuses malformed times', () => {
      for (const bad of ['9', '9:3', '25:00', '12:60', 'noon', '']) {
        expect(() => minutesOfDay(bad)).toThrow();
      }
    });
  });

  describe('isOpenEvening', () => {
    it('is false when every weekday closes at 17:00 or earlier', () => {
      expect(isOpenEvening(week())).toBe(false);
      expect(isOpenEvening(week({ fri: span('08:00', '16:30') }))).toBe(false);
    });
    it('is true when one weekday closes after 17:00', () => {
      expect(isOpenEvening(week({ thu: span('09:00', '17:01') }))).toBe(true);
      expect(isOpenEvening(week({ tue: span('12:00', '20:00') }))).toBe(true);
    });
    it('ignores the weekend', () => {
      expect(
        isOpenEvening(week({ sat: span('10:00', '21:00'), sun: span('10:00', '22:00') })),
      ).toBe(false);
    });
    it('is false when closed on every weekday', () => {
      expect(isOpenEvening(week({ mon: null, tue: null, wed: null, thu: null, fri: null }))).toBe(
        false,
      );
    });
  });

  describe('isOpenWeekend', () => {
    it('is true when Saturday or Sunday is open', () => {
      expect(isOpenWeekend(week({ sat: span('09:00', '12:00') }))).toBe(true);
      expect(isOpenWeekend(week({ sun: span('10:00', '14:00') }))).toBe(true);
    });
    it('is false when both are closed', () => {
      expect(isOpenWeekend(week())).toBe(false);
    });
  });

  describe('weekdaySummary', () => {
    it('formats H:MM-HH:MM without a leading zero on the opening hour', () => {
      expect(weekdaySummary(week())).toBe('9:00-17:00');
      expect(
        weekdaySummary(
          week({
            mon: span('08:30', '20:00'),
            tue: span('08:30', '20:00'),
            wed: span('08:30', '20:00'),
          }),
        ),
      ).toBe('8:30-20:00');
      const late = span('10:00', '18:00');
      expect(weekdaySummary(week({ mon: late, tue: late, wed: late }))).toBe('10:00-18:00');
    });
    it('picks the most common weekday span, not Monday', () => {
      const evening = span('09:00', '20:00');
      expect(weekdaySummary(week({ mon: evening, thu: evening }))).toBe('9:00-17:00');
    });
    it('breaks ties by the earliest day of the week', () => {
      const a = span('08:00', '16:00');
      const b = span('10:00', '19:00');
      expect(weekdaySummary(week({ mon: b, tue: b, wed: a, thu: a, fri: null }))).toBe(
        '10:00-19:00',
      );
    });
    it('skips closed weekdays', () => {
      expect(weekdaySummary(week({ mon: null, tue: null, wed: span('07:45', '15:00') }))).toBe(
        '9:00-17:00',
      );
      expect(
        weekdaySummary(
          week({ mon: null, tue: null, wed: null, thu: null, fri: span('7:00', '9:30') }),
        ),
      ).toBe('7:00-09:30');
    });
    it('answers "closed" when closed Monday to Friday', () => {
      const weekendOnly = week({
        mon: null,
        tue: null,
        wed: null,
        thu: null,
        fri: null,
        sat: nineToFive,
      });
      expect(weekdaySummary(weekendOnly)).toBe(CLOSED_ALL_WEEKDAYS);
      expect(CLOSED_ALL_WEEKDAYS).toBe('closed');
    });
  });
});
