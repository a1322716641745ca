import { ClinicSchedule, CLOSED_ON_HOLIDAYS, HoursException } from './clinic-schedule';
import { isOpenAt, openingAnswer } from './opening';
import { FixedHolidayCalendar, PublicHoliday } from './public-holidays';
import { WeeklyHours } from './weekly-hours';

/** Ontario's nine of 2026 and New Year's Day 2027, written out from a calendar. */
const HOLIDAYS: PublicHoliday[] = [
  { date: '2026-01-01', key: 'new-years-day', name: "New Year's Day" },
  { date: '2026-02-16', key: 'family-day', name: 'Family Day' },
  { date: '2026-04-03', key: 'good-friday', name: 'Good Friday' },
  { date: '2026-05-18', key: 'victoria-day', name: 'Victoria Day' },
  { date: '2026-07-01', key: 'canada-day', name: 'Canada Day' },
  { date: '2026-09-07', key: 'labour-day', name: 'Labour Day' },
  { date: '2026-10-12', key: 'thanksgiving', name: 'Thanksgiving Day' },
  { date: '2026-12-25', key: 'christmas-day', name: 'Christmas Day' },
  { date: '2026-12-26', key: 'boxing-day', name: 'Boxing Day' },
  { date: '2027-01-01', key: 'new-years-day', name: "New Year's Day" },
];
const calendar = new FixedHolidayCalendar(HOLIDAYS);

const r = (open: string, close: string) => ({ open, close });
const EMPTY: WeeklyHours = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
const SPLIT = [r('08:00', '12:00'), r('13:00', '20:00')];
/** Monday to Friday 08:00–12:00 and 13:00–20:00, Saturday 10:00–14:00, closed Sunday. */
const FAMILY_PRACTICE: WeeklyHours = {
  ...EMPTY,
  mon: SPLIT,
  tue: SPLIT,
  wed: SPLIT,
  thu: SPLIT,
  fri: SPLIT,
  sat: [r('10:00', '14:00')],
};

function schedule(week: WeeklyHours | null, more: Partial<ClinicSchedule> = {}): ClinicSchedule {
  return { week, holidays: CLOSED_ON_HOLIDAYS, exceptions: [], ...more };
}

/** The answer's three times at an instant given with its offset. */
function at(s: ClinicSchedule, iso: string) {
  const { openNow, nextOpen, nextClose } = openingAnswer(s, Date.parse(iso), calendar);
  expect(isOpenAt(s, Date.parse(iso), calendar)).toBe(openNow);
  return { openNow, nextOpen, nextClose };
}

