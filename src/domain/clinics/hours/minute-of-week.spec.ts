import {
  containsMinute,
  dayMinuteRanges,
  minuteOfWeek,
  toInt4Multirange,
  WEEK_MINUTES,
  weekMinuteRanges,
} from './minute-of-week';
import { dateToDay } from './toronto-time';
import { WeeklyHours } from './weekly-hours';

const r = (open: string, close: string) => ({ open, close });
const EMPTY: WeeklyHours = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };

describe('minutes of the week', () => {
  it('numbers Monday 00:00 as 0 and Sunday 23:59 as 10079', () => {
    expect(WEEK_MINUTES).toBe(10080);
    expect(minuteOfWeek(dateToDay('2026-12-28')!, 0)).toBe(0); // a Monday
    expect(minuteOfWeek(dateToDay('2027-01-03')!, 1439)).toBe(10079); // a Sunday
    expect(minuteOfWeek(dateToDay('2026-12-26')!, 600)).toBe(7800); // Saturday 10:00
  });

  it('turns a week into sorted ranges, joining touching ones across midnight', () => {
    const week: WeeklyHours = {
      ...EMPTY,
      mon: [r('08:00', '12:00'), r('13:00', '20:00')],
      fri: [r('18:00', '24:00')],
      sat: [r('00:00', '02:00'), r('02:00', '04:00'), r('10:00', '14:00')],
      sun: [r('22:00', '24:00')],
    };
    const ranges = weekMinuteRanges(week);
    expect(ranges).toEqual([
      [480, 720],
      [780, 1200],
      [4 * 1440 + 1080, 5 * 1440 + 240],
      [5 * 1440 + 600, 5 * 1440 + 840],
      [6 * 1440 + 1320, 10080],
    ]);
    expect(toInt4Multirange(ranges)).toBe(
      '{[480,720),[780,1200),[6840,7440),[7800,8040),[9960,10080)}',
    );
    expect(toInt4Multirange([])).toBe('{}');
    expect(containsMinute(ranges, 479)).toBe(false);
    expect(containsMinute(ranges, 480)).toBe(true);
    expect(containsMinute(ranges, 719)).toBe(true);
    expect(containsMinute(ranges, 720)).toBe(false);
    expect(containsMinute(ranges, 5 * 1440)).toBe(true); // Saturday 00:00
    expect(containsMinute(ranges, 10079)).toBe(true);
    expect(containsMinute(ranges, 0)).toBe(false);
  });

  it('keeps a day in minutes of the day', () => {
    expect(dayMinuteRanges([r('10:00', '14:00')])).toEqual([[600, 840]]);
    expect(dayMinuteRanges([r('12:00', '24:00'), r('00:00', '12:00')])).toEqual([[0, 1440]]);
    expect(dayMinuteRanges([])).toEqual([]);
  });
});
