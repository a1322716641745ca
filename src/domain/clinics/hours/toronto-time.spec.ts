import {
  dateToDay,
  dayToDate,
  formatToronto,
  instantsOfWall,
  isoWeekdayIndex,
  offsetMinutes,
  offsetSegments,
  torontoDate,
  wallMs,
} from './toronto-time';

const at = (iso: string): number => Date.parse(iso);
const wall = (localIso: string): number => Date.parse(`${localIso}Z`);

describe('Toronto wall clock', () => {
  it('reads the offset on each side of both 2026 changes', () => {
    // Spring forward 2026-03-08 at 02:00 EST (07:00Z); fall back 2026-11-01 at 02:00 EDT (06:00Z).
    expect(offsetMinutes(at('2026-03-08T06:59:59Z'))).toBe(-300);
    expect(offsetMinutes(at('2026-03-08T07:00:00Z'))).toBe(-240);
    expect(offsetMinutes(at('2026-11-01T05:59:59Z'))).toBe(-240);
    expect(offsetMinutes(at('2026-11-01T06:00:00Z'))).toBe(-300);
  });

  it('reads the wall clock with its milliseconds', () => {
    expect(wallMs(at('2026-07-01T16:00:00.250Z'))).toBe(wall('2026-07-01T12:00:00.250'));
    expect(wallMs(at('2026-01-01T04:59:59.999Z'))).toBe(wall('2025-12-31T23:59:59.999'));
    expect(torontoDate(at('2026-01-01T04:59:59.999Z'))).toBe('2025-12-31');
    expect(torontoDate(at('2026-01-01T05:00:00Z'))).toBe('2026-01-01');
  });

  it('writes instants with the offset in force', () => {
    expect(formatToronto(at('2026-12-26T15:00:00Z'))).toBe('2026-12-26T10:00:00-05:00');
    expect(formatToronto(at('2026-07-01T12:00:00Z'))).toBe('2026-07-01T08:00:00-04:00');
    expect(formatToronto(at('2026-03-08T07:00:00Z'))).toBe('2026-03-08T03:00:00-04:00');
    expect(formatToronto(at('2026-03-08T06:59:00Z'))).toBe('2026-03-08T01:59:00-05:00');
    expect(formatToronto(at('2026-11-01T05:30:00Z'))).toBe('2026-11-01T01:30:00-04:00');
    expect(formatToronto(at('2026-11-01T06:30:00.999Z'))).toBe('2026-11-01T01:30:00-05:00');
  });

  it('finds no instant in the spring gap, two in the fall-back hour, one elsewhere', () => {
    expect(instantsOfWall(wall('2026-03-08T02:30:00'))).toEqual([]);
    expect(instantsOfWall(wall('2026-03-08T02:00:00'))).toEqual([]);
    expect(instantsOfWall(wall('2026-03-08T01:59:00'))).toEqual([at('2026-03-08T06:59:00Z')]);
    expect(instantsOfWall(wall('2026-03-08T03:00:00'))).toEqual([at('2026-03-08T07:00:00Z')]);
    expect(instantsOfWall(wall('2026-11-01T01:30:00'))).toEqual([
      at('2026-11-01T05:30:00Z'),
      at('2026-11-01T06:30:00Z'),
    ]);
    expect(instantsOfWall(wall('2026-11-01T02:00:00'))).toEqual([at('2026-11-01T07:00:00Z')]);
    expect(instantsOfWall(wall('2026-12-26T10:00:00'))).toEqual([at('2026-12-26T15:00:00Z')]);
  });

  it('splits a span at the daylight-saving change, to the minute', () => {
    expect(offsetSegments(at('2026-03-05T00:00:00Z'), at('2026-03-12T00:00:00Z'))).toEqual([
      { start: at('2026-03-05T00:00:00Z'), end: at('2026-03-08T07:00:00Z'), offset: -300 },
      { start: at('2026-03-08T07:00:00Z'), end: at('2026-03-12T00:00:00Z'), offset: -240 },
    ]);
    expect(offsetSegments(at('2026-10-30T12:34:56Z'), at('2026-11-06T12:34:56Z'))).toEqual([
      { start: at('2026-10-30T12:34:56Z'), end: at('2026-11-01T06:00:00Z'), offset: -240 },
      { start: at('2026-11-01T06:00:00Z'), end: at('2026-11-06T12:34:56Z'), offset: -300 },
    ]);
    expect(offsetSegments(at('2026-06-01T00:00:00Z'), at('2026-06-08T00:00:00Z'))).toEqual([
      { start: at('2026-06-01T00:00:00Z'), end: at('2026-06-08T00:00:00Z'), offset: -240 },
    ]);
  });

  it('checks calendar dates and numbers days from 1970-01-01, Monday first', () => {
    expect(dateToDay('1970-01-01')).toBe(0);
    expect(dateToDay('2026-12-26')).toBe(20813);
    expect(dayToDate(20813)).toBe('2026-12-26');
    expect(isoWeekdayIndex(20813)).toBe(5); // a Saturday
    expect(isoWeekdayIndex(0)).toBe(3); // 1970-01-01, a Thursday
    expect(dateToDay('2028-02-29')).toBe(21243);
    for (const bad of [
      '2026-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-04-31',
      '26-01-01',
      '2026-1-1',
    ])
      expect(dateToDay(bad)).toBeNull();
  });
});