describe('opening answer', () => {
  describe('a clinic open 08:00–12:00 and 13:00–20:00, checked at the edges (Wednesday 2026-06-10, EDT)', () => {
    const s = schedule(FAMILY_PRACTICE);
    it.each([
      ['07:59', false, '2026-06-10T08:00:00-04:00', '2026-06-10T12:00:00-04:00'],
      ['08:00', true, '2026-06-10T13:00:00-04:00', '2026-06-10T12:00:00-04:00'],
      ['11:59', true, '2026-06-10T13:00:00-04:00', '2026-06-10T12:00:00-04:00'],
      ['12:00', false, '2026-06-10T13:00:00-04:00', '2026-06-10T20:00:00-04:00'],
      ['12:59', false, '2026-06-10T13:00:00-04:00', '2026-06-10T20:00:00-04:00'],
      ['13:00', true, '2026-06-11T08:00:00-04:00', '2026-06-10T20:00:00-04:00'],
      ['19:59', true, '2026-06-11T08:00:00-04:00', '2026-06-10T20:00:00-04:00'],
      ['20:00', false, '2026-06-11T08:00:00-04:00', '2026-06-11T12:00:00-04:00'],
    ])('at %s: open %s, next open %s, next close %s', (time, openNow, nextOpen, nextClose) => {
      expect(at(s, `2026-06-10T${time}:00-04:00`)).toEqual({ openNow, nextOpen, nextClose });
    });

    it('counts seconds: 07:59:59.999 is closed, 11:59:59.999 open', () => {
      expect(at(s, '2026-06-10T07:59:59.999-04:00').openNow).toBe(false);
      expect(at(s, '2026-06-10T11:59:59.999-04:00').openNow).toBe(true);
    });

    it('goes from Friday evening to Saturday, and from Saturday to Monday', () => {
      expect(at(s, '2026-06-12T20:00:00-04:00')).toEqual({
        openNow: false,
        nextOpen: '2026-06-13T10:00:00-04:00',
        nextClose: '2026-06-13T14:00:00-04:00',
      });
      expect(at(s, '2026-06-13T14:00:00-04:00')).toEqual({
        openNow: false,
        nextOpen: '2026-06-15T08:00:00-04:00',
        nextClose: '2026-06-15T12:00:00-04:00',
      });
    });
  });

  describe('across midnight', () => {
    // Friday 18:00–24:00 then Saturday 00:00–02:00: one opening from 18:00 to 02:00.
    const s = schedule({
      ...EMPTY,
      fri: [r('18:00', '24:00')],
      sat: [r('00:00', '02:00'), r('10:00', '14:00')],
    });

    it('closes after midnight, not at 24:00', () => {
      expect(at(s, '2026-06-12T23:00:00-04:00')).toEqual({
        openNow: true,
        nextOpen: '2026-06-13T10:00:00-04:00',
        nextClose: '2026-06-13T02:00:00-04:00',
      });
      expect(at(s, '2026-06-12T17:59:00-04:00')).toEqual({
        openNow: false,
        nextOpen: '2026-06-12T18:00:00-04:00',
        nextClose: '2026-06-13T02:00:00-04:00',
      });
      expect(at(s, '2026-06-13T00:00:00-04:00').openNow).toBe(true);
      expect(at(s, '2026-06-13T01:59:00-04:00').openNow).toBe(true);
      expect(at(s, '2026-06-13T02:00:00-04:00')).toEqual({
        openNow: false,
        nextOpen: '2026-06-13T10:00:00-04:00',
        nextClose: '2026-06-13T14:00:00-04:00',
      });
    });

    it('has no next close within 7 days when open round the clock, nor a next open', () => {
      const allDay = [r('00:00', '24:00')];
      const always = schedule({
        mon: allDay,
        tue: allDay,
        wed: allDay,
        thu: allDay,
        fri: allDay,
        sat: allDay,
        sun: allDay,
      });
      expect(at(always, '2026-06-10T03:00:00-04:00')).toEqual({
        openNow: true,
        nextOpen: null,
        nextClose: null,
      });
    });

    it('has no next open within 7 days when closed all week', () => {
      expect(at(schedule(EMPTY), '2026-06-10T03:00:00-04:00')).toEqual({
        openNow: false,
        nextOpen: null,
        nextClose: null,
      });
    });

    it('looks 7 days ahead, the same minute a week later included', () => {
      const wednesdays = schedule({ ...EMPTY, wed: [r('09:00', '10:00')] });
      expect(at(wednesdays, '2026-06-10T09:00:00-04:00')).toEqual({
        openNow: true,
        nextOpen: '2026-06-17T09:00:00-04:00',
        nextClose: '2026-06-10T10:00:00-04:00',
      });
      const nextWeekClosed = schedule(wednesdays.week, {
        exceptions: [{ date: '2026-06-17', closed: true }],
      });
      expect(at(nextWeekClosed, '2026-06-10T09:00:00-04:00')).toEqual({
        openNow: true,
        nextOpen: null,
        nextClose: '2026-06-10T10:00:00-04:00',
      });
      // From 10:00 the opening a week later (09:00–10:00) starts inside the 7 days, ends outside.
      expect(at(wednesdays, '2026-06-10T10:00:00-04:00')).toEqual({
        openNow: false,
        nextOpen: '2026-06-17T09:00:00-04:00',
        nextClose: '2026-06-17T10:00:00-04:00',
      });
      const todayClosed = schedule(wednesdays.week, {
        exceptions: [{ date: '2026-06-10', closed: true }],
      });
      expect(at(todayClosed, '2026-06-10T09:30:00-04:00')).toEqual({
        openNow: false,
        nextOpen: '2026-06-17T09:00:00-04:00',
        nextClose: null,
      });
    });
  });

  describe('on the nine public holidays of 2026 and Easter Monday', () => {
    const s = schedule(FAMILY_PRACTICE);
    it.each([
      ['2026-01-01', "New Year's Day", '2026-01-02T08:00:00-05:00'],
      ['2026-02-16', 'Family Day', '2026-02-17T08:00:00-05:00'],
      ['2026-04-03', 'Good Friday', '2026-04-04T10:00:00-04:00'],
      ['2026-05-18', 'Victoria Day', '2026-05-19T08:00:00-04:00'],
      ['2026-07-01', 'Canada Day', '2026-07-02T08:00:00-04:00'],
      ['2026-09-07', 'Labour Day', '2026-09-08T08:00:00-04:00'],
      ['2026-10-12', 'Thanksgiving Day', '2026-10-13T08:00:00-04:00'],
      ['2026-12-25', 'Christmas Day', '2026-12-28T08:00:00-05:00'],
      ['2026-12-26', 'Boxing Day', '2026-12-28T08:00:00-05:00'],
    ])('%s (%s): closed at 10:00, next open %s', (date, name, nextOpen) => {
      const offset = nextOpen.slice(-6);
      const answer = openingAnswer(s, Date.parse(`${date}T10:00:00${offset}`), calendar);
      expect(answer.openNow).toBe(false);
      expect(answer.nextOpen).toBe(nextOpen);
      expect(answer.exceptions[0]).toEqual({ date, closed: true, reason: name });
    });

    it('is open on Easter Monday, the Civic Holiday and Remembrance Day', () => {
      expect(at(s, '2026-04-06T10:00:00-04:00')).toEqual({
        openNow: true,
        nextOpen: '2026-04-06T13:00:00-04:00',
        nextClose: '2026-04-06T12:00:00-04:00',
      });
      expect(at(s, '2026-08-03T10:00:00-04:00').openNow).toBe(true);
      expect(at(s, '2026-11-11T10:00:00-05:00').openNow).toBe(true);
    });

    it('opens on Boxing Day with a walk-in exception (10:00–14:00), closed on Christmas', () => {
      const walkIn = schedule(FAMILY_PRACTICE, {
        exceptions: [
          { date: '2026-12-26', ranges: [r('10:00', '14:00')], reason: 'Walk-in holiday hours' },
        ],
      });
      expect(at(walkIn, '2026-12-25T10:00:00-05:00')).toEqual({
        openNow: false,
        nextOpen: '2026-12-26T10:00:00-05:00',
        nextClose: '2026-12-26T14:00:00-05:00',
      });
      expect(at(walkIn, '2026-12-26T09:59:00-05:00').openNow).toBe(false);
      expect(at(walkIn, '2026-12-26T10:00:00-05:00')).toEqual({
        openNow: true,
        nextOpen: '2026-12-28T08:00:00-05:00',
        nextClose: '2026-12-26T14:00:00-05:00',
      });
      expect(at(walkIn, '2026-12-26T14:00:00-05:00').openNow).toBe(false);
    });

    it('keeps holiday hours on every holiday, or the regular week when the clinic says so', () => {
      const holidayHours = schedule(FAMILY_PRACTICE, {
        holidays: { kind: 'hours', ranges: [r('09:00', '13:00')] },
      });
      expect(at(holidayHours, '2026-07-01T12:30:00-04:00')).toEqual({
        openNow: true,
        nextOpen: '2026-07-02T08:00:00-04:00',
        nextClose: '2026-07-01T13:00:00-04:00',
      });
      expect(at(holidayHours, '2026-07-01T13:00:00-04:00').openNow).toBe(false);
      const regular = schedule(FAMILY_PRACTICE, { holidays: { kind: 'regular' } });
      expect(at(regular, '2026-07-01T12:30:00-04:00')).toEqual({
        openNow: false,
        nextOpen: '2026-07-01T13:00:00-04:00',
        nextClose: '2026-07-01T20:00:00-04:00',
      });
    });

    it('closes a normal day with an exception', () => {
      const training = schedule(FAMILY_PRACTICE, {
        exceptions: [{ date: '2026-06-11', closed: true, reason: 'Staff training' }],
      });
      expect(at(training, '2026-06-10T19:00:00-04:00')).toEqual({
        openNow: true,
        nextOpen: '2026-06-12T08:00:00-04:00',
        nextClose: '2026-06-10T20:00:00-04:00',
      });
      expect(at(training, '2026-06-11T10:00:00-04:00')).toEqual({
        openNow: false,
        nextOpen: '2026-06-12T08:00:00-04:00',
        nextClose: '2026-06-12T12:00:00-04:00',
      });
    });
  });

  describe('on the daylight-saving change days (Sundays 2026-03-08 and 2026-11-01)', () => {
    it('gives the spring Sunday its -04:00 offset and the Saturday before its -05:00', () => {
      const s = schedule({ ...EMPTY, sat: [r('10:00', '14:00')], sun: [r('09:00', '17:00')] });
      expect(at(s, '2026-03-07T20:00:00-05:00')).toEqual({
        openNow: false,
        nextOpen: '2026-03-08T09:00:00-04:00',
        nextClose: '2026-03-08T17:00:00-04:00',
      });
      expect(Date.parse('2026-03-08T09:00:00-04:00')).toBe(Date.parse('2026-03-08T13:00:00Z'));
      expect(at(s, '2026-03-08T12:59:00Z').openNow).toBe(false);
      expect(at(s, '2026-03-08T13:00:00Z').openNow).toBe(true);
    });

    it('gives the fall Sunday its -05:00 offset and the Saturday before its -04:00', () => {
      const s = schedule({ ...EMPTY, sat: [r('10:00', '14:00')], sun: [r('09:00', '17:00')] });
      expect(at(s, '2026-10-31T20:00:00-04:00')).toEqual({
        openNow: false,
        nextOpen: '2026-11-01T09:00:00-05:00',
        nextClose: '2026-11-01T17:00:00-05:00',
      });
      expect(at(s, '2026-11-01T13:59:00Z').openNow).toBe(false);
      expect(at(s, '2026-11-01T14:00:00Z').openNow).toBe(true);
    });

    it('closes at the spring jump when the range ends inside the missing hour', () => {
      // 01:00–02:30: at 02:00 EST the clock shows 03:00, past the close.
      const s = schedule({ ...EMPTY, sun: [r('01:00', '02:30')] });
      expect(at(s, '2026-03-08T01:59:00-05:00')).toEqual({
        openNow: true,
        nextOpen: '2026-03-15T01:00:00-04:00',
        nextClose: '2026-03-08T03:00:00-04:00',
      });
    });

    it('opens at the spring jump when the range starts inside the missing hour', () => {
      const s = schedule({ ...EMPTY, sun: [r('02:30', '05:00')] });
      expect(at(s, '2026-03-08T01:30:00-05:00')).toEqual({
        openNow: false,
        nextOpen: '2026-03-08T03:00:00-04:00',
        nextClose: '2026-03-08T05:00:00-04:00',
      });
      expect(at(s, '2026-03-08T03:00:00-04:00').openNow).toBe(true);
    });

    it('opens twice in the hour that happens twice', () => {
      // 01:00–01:30 occurs at 05:00Z–05:30Z (EDT) and again at 06:00Z–06:30Z (EST).
      const s = schedule({ ...EMPTY, sun: [r('01:00', '01:30')] });
      expect(at(s, '2026-11-01T05:15:00Z')).toEqual({
        openNow: true,
        nextOpen: '2026-11-01T01:00:00-05:00',
        nextClose: '2026-11-01T01:30:00-04:00',
      });
      expect(at(s, '2026-11-01T05:45:00Z')).toEqual({
        openNow: false,
        nextOpen: '2026-11-01T01:00:00-05:00',
        nextClose: '2026-11-01T01:30:00-05:00',
      });
      expect(at(s, '2026-11-01T06:15:00Z').openNow).toBe(true);
    });

    it('counts an overnight opening in wall-clock time across both changes', () => {
      const s = schedule({ ...EMPTY, sat: [r('18:00', '24:00')], sun: [r('00:00', '03:00')] });
      // Spring: 23:00 EST Saturday to 03:00 EDT Sunday is three hours.
      expect(at(s, '2026-03-07T23:00:00-05:00')).toEqual({
        openNow: true,
        nextOpen: '2026-03-14T18:00:00-04:00',
        nextClose: '2026-03-08T03:00:00-04:00',
      });
      // Fall: 23:00 EDT Saturday to 03:00 EST Sunday is five hours.
      expect(at(s, '2026-10-31T23:00:00-04:00')).toEqual({
        openNow: true,
        nextOpen: '2026-11-07T18:00:00-05:00',
        nextClose: '2026-11-01T03:00:00-05:00',
      });
    });
  });

  describe('dated exceptions of the next 60 days', () => {
    it('lists the clinic’s own and the holidays’ from today through today + 60', () => {
      const s = schedule(FAMILY_PRACTICE, {
        exceptions: [
          { date: '2026-11-30', closed: true, reason: 'Yesterday' },
          { date: '2026-12-24', ranges: [r('08:00', '12:00')], reason: 'Christmas Eve' },
          { date: '2026-12-26', ranges: [r('10:00', '14:00')], reason: 'Walk-in holiday hours' },
          { date: '2027-01-30', closed: true },
          { date: '2027-01-31', closed: true, reason: 'Past the window' },
        ],
      });
      expect(
        openingAnswer(s, Date.parse('2026-12-01T12:00:00-05:00'), calendar).exceptions,
      ).toEqual<HoursException[]>([
        { date: '2026-12-24', ranges: [r('08:00', '12:00')], reason: 'Christmas Eve' },
        { date: '2026-12-25', closed: true, reason: 'Christmas Day' },
        { date: '2026-12-26', ranges: [r('10:00', '14:00')], reason: 'Walk-in holiday hours' },
        { date: '2027-01-01', closed: true, reason: "New Year's Day" },
        { date: '2027-01-30', closed: true },
      ]);
    });

    it('names the holiday on an exception for it that gives no reason, lists holiday hours, and omits holidays kept as regular days', () => {
      const own = schedule(FAMILY_PRACTICE, {
        exceptions: [{ date: '2026-12-25', ranges: [r('10:00', '12:00')] }],
      });
      expect(
        openingAnswer(own, Date.parse('2026-12-20T12:00:00-05:00'), calendar).exceptions,
      ).toEqual([
        { date: '2026-12-25', ranges: [r('10:00', '12:00')], reason: 'Christmas Day' },
        { date: '2026-12-26', closed: true, reason: 'Boxing Day' },
        { date: '2027-01-01', closed: true, reason: "New Year's Day" },
      ]);
      const hours = schedule(FAMILY_PRACTICE, {
        holidays: { kind: 'hours', ranges: [r('09:00', '13:00')] },
      });
      expect(
        openingAnswer(hours, Date.parse('2026-12-26T12:00:00-05:00'), calendar).exceptions,
      ).toEqual([
        { date: '2026-12-26', ranges: [r('09:00', '13:00')], reason: 'Boxing Day' },
        { date: '2027-01-01', ranges: [r('09:00', '13:00')], reason: "New Year's Day" },
      ]);
      const regular = schedule(FAMILY_PRACTICE, { holidays: { kind: 'regular' } });
      expect(
        openingAnswer(regular, Date.parse('2026-12-20T12:00:00-05:00'), calendar).exceptions,
      ).toEqual([]);
    });

    it('answers null for a clinic whose hours are unknown, listing only its own exceptions', () => {
      const unknown = schedule(null, {
        exceptions: [{ date: '2026-12-24', closed: true, reason: 'Closed' }],
      });
      expect(openingAnswer(unknown, Date.parse('2026-12-20T12:00:00-05:00'), calendar)).toEqual({
        openNow: null,
        nextOpen: null,
        nextClose: null,
        exceptions: [{ date: '2026-12-24', closed: true, reason: 'Closed' }],
      });
      expect(isOpenAt(unknown, Date.parse('2026-12-21T12:00:00-05:00'), calendar)).toBeNull();
    });
  });
});
