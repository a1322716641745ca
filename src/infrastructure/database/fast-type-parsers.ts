import { types } from 'pg';

/** Type OIDs (pg_type) whose text form the directory reads on every page. */
const TIMESTAMPTZ = 1184;
/** smallint[]: the directory's specialty_ids and language_ids (two on every doctor row). */
const INT2_ARRAY = 1005;
const INT4_ARRAY = 1007;

/** pg's own parsers (its TypeId type omits the array OIDs). */
const pgParser = types.getTypeParser as unknown as (
  oid: number,
  format?: 'text' | 'binary',
) => (text: string) => unknown;
const defaultTimestamptz = pgParser(TIMESTAMPTZ, 'text');
/** pg's parser of int2[] and int4[] (one function for both; a spec holds it to that). */
const defaultIntArray = pgParser(INT4_ARRAY, 'text');

const ZERO = 48;

/** Digits of `s` from `from` to `to` (exclusive) as a number, or -1 when one is not a digit. */
function digits(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = s.charCodeAt(i) - ZERO;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

/**
 * A `timestamptz` as PostgreSQL writes it with DateStyle ISO (`2026-11-20 08:15:00.123456+00`,
 * any offset `±HH[:MM[:SS]]`), read without regular expressions: a page of 25 doctors carries 50
 * of them, and pg's parser (postgres-date) was 4% of a list request's CPU. Anything else
 * (infinity, BC, a year outside 1000-9999) goes to pg's own parser, so the answer is always the
 * same as pg's: the same arithmetic, checked against it by a property test.
 */
export function parseTimestamptz(s: string): unknown {
  const n = s.length;
  if (
    n < 22 ||
    s.charCodeAt(4) !== 45 || // -
    s.charCodeAt(7) !== 45 ||
    s.charCodeAt(10) !== 32 || // space
    s.charCodeAt(13) !== 58 || // :
    s.charCodeAt(16) !== 58
  )
    return defaultTimestamptz(s);
  const year = digits(s, 0, 4);
  const month = digits(s, 5, 7);
  const day = digits(s, 8, 10);
  const hour = digits(s, 11, 13);
  const minute = digits(s, 14, 16);
  const second = digits(s, 17, 19);
  if (year < 1000 || month < 0 || day < 0 || hour < 0 || minute < 0 || second < 0)
    return defaultTimestamptz(s);
  let i = 19;
  let ms = 0;
  if (s.charCodeAt(i) === 46) {
    // .fraction: the same arithmetic as postgres-date (1000 * parseFloat('.123456')).
    let j = i + 1;
    while (j < n && digits(s, j, j + 1) >= 0) j++;
    if (j === i + 1) return defaultTimestamptz(s);
    ms = 1000 * parseFloat(s.slice(i, j));
    i = j;
  }
  const sign = s.charCodeAt(i);
  if (sign !== 43 && sign !== 45) return defaultTimestamptz(s); // + or -
  const parts = [0, 0, 0];
  let k = 0;
  i++;
  for (;;) {
    const v = digits(s, i, i + 2);
    if (v < 0 || i + 2 > n) return defaultTimestamptz(s);
    parts[k++] = v;
    i += 2;
    if (i === n) break;
    if (k === 3 || s.charCodeAt(i) !== 58) return defaultTimestamptz(s);
    i++;
  }
  const offset = (parts[0] * 3600 + parts[1] * 60 + parts[2]) * 1000 * (sign === 45 ? -1 : 1);
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second, ms));
  if (offset !== 0) date.setTime(date.getTime() - offset);
  return date;
}

/**
 * An `int2[]` or `int4[]` of plain numbers (`{3,17,42}`), read in one pass: every doctor row
 * carries two smallint[] (specialties, languages). pg reads both types with the same parser;
 * NULL elements, nesting or anything unusual go to it.
 */
export function parseIntArray(s: string): unknown {
  const n = s.length;
  if (n < 2 || s.charCodeAt(0) !== 123 || s.charCodeAt(n - 1) !== 125) return defaultIntArray(s);
  if (n === 2) return [];
  const out: number[] = [];
  let value = 0;
  let negative = false;
  let empty = true;
  for (let i = 1; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c === 44 || i === n - 1) {
      // , or the closing brace ends an element
      if (empty) return defaultIntArray(s);
      out.push(negative ? -value : value);
      value = 0;
      negative = false;
      empty = true;
    } else if (c === 45 && empty && !negative) {
      negative = true;
    } else {
      const d = c - ZERO;
      if (d < 0 || d > 9) return defaultIntArray(s);
      value = value * 10 + d;
      empty = false;
    }
  }
  return out;
}

/**
 * The `types` of the directory's pg clients: pg's own parsers, except the two fast ones above for
 * text-format timestamptz, int2[] and int4[].
 */
export const DIRECTORY_TYPES = {
  getTypeParser(oid: number, format?: 'text' | 'binary'): unknown {
    if (format !== 'binary') {
      if (oid === TIMESTAMPTZ) return parseTimestamptz;
      if (oid === INT2_ARRAY || oid === INT4_ARRAY) return parseIntArray;
    }
    return pgParser(oid, format ?? 'text');
  },
};
