import { InvalidParamError } from '../../shared/domain-error';
import { InvalidOpenAtError, parseOpenAt } from './open-at';

const NOW = Date.parse('2026-12-01T12:00:00-05:00'); // a Tuesday

function refusal(text: unknown, now = NOW): string {
  try {
    parseOpenAt(text, now);
  } catch (e) {
    expect(e).toBeInstanceOf(InvalidOpenAtError);
    expect(e).toBeInstanceOf(InvalidParamError);
    expect((e as InvalidOpenAtError).code).toBe('invalid_param');
    return (e as Error).message;
  }
  throw new Error(`expected ${JSON.stringify(text)} to be refused`);
}

const EXPECTED =
  'openAt must be an ISO 8601 date-time such as 2026-12-26T10:00 (Toronto time) or 2026-12-26T15:00:00Z / 2026-12-26T10:00-05:00';

describe('parseOpenAt', () => {
  it('reads a time without an offset as Toronto time', () => {
    expect(parseOpenAt('2026-12-26T10:00', NOW)).toEqual({
      instant: Date.parse('2026-12-26T15:00:00Z'),
      date: '2026-12-26',
      minuteOfDay: 600,
      minuteOfWeek: 5 * 1440 + 600, // Saturday
    });
    expect(parseOpenAt('2026-12-26T10:00:30.5', NOW).instant).toBe(
      Date.parse('2026-12-26T15:00:30.500Z'),
    );
  });

  it('takes an offset or Z as given, and reports the Toronto wall clock', () => {
    const boxingDayTen = Date.parse('2026-12-26T15:00:00Z');
    for (const text of [
      '2026-12-26T10:00:00-05:00',
      '2026-12-26T15:00:00Z',
      '2026-12-26T16:00+01:00',
      '2026-12-26T11:00-04:00',
    ])
      expect(parseOpenAt(text, NOW)).toMatchObject({
        instant: boxingDayTen,
        date: '2026-12-26',
        minuteOfDay: 600,
      });
    // 03:30Z on Monday is 22:30 on Sunday in Toronto.
    expect(parseOpenAt('2026-12-07T03:30:00Z', NOW)).toMatchObject({
      date: '2026-12-06',
      minuteOfDay: 1350,
      minuteOfWeek: 6 * 1440 + 1350,
    });
  });

  it('accepts from the start of today (Toronto) to 60 days after now, and nothing outside', () => {
    expect(parseOpenAt('2026-12-01T00:00', NOW).instant).toBe(Date.parse('2026-12-01T05:00:00Z'));
    expect(refusal('2026-11-30T23:59')).toBe(
      'openAt: 2026-11-30T23:59 is in the past (it may be from today, 2026-12-01, up to 60 days ahead)',
    );
    expect(refusal('2026-12-01T04:59:59Z')).toMatch(/is in the past/);
    expect(parseOpenAt('2027-01-30T12:00', NOW).instant).toBe(NOW + 60 * 86_400_000);
    expect(refusal('2027-01-30T12:00:00.001')).toBe(
      'openAt: 2027-01-30T12:00:00.001 is more than 60 days ahead',
    );
    expect(refusal('2027-01-30T12:01')).toMatch(/more than 60 days ahead/);
    expect(refusal('2027-06-01T10:00')).toMatch(/more than 60 days ahead/);
  });

  it('refuses a Toronto time that does not exist, and takes the first of one that happens twice', () => {
    const march = Date.parse('2026-03-01T12:00:00-05:00');
    expect(refusal('2026-03-08T02:30', march)).toBe(
      'openAt: 2026-03-08T02:30 does not exist in Toronto (the clocks move from 02:00 to 03:00 that night); give a later time or an offset',
    );
    expect(parseOpenAt('2026-03-08T01:59', march).instant).toBe(Date.parse('2026-03-08T06:59:00Z'));
    expect(parseOpenAt('2026-03-08T03:00', march).instant).toBe(Date.parse('2026-03-08T07:00:00Z'));
    expect(parseOpenAt('2026-03-08T02:30-05:00', march)).toMatchObject({
      date: '2026-03-08',
      minuteOfDay: 210,
    });
    const october = Date.parse('2026-10-20T12:00:00-04:00');
    expect(parseOpenAt('2026-11-01T01:30', october).instant).toBe(
      Date.parse('2026-11-01T05:30:00Z'),
    );
    expect(parseOpenAt('2026-11-01T01:30-05:00', october)).toMatchObject({
      instant: Date.parse('2026-11-01T06:30:00Z'),
      minuteOfDay: 90,
    });
  });

  it('refuses anything that is not an ISO date-time', () => {
    for (const text of [
      '',
      'tomorrow',
      'now',
      '2026-12-26',
      '2026-12-26 10:00',
      '2026-12-26t10:00',
      '2026-12-26T10',
      '2026-12-26T1000',
      '2026-12-26T10:00:00+0500',
      '2026-12-26T10:00:00 Z',
      '20261226T1000',
      ' 2026-12-26T10:00',
      '2026-12-26T10:00\n',
      '2026-12-26T10:00:00.1234567890',
      '2026-12-26T10:00:00.000000000Z-05:00',
      '+2026-12-26T10:00',
    ])
      expect(refusal(text)).toBe(EXPECTED);
    for (const text of [undefined, null, 20261226, ['2026-12-26T10:00'], {}])
      expect(refusal(text)).toBe(EXPECTED);
    expect(refusal('2026-12-26T10:00'.padEnd(41, '0'))).toBe(EXPECTED);
  });

  it('refuses dates, times and offsets out of range with the reason', () => {
    expect(refusal('2026-02-30T10:00')).toBe('openAt: 2026-02-30 is not a calendar date');
    expect(refusal('2026-13-01T10:00')).toBe('openAt: 2026-13-01 is not a calendar date');
    expect(refusal('2026-12-26T24:00')).toBe('openAt: 24:00 is not a time of day (00:00 to 23:59)');
    expect(refusal('2026-12-26T10:60')).toBe('openAt: 10:60 is not a time of day (00:00 to 23:59)');
    expect(refusal('2026-12-26T10:00:60')).toBe(
      'openAt: 10:00:60 is not a time of day (00:00 to 23:59)',
    );
    expect(refusal('2026-12-26T10:00+25:00')).toBe(
      'openAt: +25:00 is not a UTC offset (-18:00 to +18:00)',
    );
    expect(refusal('2026-12-26T10:00-18:30')).toBe(
      'openAt: -18:30 is not a UTC offset (-18:00 to +18:00)',
    );
  });
});
