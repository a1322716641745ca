import { parseHolidayPolicy, parseHoursException, parseHoursExceptions } from './clinic-schedule';
import { InvalidHoursError } from './weekly-hours';

function failure(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(InvalidHoursError);
    return (e as Error).message;
  }
  throw new Error('expected a failure');
}

describe('exceptions and the holiday policy', () => {
  it('reads a closed day and a day of special hours, reason optional', () => {
    expect(parseHoursException({ date: '2026-12-24', closed: true }, 'e')).toEqual({
      date: '2026-12-24',
      closed: true,
    });
    expect(
      parseHoursException(
        {
          date: '2026-12-26',
          ranges: [{ open: '10:00', close: '14:00' }],
          reason: 'Walk-in holiday hours',
        },
        'e',
      ),
    ).toEqual({
      date: '2026-12-26',
      ranges: [{ open: '10:00', close: '14:00' }],
      reason: 'Walk-in holiday hours',
    });
  });

  it('refuses a broken exception with its place and reason', () => {
    expect(failure(() => parseHoursException('2026-12-24', 'e'))).toBe(
      'e: expected {date, closed: true} or {date, ranges}',
    );
    expect(failure(() => parseHoursException({ date: '2026-02-30', closed: true }, 'e'))).toBe(
      'e.date: "2026-02-30" is not a calendar date YYYY-MM-DD',
    );
    expect(
      failure(() => parseHoursException({ date: '2026-12-24T00:00', closed: true }, 'e')),
    ).toBe('e.date: "2026-12-24T00:00" is not a calendar date YYYY-MM-DD');
    expect(failure(() => parseHoursException({ date: '2026-12-24', closed: false }, 'e'))).toBe(
      'e.closed: must be true (a day with special opening hours gives ranges instead)',
    );
    expect(failure(() => parseHoursException({ date: '2026-12-24' }, 'e'))).toBe(
      "e: give closed: true or the day's ranges",
    );
    expect(
      failure(() => parseHoursException({ date: '2026-12-24', closed: true, ranges: [] }, 'e')),
    ).toBe('e: give either closed: true or ranges, not both');
    expect(failure(() => parseHoursException({ date: '2026-12-24', ranges: [] }, 'e'))).toBe(
      'e.ranges: empty; a day with no opening is closed: true',
    );
    expect(
      failure(() =>
        parseHoursException(
          { date: '2026-12-24', ranges: [{ open: '14:00', close: '10:00' }] },
          'e',
        ),
      ),
    ).toMatch(/^e\.ranges\[0\]: closes \(10:00\) at or before it opens \(14:00\)/);
    expect(
      failure(() => parseHoursException({ date: '2026-12-24', closed: true, reason: '' }, 'e')),
    ).toBe('e.reason: expected text of 1 to 200 characters');
    expect(
      failure(() =>
        parseHoursException({ date: '2026-12-24', closed: true, reason: 'x'.repeat(201) }, 'e'),
      ),
    ).toBe('e.reason: expected text of 1 to 200 characters');
    expect(
      failure(() => parseHoursException({ date: '2026-12-24', closed: true, note: 'x' }, 'e')),
    ).toBe('e: unknown field "note" (expected date, closed or ranges, reason)');
  });

  it('sorts a list by date and refuses two exceptions on one date', () => {
    expect(
      parseHoursExceptions([
        { date: '2027-01-02', closed: true },
        { date: '2026-12-24', closed: true },
      ]).map((e) => e.date),
    ).toEqual(['2026-12-24', '2027-01-02']);
    expect(
      failure(() =>
        parseHoursExceptions([
          { date: '2026-12-24', closed: true },
          { date: '2026-12-24', ranges: [{ open: '09:00', close: '12:00' }] },
        ]),
      ),
    ).toBe('exceptions[1].date: 2026-12-24 has more than one exception');
    expect(failure(() => parseHoursExceptions({}))).toBe(
      'exceptions: expected a list of exceptions',
    );
  });

  it('reads the holiday policy: closed by default, regular, or holiday hours', () => {
    expect(parseHolidayPolicy(undefined)).toEqual({ kind: 'closed' });
    expect(parseHolidayPolicy(null)).toEqual({ kind: 'closed' });
    expect(parseHolidayPolicy('closed')).toEqual({ kind: 'closed' });
    expect(parseHolidayPolicy([])).toEqual({ kind: 'closed' });
    expect(parseHolidayPolicy('regular')).toEqual({ kind: 'regular' });
    expect(parseHolidayPolicy([{ open: '10:00', close: '14:00' }])).toEqual({
      kind: 'hours',
      ranges: [{ open: '10:00', close: '14:00' }],
    });
    expect(failure(() => parseHolidayPolicy('open'))).toBe(
      'holidays: expected "closed" (the default), "regular" or a list of {open, close} holiday hours',
    );
    expect(failure(() => parseHolidayPolicy([{ open: '10:00' }]))).toBe(
      'holidays[0].close: undefined is not a time HH:MM from 00:00 to 24:00',
    );
  });
});
