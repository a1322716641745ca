import { InvalidParamError } from '../../shared/domain-error';
import { InvalidHoursError, parseDayRanges, parseWeeklyHours, WeeklyHours } from './weekly-hours';

const week = (over: Partial<Record<keyof WeeklyHours, unknown>> = {}): Record<string, unknown> => ({
  mon: [],
  tue: [],
  wed: [],
  thu: [],
  fri: [],
  sat: [],
  sun: [],
  ...over,
});

function failure(fn: () => unknown): { path: string; message: string } {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(InvalidHoursError);
    expect(e).toBeInstanceOf(InvalidParamError);
    expect((e as InvalidHoursError).code).toBe('invalid_param');
    return { path: (e as InvalidHoursError).path, message: (e as Error).message };
  }
  throw new Error('expected a failure');
}

describe('WeeklyHours', () => {
  it('keeps a valid week, sorting each day and allowing 24:00 as a close and touching ranges', () => {
    expect(
      parseWeeklyHours(
        week({
          mon: [
            { open: '13:00', close: '20:00' },
            { open: '08:00', close: '12:00' },
          ],
          fri: [{ open: '18:00', close: '24:00' }],
          sat: [
            { open: '00:00', close: '02:00' },
            { open: '02:00', close: '04:00' },
          ],
        }),
      ),
    ).toEqual({
      mon: [
        { open: '08:00', close: '12:00' },
        { open: '13:00', close: '20:00' },
      ],
      tue: [],
      wed: [],
      thu: [],
      fri: [{ open: '18:00', close: '24:00' }],
      sat: [
        { open: '00:00', close: '02:00' },
        { open: '02:00', close: '04:00' },
      ],
      sun: [],
    });
  });

  it('refuses each broken rule with its place and a reason', () => {
    expect(failure(() => parseWeeklyHours(null))).toEqual({
      path: 'week',
      message: 'week: expected an object with the days mon, tue, wed, thu, fri, sat, sun',
    });
    expect(failure(() => parseWeeklyHours([]))).toMatchObject({ path: 'week' });
    const { sun: _sun, ...noSunday } = week();
    expect(failure(() => parseWeeklyHours(noSunday))).toEqual({
      path: 'week.sun',
      message: 'week.sun: missing ([] when closed)',
    });
    expect(failure(() => parseWeeklyHours({ ...week(), holiday: [] }))).toEqual({
      path: 'week',
      message: 'week: unknown field "holiday" (expected mon, tue, wed, thu, fri, sat, sun)',
    });
    expect(failure(() => parseWeeklyHours(week({ tue: null })))).toEqual({
      path: 'week.tue',
      message: 'week.tue: expected a list of {open, close} ranges ([] when closed)',
    });
    expect(
      failure(() => parseWeeklyHours(week({ wed: [{ open: '8:00', close: '12:00' }] }))),
    ).toEqual({
      path: 'week.wed[0].open',
      message: 'week.wed[0].open: "8:00" is not a time HH:MM from 00:00 to 23:59',
    });
    expect(
      failure(() => parseWeeklyHours(week({ wed: [{ open: '24:00', close: '24:00' }] }))),
    ).toEqual({
      path: 'week.wed[0].open',
      message: 'week.wed[0].open: "24:00" is not a time HH:MM from 00:00 to 23:59',
    });
    expect(
      failure(() => parseWeeklyHours(week({ wed: [{ open: '08:00', close: '24:01' }] }))),
    ).toEqual({
      path: 'week.wed[0].close',
      message: 'week.wed[0].close: "24:01" is not a time HH:MM from 00:00 to 24:00',
    });
    expect(
      failure(() => parseWeeklyHours(week({ thu: [{ open: '08:00', close: 1200 }] }))),
    ).toEqual({
      path: 'week.thu[0].close',
      message: 'week.thu[0].close: 1200 is not a time HH:MM from 00:00 to 24:00',
    });
    expect(
      failure(() => parseWeeklyHours(week({ fri: [{ open: '22:00', close: '02:00' }] }))),
    ).toEqual({
      path: 'week.fri[0]',
      message:
        'week.fri[0]: closes (02:00) at or before it opens (22:00); a range past midnight is written as two, ending 24:00 and starting 00:00 the next day',
    });
    expect(
      failure(() => parseWeeklyHours(week({ fri: [{ open: '09:00', close: '09:00' }] }))),
    ).toMatchObject({
      path: 'week.fri[0]',
    });
    expect(
      failure(() =>
        parseWeeklyHours(
          week({
            sat: [
              { open: '12:00', close: '16:00' },
              { open: '09:00', close: '12:30' },
            ],
          }),
        ),
      ),
    ).toEqual({
      path: 'week.sat',
      message: 'week.sat: ranges 09:00–12:30 and 12:00–16:00 overlap',
    });
    expect(
      failure(() =>
        parseWeeklyHours(week({ sun: [{ open: '09:00', close: '12:00', note: 'x' }] })),
      ),
    ).toEqual({
      path: 'week.sun[0]',
      message: 'week.sun[0]: unknown field "note" (expected open, close)',
    });
    expect(failure(() => parseWeeklyHours(week({ sun: ['09:00-12:00'] })))).toEqual({
      path: 'week.sun[0]',
      message: 'week.sun[0]: expected {open, close}',
    });
  });

  it('takes at most six ranges a day', () => {
    const six = ['00', '02', '04', '06', '08', '10'].map((h) => ({
      open: `${h}:00`,
      close: `${h}:30`,
    }));
    expect(parseDayRanges(six, 'd')).toHaveLength(6);
    expect(failure(() => parseDayRanges([...six, { open: '20:00', close: '21:00' }], 'd'))).toEqual(
      {
        path: 'd',
        message: 'd: 7 ranges; at most 6 a day',
      },
    );
  });
});
