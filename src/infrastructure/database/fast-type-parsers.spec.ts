import fc from 'fast-check';
import { types } from 'pg';
import { DIRECTORY_TYPES, parseIntArray, parseTimestamptz } from './fast-type-parsers';

const pgParser = types.getTypeParser as unknown as (
  oid: number,
  format?: 'text' | 'binary',
) => (s: string) => unknown;
const pgTimestamptz = pgParser(1184, 'text');
const pgIntArray = pgParser(1007, 'text');
const pgInt2Array = pgParser(1005, 'text');

/** Dates compare by time (NaN included), anything else structurally. */
function same(a: unknown, b: unknown): void {
  if (a instanceof Date && b instanceof Date) {
    expect(Number.isNaN(a.getTime()) ? 'NaN' : a.getTime()).toBe(
      Number.isNaN(b.getTime()) ? 'NaN' : b.getTime(),
    );
  } else {
    expect(a).toEqual(b);
  }
}

const pad = (n: number, w: number) => String(n).padStart(w, '0');

/** Timestamps as PostgreSQL writes them (DateStyle ISO), with every offset shape. */
const pgText = fc
  .record({
    y: fc.integer({ min: 1000, max: 9999 }),
    mo: fc.integer({ min: 1, max: 12 }),
    d: fc.integer({ min: 1, max: 28 }),
    h: fc.integer({ min: 0, max: 23 }),
    mi: fc.integer({ min: 0, max: 59 }),
    s: fc.integer({ min: 0, max: 59 }),
    frac: fc.option(fc.stringMatching(/^[0-9]{1,6}$/), { nil: undefined }),
    sign: fc.constantFrom('+', '-'),
    oh: fc.integer({ min: 0, max: 15 }),
    om: fc.option(fc.integer({ min: 0, max: 59 }), { nil: undefined }),
    os: fc.option(fc.integer({ min: 0, max: 59 }), { nil: undefined }),
  })
  .map(
    (t) =>
      `${pad(t.y, 4)}-${pad(t.mo, 2)}-${pad(t.d, 2)} ${pad(t.h, 2)}:${pad(t.mi, 2)}:${pad(t.s, 2)}` +
      (t.frac !== undefined ? `.${t.frac}` : '') +
      `${t.sign}${pad(t.oh, 2)}` +
      (t.om !== undefined
        ? `:${pad(t.om, 2)}` + (t.os !== undefined ? `:${pad(t.os, 2)}` : '')
        : ''),
  );

describe('fast type parsers', () => {
  it('read every ISO timestamptz exactly as pg does', () => {
    fc.assert(
      fc.property(pgText, (s) => same(parseTimestamptz(s), pgTimestamptz(s))),
      { numRuns: 5000 },
    );
    same(parseTimestamptz('2026-11-20 08:15:00.123456+00'), new Date('2026-11-20T08:15:00.123Z'));
    same(parseTimestamptz('2026-11-20 03:15:00-05'), new Date('2026-11-20T08:15:00Z'));
    same(parseTimestamptz('2026-11-20 13:45:00+05:30'), new Date('2026-11-20T08:15:00Z'));
  });

  it('hand unusual timestamps to pg and agree with it on any text', () => {
    for (const s of [
      'infinity',
      '-infinity',
      '0044-03-15 12:00:00+00 BC',
      '0099-01-01 00:00:00+00',
      '12026-01-01 00:00:00+00',
      '2026-11-20 08:15:00.+00',
      '2026-11-20 08:15:00+0',
      '2026-11-20 08:15:00+00:',
      '2026-11-20 08:15:00+00:00:00:00',
      '2026-11-20T08:15:00Z',
      '2026-11-20 08:15:00',
      '2026-1x-20 08:15:00+00',
    ])
      same(parseTimestamptz(s), pgTimestamptz(s));
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[0-9: .+-]{19,32}$/)), (s) =>
        same(parseTimestamptz(s), pgTimestamptz(s)),
      ),
      { numRuns: 3000 },
    );
  });

  it('read int2 and int4 arrays exactly as pg does, NULLs and odd text included', () => {
    // pg reads smallint[] and int[] with one parser, so the fast one may stand in for both.
    expect(pgInt2Array).toBe(pgIntArray);
    const ints = fc.array(fc.integer({ min: -2147483648, max: 2147483647 }), { maxLength: 20 });
    fc.assert(
      fc.property(ints, (a) => {
        const s = `{${a.join(',')}}`;
        expect(parseIntArray(s)).toEqual(pgIntArray(s));
        expect(parseIntArray(s)).toEqual(a);
      }),
      { numRuns: 3000 },
    );
    for (const s of [
      '{}',
      '{NULL}',
      '{1,NULL,3}',
      '{{1,2},{3,4}}',
      '{-}',
      '{1,,2}',
      '{"1"}',
      '{--1}',
    ])
      expect(parseIntArray(s)).toEqual(pgIntArray(s));
    fc.assert(
      fc.property(fc.stringMatching(/^\{[0-9,-]{0,12}\}$/), (s) =>
        expect(parseIntArray(s)).toEqual(pgIntArray(s)),
      ),
      { numRuns: 3000 },
    );
  });

  it('leave every other type, and binary formats, to pg', () => {
    expect(DIRECTORY_TYPES.getTypeParser(1184)).toBe(parseTimestamptz);
    expect(DIRECTORY_TYPES.getTypeParser(1007, 'text')).toBe(parseIntArray);
    expect(DIRECTORY_TYPES.getTypeParser(1005, 'text')).toBe(parseIntArray);
    expect(DIRECTORY_TYPES.getTypeParser(1016, 'text')).toBe(pgParser(1016, 'text'));
    expect(DIRECTORY_TYPES.getTypeParser(1114)).toBe(pgParser(1114));
    expect(DIRECTORY_TYPES.getTypeParser(1184, 'binary')).toBe(pgParser(1184, 'binary'));
  });
});
