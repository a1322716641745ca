import fc from 'fast-check';
import { AddressInfo } from 'node:net';
import { isOpenAt } from '../../src/domain/clinics/hours/opening';
import { parseOpenAt } from '../../src/domain/clinics/hours/open-at';
import { ClinicSchedule } from '../../src/domain/clinics/hours/clinic-schedule';
import { ERROR_CODES } from '../../src/domain/shared/domain-error';
import { DateHolidaysOntarioCalendar } from '../../src/infrastructure/holidays/date-holidays-ontario.calendar';
import { C1, loadDirectoryFixture } from '../fixtures/directory.fixture';
import { authHeaders } from '../support/auth';
import { ClinicScheduleRow, scheduleOfClinicRow } from '../support/clinic-schedule-row';
import { applyDoctorHoursFixture, SettableClock } from '../support/doctor-hours-fixture';
import { Answer, exchange } from '../support/raw-exchange';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/**
 * Hostile values for issue 33's list parameters (`openNow`, `openAt`, `acceptingStatus`) on
 * /doctors, /doctors/search, /clinics and /specialists, drawn together with the older filters
 * (specialty, languages, accepting, near, lat/lng, radiusKm, limit, offset, cursor), sent byte for
 * byte over real sockets at the 127.0.0.1 and localhost Host headers with live, admin and sandbox
 * keys, on the directory fixture with the hours of doctor-hours-fixture.ts and the clock at NOW
 * (Saturday 2026-11-21 11:00 in Toronto, when most clinics are open; openAt may run to
 * 2027-01-20 11:00, and no daylight-saving change falls in between).
 *
 * Each drawn parameter carries a verdict computed here, independently of the application: `ok`,
 * `bad` (400 invalid_param, the message naming a parameter that is not ok), `url` (a control
 * character, invalid UTF-8, a raw space or a URL over 4,096 characters, which are refused before
 * any parameter is read: 400 invalid_param) or `?` (200 or a 4xx in the contract's shape). The
 * requests are clean (every parameter valid), clean but for one new parameter drawn from all its
 * hostile values (so that the answer is that value's), or hostile throughout. A request of only
 * ok parameters must be 200, with `count` = the page's rows = min(limit, total - offset) and
 * items that pass the openNow and status filters; for up to WALKS distinct filter sets of 2 to
 * 15 rows the total equals the rows read by following nextCursor two at a time, in the order of
 * a single page of 100; and for up to MODELS requests of /doctors or /clinics filtered only by
 * time, status and accepting, the rows are exactly those the domain's isOpenAt finds open on each
 * clinic's schedule read from the tables. No answer may be a 5xx or leak a stack trace, a path,
 * SQL text or QueryFailedError.
 *
 * The MCP tools are not fuzzed here: the fuzz suites have no MCP harness (brief A, item 3).
 * FUZZ_SEED and FUZZ_RUNS override the fixed seed and the number of cases.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261133);
const RUNS = Number(process.env.FUZZ_RUNS ?? 800);
const WALKS = 40;
/** Valid requests whose rows are compared with the definition computed from the tables. */
const MODELS = 150;
const SANDBOX_MAX_LIMIT = 10;
/** The longest request URL served (request-url.ts; the default of the configuration). */
const MAX_URL = 4096;
const MINUTE = 60_000;
const DAY = 86_400_000;
/** The clock of the run: Saturday 2026-11-21 11:00 in Toronto (EST), the fixture's day. */
const NOW = new Date('2026-11-21T16:00:00Z');
/** 00:00 that day in Toronto, the earliest openAt. */
const START = Date.parse('2026-11-21T05:00:00Z');
/** 60 days after NOW, the latest openAt. */
const END = NOW.getTime() + 60 * DAY;
const STATUSES = [
  'accepting',
  'existing-patients-only',
  'existing-patients-family',
  'not-accepting',
  'unknown',
];
const LEAKS = [
  /\bat [\w.<>]+ \(/,
  /\.(ts|js):\d+/,
  /node_modules/,
  /\/work\//,
  /QueryFailedError/,
  /\bpg_/,
];
/** SQL text: checked on every answer but the data of a 200. */
const SQL = /\b(SELECT|INSERT|WHERE|syntax error)\b/i;

type Verdict = 'ok' | 'bad' | 'url' | '?';
interface V {
  readonly raw: string;
  readonly verdict: Verdict;
}
interface Pair {
  name: string;
  raw: string;
  verdict: Verdict;
  /** (No longer set: a name the operation does not take, openAt[], is refused.) */
  ignored?: boolean;
}
type List = '/doctors' | '/doctors/search' | '/clinics' | '/specialists';
type Key = 'live' | 'admin' | 'sandbox';
interface Req {
  list: List;
  pairs: Pair[];
  host: string;
  key: Key;
}

const v = (verdict: Verdict, ...raws: string[]) =>
  fc.constantFrom(...raws.map((raw): V => ({ raw, verdict })));

// ---- openAt ------------------------------------------------------------------------------

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
/** `instant` written as the wall clock at `offsetMin` (null: Toronto, EST here), to a precision. */
function isoAt(instant: number, offsetMin: number | null, precision: string): string {
  const wall = new Date(instant + (offsetMin ?? -300) * MINUTE);
  const date = `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`;
  let time = `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
  if (precision !== 'min') time += `:${pad(wall.getUTCSeconds())}`;
  if (precision === 'ms') time += `.${pad(wall.getUTCMilliseconds(), 3)}`;
  if (precision === 'ns') time += `.${pad(wall.getUTCMilliseconds(), 3)}456789`;
  const zone =
    offsetMin === null
      ? ''
      : offsetMin === 0
        ? 'Z'
        : `${offsetMin < 0 ? '-' : '%2B'}${pad(Math.floor(Math.abs(offsetMin) / 60))}:${pad(Math.abs(offsetMin) % 60)}`;
  return `${date}T${time}${zone}`;
}
const OFFSETS = [null, null, null, 0, -300, 330, -720, 840, 1080, -1080, 345];
const PRECISIONS = ['min', 'min', 'sec', 'ms', 'ns'];
/** Any instant from the start of today to 60 days ahead, in any accepted form: valid. */
const openAtInWindow = fc
  .tuple(
    fc.integer({ min: 0, max: END - START }),
    fc.constantFrom(...OFFSETS),
    fc.constantFrom(...PRECISIONS),
  )
  .map(([ms, offset, precision]): V => {
    // Truncation to the minute or second can only move the instant earlier, never before START
    // (minute-aligned); seconds and milliseconds are dropped the same way by the parser.
    const unit = precision === 'min' ? MINUTE : precision === 'sec' ? 1000 : 1;
    return {
      raw: isoAt(START + Math.floor(ms / unit) * unit, offset, precision),
      verdict: 'ok',
    };
  });
/** Outside the window by up to 400 days either side: invalid. */
const openAtOutside = fc
  .tuple(
    fc.boolean(),
    fc.integer({ min: 1, max: 400 * 24 * 60 }),
    fc.constantFrom(...OFFSETS),
    fc.constantFrom('min', 'sec'),
  )
  .map(([past, minutes, offset, precision]): V => ({
    raw: past
      ? isoAt(START - minutes * MINUTE, offset, precision)
      : isoAt(END + minutes * MINUTE, offset, precision),
    verdict: 'bad',
  }));
/** Any year, month, day and time; the verdict from a calendar and a window computed here. */
const openAtAnyDate = fc
  .tuple(
    fc.oneof(fc.integer({ min: 0, max: 9999 }), fc.constantFrom(2026, 2027)),
    fc.integer({ min: 0, max: 13 }),
    fc.integer({ min: 0, max: 32 }),
    fc.integer({ min: 0, max: 25 }),
    fc.integer({ min: 0, max: 61 }),
    fc.constantFrom(null, 0, -300),
  )
  .map(([y, mo, d, h, mi, offset]): V => {
    const raw =
      `${pad(y, 4)}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}` +
      (offset === null ? '' : offset === 0 ? 'Z' : '-05:00');
    const utc = Date.UTC(y, mo - 1, d);
    const date = new Date(utc);
    const calendar =
      mo >= 1 &&
      mo <= 12 &&
      d >= 1 &&
      date.getUTCMonth() === mo - 1 &&
      date.getUTCDate() === d &&
      h <= 23 &&
      mi <= 59;
    // Toronto is on EST throughout the window and for weeks either side of it.
    const instant = Date.UTC(y, mo - 1, d, h, mi) - (offset === null ? -300 : offset) * MINUTE;
    const yearOk = y >= 100; // Date.UTC maps 0..99 to 1900..1999; those are past anyway
    const inWindow = yearOk && instant >= START && instant <= END;
    return { raw, verdict: calendar && inWindow ? 'ok' : 'bad' };
  });
/** The window's edges that are in it: the start of today and exactly 60 days ahead. */
const openAtEdgesOk = v(
  'ok',
  '2026-11-21T00:00',
  '2026-11-21T05:00:00Z',
  '2027-01-20T11:00',
  '2027-01-20T16:00Z',
  '2027-01-20T11:00:00.000',
  '2027-01-20T11:00:00.0009',
  '2027-01-20T17:00%2B01:00',
);
/** The days of the window with a dated exception or a public holiday, in the daytime. */
const openAtSpecialDay = fc
  .tuple(
    fc.constantFrom('2026-11-24', '2026-11-28', '2026-12-25', '2026-12-26', '2027-01-01'),
    fc.integer({ min: 8 * 60, max: 18 * 60 }),
  )
  .map(([date, m]): V => ({
    raw: `${date}T${pad(Math.floor(m / 60))}:${pad(m % 60)}`,
    verdict: 'ok',
  }));
const openAtOk = fc.oneof(
  { arbitrary: openAtInWindow, weight: 5 },
  { arbitrary: openAtSpecialDay, weight: 3 },
  { arbitrary: openAtEdgesOk, weight: 1 },
);
const openAtValue: fc.Arbitrary<V> = fc.oneof(
  { arbitrary: openAtInWindow, weight: 5 },
  { arbitrary: openAtOutside, weight: 2 },
  { arbitrary: openAtAnyDate, weight: 2 },
  {
    // The window's edges: the start of today and exactly 60 days ahead are in, a minute (or a
    // millisecond) either side is out.
    arbitrary: fc.oneof(
      openAtEdgesOk,
      v(
        'bad',
        '2026-11-20T23:59',
        '2026-11-20T23:59:59.999',
        '2026-11-21T04:59Z',
        '2027-01-20T11:01',
        '2027-01-20T11:00:00.001',
        '2027-01-20T16:00:01Z',
        '2027-01-21T00:00',
      ),
    ),
    weight: 2,
  },
  {
    // The daylight-saving changes (all outside this window, so refused as past or too far), far
    // past and future, years the Date type cannot hold, and malformed forms.
    arbitrary: v(
      'bad',
      '2027-03-14T02:30',
      '2027-03-14T02:00',
      '2026-03-08T02:30',
      '2026-11-01T01:30',
      '2026-11-01T01:30-04:00',
      '2027-11-07T01:30',
      '2027-11-07T01:30-05:00',
      '1970-01-01T00:00Z',
      '0000-01-01T00:00',
      '0001-01-01T00:00',
      '9999-12-31T23:59',
      '275760-09-13T00:00Z',
      '%2B275760-09-13T00:00Z',
      '-271821-04-20T00:00Z',
      '%2B002026-11-25T10:00',
      '99999999999999999999-01-01T00:00',
      '2026-11-25',
      '2026-11-25T10',
      '2026-11-25T10:0',
      '2026-11-25T1:00',
      '2026-11-25%2010:00',
      '2026-11-25t10:00',
      '2026-11-25T10:00z',
      '2026-11-25T10:00%2B24:00',
      '2026-11-25T10:00%2B18:01',
      '2026-11-25T10:00%2B19:00',
      '2026-11-25T10:00-00:60',
      '2026-11-25T10:00-0500',
      '2026-11-25T10:00%2B01',
      '2026-11-25T10:00+01:00', // + is a space in a query
      '2026-11-25T10:00:60',
      '2026-11-25T24:00',
      '2026-11-25T10:60',
      '2026-11-25T10:00:00.',
      '2026-11-25T10:00:00.1234567890',
      '2026-11-25T10:00:00,5',
      '2026-11-25T10:00Z[America/Toronto]',
      '2026-02-29T10:00',
      '2026-11-31T10:00',
      '2026-13-01T10:00',
      '2026-00-10T10:00',
      '20261125T1000',
      '2026-W48-3T10:00',
      '2026-329T10:00',
      'now',
      'today',
      'NaN',
      'null',
      'undefined',
      '1764086400000',
      '-1',
      '%EF%BC%92026-11-25T10:00', // a fullwidth digit
      '%D9%A2%D9%A0%D9%A2%D9%A6-11-25T10:00', // Arabic-Indic digits
      '2026-11-25T10%EF%BC%9A00', // a fullwidth colon
      '2026-11-25T10:00%E2%80%8B', // a zero-width space
      '2026-11-25%E2%80%8310:00', // an em space
      '%F0%9F%95%9B',
      '%E2%85%AF%E2%85%AF%E2%85%A9%E2%85%A9%E2%85%A5-11-25T10:00', // Roman numerals
      '2026-11-25T10:00%20',
      '%202026-11-25T10:00',
      '',
      '2026-11-25T10:00'.repeat(3),
      'x'.repeat(41),
      'x'.repeat(5000),
      "2026-11-25T10:00'%20OR%201%3D1--",
      '2026-11-25T10:00%3B%20DROP%20TABLE%20clinics',
    ),
    weight: 3,
  },
  {
    arbitrary: v(
      'url',
      '%00',
      '2026-11-25T10:00%00',
      '2026-11-25%0aT10:00',
      '%e2%28%a1',
      '2026-11-25T10:00%c0%80',
      '2026-11-25 10:00', // a raw space ends the request target: a malformed request
      '%ed%a0%80',
      '%ff%fe',
    ),
    weight: 1,
  },
);

// ---- openNow, acceptingStatus ------------------------------------------------------------

const openNowOk = v('ok', 'true', '1', 'TRUE', 'True');
const openNowValue: fc.Arbitrary<V> = fc.oneof(
  { arbitrary: openNowOk, weight: 4 },
  {
    arbitrary: v(
      'bad',
      'false',
      '0',
      'FALSE',
      'yes',
      'no',
      'on',
      '',
      '%20true',
      'true%20',
      't',
      '2',
      '-1',
      'null',
      'tru%C3%A9',
      'x'.repeat(5000),
    ),
    weight: 3,
  },
  { arbitrary: v('url', '%00', 'true%00', '%e2%28%a1'), weight: 1 },
);

const statusCase = (s: string, how: number) =>
  how === 0 ? s.toUpperCase() : how === 1 ? s[0].toUpperCase() + s.slice(1) : s;
/** A valid list: distinct statuses, in any order. */
const acceptingStatusOk = fc
  .shuffledSubarray(STATUSES, { minLength: 1 })
  .map((l): V => ({ raw: l.join(','), verdict: 'ok' }));
const acceptingStatusValue: fc.Arbitrary<V> = fc.oneof(
  { arbitrary: acceptingStatusOk, weight: 5 },
  {
    // A duplicate, an empty item or a changed case somewhere in an otherwise valid list.
    arbitrary: fc
      .tuple(
        fc.shuffledSubarray(STATUSES, { minLength: 1 }),
        fc.constantFrom('duplicate', 'empty-first', 'empty-last', 'empty-middle', 'case'),
        fc.nat(),
      )
      .map(([l, how, i]): V => {
        const at = i % l.length;
        const items = [...l];
        if (how === 'duplicate') items.splice(at, 0, l[at]);
        else if (how === 'empty-first') items.unshift('');
        else if (how === 'empty-last') items.push('');
        else if (how === 'empty-middle') items.splice(at, 0, '');
        else items[at] = statusCase(items[at], i % 2);
        return { raw: items.join(','), verdict: 'bad' };
      }),
    weight: 4,
  },
  {
    // Long lists: the statuses over and over (6 items or more, so one is repeated), past 200
    // characters from 20 items.
    arbitrary: fc.integer({ min: 6, max: 400 }).map((n): V => ({
      raw: Array.from({ length: n }, (_, i) => STATUSES[i % STATUSES.length]).join(','),
      verdict: 'bad',
    })),
    weight: 1,
  },
  {
    arbitrary: v(
      'bad',
      'foo',
      'newpt',
      'existptonly',
      'accepting%20',
      '%20accepting',
      'accepting%2C%20unknown',
      'accepting;unknown',
      'accepting|unknown',
      'accepting+unknown',
      '[%22accepting%22]',
      'not_accepting',
      'notaccepting',
      'accepting%E2%80%8B',
      '%E2%80%8Baccepting',
      'acc%C3%A9pting',
      '%D0%B0ccepting', // a Cyrillic a
      '',
      ',',
      ',,',
      "accepting'%20OR%201%3D1--",
      'x'.repeat(5000),
    ),
    weight: 3,
  },
  { arbitrary: v('url', '%00', 'accepting%00', 'accepting,%e2%28%a1'), weight: 1 },
);

// ---- the older filters -------------------------------------------------------------------

const specialtyOk = v('ok', 'Cardiology', 'Family%20Medicine', 'cardiology', 'Dermatology');
const specialtyValue = fc.oneof(
  specialtyOk,
  // A name the catalogue does not know is refused, naming it (issue 51, item 2).
  v('bad', 'x'.repeat(101), 'Nope'),
  v('?', '%F0%9F%98%80', "'%20OR%201%3D1--", '..%2f..%2fetc'),
);
const languagesOk = v('ok', 'English', 'French,Tamil', 'English,,French', 'mandarin');
const languagesValue = fc.oneof(
  languagesOk,
  v('bad', 'Klingon'),
  v('?', '%F0%9F%98%80', "'%20OR%201%3D1--"),
);
const acceptingOk = v('ok', 'true', 'false', '1', '0');
const acceptingValue = fc.oneof(acceptingOk, v('bad', 'yes', ''));
const limitOk = v('ok', '0', '1', '2', '3', '5', '25', '100', '1000');
const limitValue = fc.oneof(
  limitOk,
  v('bad', '-1', 'NaN', '1.5', '', '1e309', '9999999999', '0x10'),
);
const offsetOk = v('ok', '0', '1', '3', '8', '100');
const offsetValue = fc.oneof(offsetOk, v('bad', '-1', 'x', ''));
const nearOk = v('ok', 'Finch', 'M5S', 'M2M%203T3', 'Bloor-Yonge');
const nearValue = fc.oneof(
  nearOk,
  v('bad', 'Atlantis', 'x'.repeat(101)),
  v('?', '', 'finch', '%F0%9F%98%80'),
);
const latOk = v('ok', '43.78', '43.6677', '-43');
const latValue = fc.oneof(latOk, v('bad', '91', 'NaN', 'x', '1e3'));
const lngOk = v('ok', '-79.415', '-79.39', '100');
const lngValue = fc.oneof(lngOk, v('bad', '-181', 'Infinity', ''));
const radiusOk = v('ok', '0.5', '5', '100', '25.5');
const radiusValue = fc.oneof(radiusOk, v('bad', '0', '-1', '100.5', '1e309', 'NaN'));
const qOk = v('ok', 'al', 'Finch', '900001', 'ALICE');
const qValue = fc.oneof(qOk, v('?', '%F0%9F%98%80', 'a'));

describe(`hostile openNow, openAt and acceptingStatus on the lists (fast-check, seed ${SEED}, ${RUNS} cases)`, () => {
  let db: TestDatabase;
  let t: TestApp;
  let port: number;
  let keys: Record<Key, Record<string, string>>;
  const clock = new SettableClock(NOW);
  /** Valid cursors of each list (of its plain first page), which the generators send anywhere. */
  const cursors: string[] = [];
  let requests = 0;
  let walks = 0;
  let models = 0;
  /** Model checks whose answer had rows, and those with a dated exception or holiday that day. */
  let modelsWithRows = 0;
  let modelsOnSpecialDays = 0;
  const calendar = new DateHolidaysOntarioCalendar();
  /** Every listed row (from the unfiltered lists), its clinic, and each clinic's schedule. */
  const universe: Record<
    '/doctors' | '/clinics',
    { id: string; clinic: string; status: string }[]
  > = { '/doctors': [], '/clinics': [] };
  const schedules = new Map<string, ClinicSchedule>();
  /** Walks of 3 rows or more (two pages at least). */
  let walksOf3 = 0;
  const walked = new Set<string>();
  const statuses: Record<string, number> = {};
  const messages = new Map<string, number>();

  beforeAll(async () => {
    db = await createTestDatabase('fuzzhours');
    await loadDirectoryFixture(db.dataSource);
    // Bloor Street (C1) opens 01:00-02:00 by exception on both fall-back days (2026-11-01 and
    // 2027-11-07, a Sunday it is otherwise closed at that hour), so that the ambiguous 01:30 has a
    // row to find. Both dates are outside the fuzz run's window (and its hours.exceptions).
    await db.dataSource.query(
      `INSERT INTO clinic_hours_exceptions (clinic_id, date, ranges, reason)
       VALUES ($1, '2026-11-01', $2, 'Night clinic'), ($1, '2027-11-07', $2, 'Night clinic')`,
      [C1, JSON.stringify([{ open: '01:00', close: '02:00' }])],
    );
    await applyDoctorHoursFixture(db.dataSource);
    t = await createTestApp(
      db,
      {
        SANDBOX_MAX_LIMIT: String(SANDBOX_MAX_LIMIT),
        SANDBOX_RATE_PER_MIN: '1000000',
        LIVE_RATE_PER_MIN: '1000000',
        AUTH_FAILURES_PER_MIN: '1000000',
      },
      clock,
    );
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
    keys = {
      live: await authHeaders(t, 'live'),
      admin: await authHeaders(t, 'admin'),
      sandbox: await authHeaders(t, 'sandbox'),
    };
    for (const path of [
      '/doctors?limit=1',
      '/doctors?limit=1&openAt=2026-11-25T10:00',
      '/doctors/search?q=al&limit=1',
      '/clinics?limit=1&acceptingStatus=accepting,unknown',
      '/specialists?specialty=Dermatology&limit=1',
    ]) {
      const r = await send(path, 'live');
      expect([path, r.status]).toEqual([path, 200]);
      const next = JSON.parse(r.body).nextCursor;
      expect([path, typeof next]).toEqual([path, 'string']);
      cursors.push(next);
    }
    for (const list of ['/doctors', '/clinics'] as const) {
      const all = JSON.parse((await send(`${list}?limit=100`, 'live')).body);
      universe[list] = (all[ARRAY[list]] as Json[]).map((x) => ({
        id: x.id,
        clinic: list === '/doctors' ? x.clinic.id : x.id,
        status: clinicOf(list, x).acceptingStatus,
      }));
      expect([list, universe[list].length]).toEqual([list, all.total]);
    }
    const rows = await db.dataSource.query<(ClinicScheduleRow & { id: string })[]>(
      `SELECT c.id, c.hours, c.holiday_policy AS "holidayPolicy", c.holiday_ranges AS "holidayRanges",
              coalesce((SELECT jsonb_agg(jsonb_build_object('date', to_char(e.date, 'YYYY-MM-DD'),
                                 'ranges', e.ranges, 'reason', e.reason)) FROM clinic_hours_exceptions e
                         WHERE e.clinic_id = c.id), '[]'::jsonb) AS exceptions
         FROM clinics c`,
    );
    for (const r of rows) schedules.set(r.id, scheduleOfClinicRow(r));
    process.stdout.write(`hours fuzz: seed ${SEED}, ${RUNS} cases\n`);
  });
  afterAll(async () => {
    process.stdout.write(
      `hours fuzz: ${requests} requests, ${walks} paging walks (${walksOf3} of 3 rows or more), ${models} model checks (${modelsWithRows} with rows, ${modelsOnSpecialDays} on a day with an exception or holiday), statuses ${JSON.stringify(statuses)}\n`,
    );
    await t?.close();
    await db?.drop();
  });

  function wire(path: string, key: Key, host: string): Buffer {
    const lines = [`GET /api/v1${path} HTTP/1.1`, `Host: ${host}`, 'Connection: close'];
    for (const [k, val] of Object.entries(keys[key])) lines.push(`${k}: ${val}`);
    return Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  }
  async function send(path: string, key: Key, host = 'localhost'): Promise<Answer> {
    requests++;
    return exchange(port, wire(path, key, host));
  }
  const urlOf = (r: Req) =>
    `${r.list}?${r.pairs.map((p) => `${p.name}=${p.raw}`).join('&')}`.replace(/\?$/, '');

  // ---- the request generator -------------------------------------------------------------

  const cursorValue = fc.oneof(
    fc.constant(null).chain(() => v('?', ...cursors)),
    fc
      .tuple(
        fc.constant(null).chain(() => fc.constantFrom(...cursors)),
        fc.constantFrom('cut', 'nul', 'upper', 'double'),
      )
      .map(([c, how]): V => {
        if (how === 'nul') return { raw: `${c}%00`, verdict: 'url' };
        const raw = how === 'cut' ? c.slice(0, -2) : how === 'upper' ? c.toUpperCase() : c + c;
        return { raw, verdict: 'bad' };
      }),
  );
  /** Sent once (the value's verdict), twice (bad: "must be given once") or once with []. */
  const times = fc.constantFrom('once', 'once', 'once', 'once', 'once', 'twice', 'other', 'array');
  const oneOf = <T>(ok: fc.Arbitrary<T>, any: fc.Arbitrary<T>, clean: boolean) =>
    clean ? ok : fc.oneof(ok, any);

  /**
   * A request. Clean: every parameter valid and the combination too (one of openNow and openAt,
   * a location that is whole), so the answer must be 200; otherwise anything goes.
   */
  type Mode = 'clean' | 'bare' | 'any' | 'openNow' | 'openAt' | 'acceptingStatus';
  /** One of the new parameters: valid (clean), drawn from everything, or always sent (focus). */
  const newParam = (mode: Mode, name: string, ok: fc.Arbitrary<V>, any: fc.Arbitrary<V>) => {
    const valid = fc.tuple(ok, fc.constantFrom('once', 'once', 'array'), any);
    const hostile = fc.tuple(any, times, any);
    if (mode === name) return hostile.map((x) => x as [V, string, V] | null);
    return fc.option(mode === 'any' ? hostile : valid, { freq: 2 });
  };
  const request = (mode: Mode) => {
    // Clean apart from the parameter in focus: the answer is decided by that value alone. Bare:
    // clean, on /doctors or /clinics, with only the filters the model check computes.
    const clean = mode !== 'any';
    return fc
      .record({
        list:
          mode === 'bare'
            ? fc.constantFrom<List>('/doctors', '/clinics')
            : fc.constantFrom<List>('/doctors', '/doctors/search', '/clinics', '/specialists'),
        time:
          mode === 'clean' || mode === 'bare' || mode === 'acceptingStatus'
            ? fc.constantFrom('none', 'openNow', 'openAt', 'openAt', 'openAt')
            : mode === 'any'
              ? fc.constant('both')
              : fc.constantFrom(mode, mode, mode, 'both'),
        openNow: newParam(mode, 'openNow', openNowOk, openNowValue),
        openAt: newParam(mode, 'openAt', openAtOk, openAtValue),
        acceptingStatus: newParam(mode, 'acceptingStatus', acceptingStatusOk, acceptingStatusValue),
        specialty:
          mode === 'bare'
            ? fc.constant(null)
            : fc.option(oneOf(specialtyOk, specialtyValue, clean), { freq: 4 }),
        languages:
          mode === 'bare'
            ? fc.constant(null)
            : fc.option(oneOf(languagesOk, languagesValue, clean), { freq: 4 }),
        accepting: fc.option(oneOf(acceptingOk, acceptingValue, clean), { freq: 4 }),
        geo:
          mode === 'bare'
            ? fc.constant('none')
            : clean
              ? fc.constantFrom('none', 'none', 'near', 'near+r', 'latlng', 'latlng+r')
              : fc.constant('any'),
        near: fc.option(oneOf(nearOk, nearValue, clean), { freq: clean ? 1 : 4 }),
        lat: fc.option(
          fc.tuple(oneOf(latOk, latValue, clean), oneOf(lngOk, lngValue, clean), fc.nat(3)),
          { freq: clean ? 1 : 5 },
        ),
        radiusKm: fc.option(oneOf(radiusOk, radiusValue, clean), { freq: clean ? 1 : 3 }),
        limit: fc.option(oneOf(limitOk, limitValue, clean), { freq: 2 }),
        offset: fc.option(oneOf(offsetOk, offsetValue, clean), { freq: 3 }),
        cursor: clean ? fc.constant(null) : fc.option(cursorValue, { freq: 6 }),
        q: oneOf(qOk, qValue, clean),
        host: fc.constantFrom('127.0.0.1', 'localhost', 'localhost:3000', '127.0.0.1:80'),
        key: fc.constantFrom<Key>('live', 'live', 'admin', 'sandbox'),
        order: fc.nat(),
      })
      .map((d): Req => {
        const pairs: Pair[] = [];
        const add = (name: string, x: V | null) => {
          if (x) pairs.push({ name, raw: x.raw, verdict: x.verdict });
        };
        const addNew = (name: string, x: [V, string, V] | null) => {
          if (!x) return;
          const [a, how, b] = x;
          if (how === 'once') add(name, a);
          // A name the operation does not take (openAt[]) is refused (issue 51, item 1).
          else if (how === 'array')
            pairs.push({
              name: `${name}[]`,
              raw: a.raw,
              verdict: a.verdict === 'url' ? 'url' : 'bad',
            });
          else {
            // A control character or bad UTF-8 is refused before the repetition is seen.
            const second = how === 'twice' ? a : b;
            const url = a.verdict === 'url' || second.verdict === 'url';
            pairs.push({ name, raw: a.raw, verdict: url ? 'url' : 'bad' });
            pairs.push({ name, raw: second.raw, verdict: url ? 'url' : 'bad' });
          }
        };
        if (d.list === '/doctors/search') add('q', d.q);
        if (d.list === '/specialists' && !d.specialty)
          add('specialty', { raw: d.order % 2 ? 'Cardiology' : 'Dermatology', verdict: 'ok' });
        if (d.time !== 'openAt') addNew('openNow', d.openNow);
        if (d.time !== 'openNow') addNew('openAt', d.openAt);
        addNew('acceptingStatus', d.acceptingStatus);
        add('specialty', d.specialty);
        add('languages', d.languages);
        add('accepting', d.accepting);
        if (d.geo === 'any') {
          add('near', d.near);
          if (d.lat) {
            const [lat, lng, which] = d.lat;
            if (which !== 2) add('lat', lat); // 2: lng alone
            if (which !== 1) add('lng', lng); // 1: lat alone
          }
          add('radiusKm', d.radiusKm);
        } else {
          if (d.geo.startsWith('near')) add('near', d.near ?? { raw: 'Finch', verdict: 'ok' });
          if (d.geo.startsWith('latlng')) {
            add('lat', d.lat?.[0] ?? { raw: '43.78', verdict: 'ok' });
            add('lng', d.lat?.[1] ?? { raw: '-79.415', verdict: 'ok' });
          }
          if (d.geo.endsWith('+r')) add('radiusKm', d.radiusKm ?? { raw: '5', verdict: 'ok' });
        }
        add('limit', d.limit);
        add('offset', d.offset);
        add('cursor', d.cursor);
        // Parameters in any order (an array form, openAt[], is refused wherever it is).
        const n = pairs.length;
        if (n > 1) pairs.push(...pairs.splice(0, d.order % n));
        combine(pairs);
        return { list: d.list, pairs, host: d.host, key: d.key };
      });
  };
  const draw = fc.oneof(
    { arbitrary: request('clean'), weight: 3 },
    { arbitrary: request('bare'), weight: 2 },
    { arbitrary: request('openAt'), weight: 3 },
    { arbitrary: request('openNow'), weight: 1 },
    { arbitrary: request('acceptingStatus'), weight: 2 },
    { arbitrary: request('any'), weight: 2 },
  );

  /** Rules between parameters, as the documentation states them: both sides become bad. */
  function combine(pairs: Pair[]): void {
    const real = pairs.filter((p) => !p.ignored);
    const one = (name: string) => real.filter((p) => p.name === name);
    const okOnce = (name: string) => one(name).length === 1 && one(name)[0].verdict === 'ok';
    const mark = (...names: string[]) => {
      for (const p of real) if (names.includes(p.name) && p.verdict === 'ok') p.verdict = 'bad';
    };
    if (okOnce('openNow') && okOnce('openAt')) mark('openNow', 'openAt');
    if (one('cursor').length > 0 && one('offset').length > 0) mark('cursor', 'offset');
    const lat = one('lat').length > 0;
    const lng = one('lng').length > 0;
    const near = one('near').length > 0;
    if (lat !== lng) mark('lat', 'lng');
    if (near && (lat || lng)) mark('near', 'lat', 'lng');
    if (one('radiusKm').length > 0 && !near && !(lat && lng)) mark('radiusKm');
    // An empty near is '?': with a radius and nothing else, anything may happen.
    if (one('near').some((p) => p.verdict === '?'))
      for (const p of real) if (p.name === 'radiusKm' && p.verdict === 'ok') p.verdict = '?';
  }

  // ---- the invariants --------------------------------------------------------------------

  const ARRAY: Record<List, string> = {
    '/doctors': 'doctors',
    '/doctors/search': 'doctors',
    '/clinics': 'clinics',
    '/specialists': 'clinics',
  };
  /** An item's clinic fields: a doctor's primary clinic, or the item itself. */
  const clinicOf = (list: List, item: Json) => (ARRAY[list] === 'doctors' ? item.clinic : item);
  const itemKey = (item: Json) => `${item.id}/${item.specialty ?? ''}`;

  function checkAnswer(r: Req, a: Answer, verdicts = true): void {
    const url = urlOf(r);
    const where = `GET ${url.slice(0, 300)} [${r.key} @ ${r.host}]`;
    statuses[a.status] = (statuses[a.status] ?? 0) + 1;
    if (a.status >= 500) throw new Error(`${where}: status ${a.status} ${a.body.slice(0, 300)}`);
    for (const leak of LEAKS)
      if (leak.test(a.body))
        throw new Error(`${where}: body leaks ${leak}: ${a.body.slice(0, 300)}`);
    const real = r.pairs.filter((p) => !p.ignored);
    // Refused by the URL check before any parameter is read (the reason is the URL's, not a
    // parameter's): a control character, bad UTF-8, or a URL over MAX_URL characters.
    const url_ = r.pairs.some((p) => p.verdict === 'url') || `/api/v1${url}`.length > MAX_URL;
    const bad = real.filter((p) => p.verdict === 'bad');
    const unsure = real.filter((p) => p.verdict === '?');
    let body: Json;
    try {
      body = JSON.parse(a.body);
    } catch {
      throw new Error(`${where}: ${a.status} without a JSON body: ${a.body.slice(0, 200)}`);
    }
    if (a.status !== 200) {
      if (SQL.test(a.body)) throw new Error(`${where}: SQL text in ${a.body.slice(0, 300)}`);
      if (
        !ERROR_CODES.includes(body.error) ||
        typeof body.message !== 'string' ||
        Object.keys(body).some((k) => !['error', 'message', 'requestId'].includes(k))
      )
        throw new Error(`${where}: ${a.status} not in the contract's error shape: ${a.body}`);
      const m = `${a.status} ${body.error}: ${String(body.message)
        .replace(/"[^"]*"/g, '"…"')
        .replace(/openAt: \S+/, 'openAt: …')
        .replace(/\d{4}-\d\d-\d\d/g, 'YYYY-MM-DD')
        .slice(0, 80)}`;
      messages.set(m, (messages.get(m) ?? 0) + 1);
    }
    if (!verdicts) return;
    if (url_ || bad.length > 0) {
      if (a.status !== 400 || body.error !== 'invalid_param')
        throw new Error(
          `${where}: expected 400 invalid_param (${url_ ? 'a control character, bad UTF-8 or a long URL' : `bad: ${bad.map((p) => p.name).join(', ')}`}), got ${a.status} ${a.body.slice(0, 300)}`,
        );
      if (!url_) {
        // The message names a parameter that is not ok (or the URL check's own message).
        const names = [...bad, ...unsure].map((p) => p.name);
        if (!names.some((n) => String(body.message).includes(n)))
          throw new Error(
            `${where}: the 400's message names none of ${names.join(', ')}: ${body.message}`,
          );
      }
      return;
    }
    if (unsure.length === 0 && a.status !== 200)
      throw new Error(
        `${where}: every parameter is valid, got ${a.status} ${a.body.slice(0, 300)}`,
      );
    if (a.status !== 200) return;
    checkPage(r, body, where);
  }

  /** A 200: the page agrees with its total, its limit and offset, and the filters sent. */
  function checkPage(r: Req, body: Json, where: string): void {
    const items = body[ARRAY[r.list]];
    const fail = (what: string) =>
      new Error(`${where}: ${what}: ${JSON.stringify(body).slice(0, 400)}`);
    if (!Array.isArray(items) || !Number.isInteger(body.total) || body.total < 0)
      throw fail('no list and total');
    if (body.count !== items.length) throw fail(`count ${body.count} for ${items.length} rows`);
    const real = r.pairs.filter((p) => !p.ignored);
    const get = (name: string) => real.find((p) => p.name === name)?.raw;
    const limit = Math.min(
      Number(get('limit') ?? 25),
      100,
      r.key === 'sandbox' ? SANDBOX_MAX_LIMIT : Infinity,
    );
    if (get('cursor') === undefined) {
      const offset = Number(get('offset') ?? 0);
      const expected = Math.max(0, Math.min(limit, body.total - offset));
      if (items.length !== expected)
        throw fail(`${items.length} rows, expected min(${limit}, ${body.total} - ${offset})`);
    } else if (items.length > limit) throw fail(`${items.length} rows over the limit ${limit}`);
    if (get('openNow') !== undefined)
      for (const item of items)
        if (clinicOf(r.list, item).openNow !== true)
          throw fail(`openNow=true kept a row whose clinic's openNow is not true`);
    const wanted = get('acceptingStatus')?.split(',');
    if (wanted)
      for (const item of items)
        if (!wanted.includes(clinicOf(r.list, item).acceptingStatus))
          throw fail(
            `acceptingStatus=${wanted.join(',')} kept ${clinicOf(r.list, item).acceptingStatus}`,
          );
  }

  /**
   * For a request of valid parameters with a small total: its total equals the rows read by
   * following nextCursor two at a time, all distinct, in the order of a single page of 100.
   */
  async function walk(r: Req, total: number): Promise<void> {
    const filters = r.pairs.filter(
      (p) => !p.ignored && !['limit', 'offset', 'cursor'].includes(p.name),
    );
    const base = `${r.list}?${filters.map((p) => `${p.name}=${p.raw}`).join('&')}`;
    const id = `${r.key === 'sandbox' ? 's' : 'l'} ${base}`;
    if (walked.has(id) || walked.size >= WALKS || total > 15 || total < 2) return;
    walked.add(id);
    walks++;
    if (total >= 3) walksOf3++;
    const key: Key = r.key === 'sandbox' ? 'sandbox' : 'live';
    const whole = await send(`${base}&limit=100`, key, r.host);
    expect([base, whole.status]).toEqual([base, 200]);
    const all = JSON.parse(whole.body);
    const expected = (all[ARRAY[r.list]] as Json[]).map(itemKey);
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 20; page++) {
      const a = await send(`${base}&limit=2${cursor ? `&cursor=${cursor}` : ''}`, key, r.host);
      expect([base, page, a.status]).toEqual([base, page, 200]);
      const body = JSON.parse(a.body);
      expect([base, page, body.total]).toEqual([base, page, total]);
      seen.push(...(body[ARRAY[r.list]] as Json[]).map(itemKey));
      cursor = body.nextCursor;
      if (!cursor) break;
    }
    expect([base, all.total, seen.length, new Set(seen).size]).toEqual([base, total, total, total]);
    expect([base, seen]).toEqual([base, expected]);
  }

  /**
   * A valid request to /doctors or /clinics whose filters are only openNow / openAt,
   * acceptingStatus and accepting: its rows are those of the unfiltered list whose clinic the
   * domain's isOpenAt finds open at that instant (its week, Ontario's holidays, its dated
   * exceptions, from the tables) with a status asked for: independent of the SQL that decides it.
   */
  async function model(r: Req): Promise<void> {
    if (r.list !== '/doctors' && r.list !== '/clinics') return;
    const real = r.pairs.filter((p) => !p.ignored);
    const filters = real.filter((p) => !['limit', 'offset'].includes(p.name));
    const allowed = ['openNow', 'openAt', 'acceptingStatus', 'accepting'];
    if (models >= MODELS || !filters.every((p) => allowed.includes(p.name))) return;
    const get = (name: string) => filters.find((p) => p.name === name)?.raw;
    const openAt = get('openAt');
    const instant =
      openAt !== undefined
        ? parseOpenAt(decodeURIComponent(openAt), NOW.getTime()).instant
        : get('openNow') !== undefined
          ? NOW.getTime()
          : undefined;
    const statuses = get('acceptingStatus')?.split(',');
    const accepting = get('accepting');
    const expected = universe[r.list]
      .filter(
        (x) =>
          (instant === undefined ||
            isOpenAt(schedules.get(x.clinic)!, instant, calendar) === true) &&
          (!statuses || statuses.includes(x.status)) &&
          (accepting === undefined ||
            (x.status === 'accepting') === (accepting === 'true' || accepting === '1')),
      )
      .map((x) => x.id)
      .sort();
    models++;
    const base = `${r.list}?${filters.map((p) => `${p.name}=${p.raw}`).join('&')}`;
    const a = await send(`${base}&limit=100`, 'live', r.host);
    expect([base, a.status]).toEqual([base, 200]);
    const body = JSON.parse(a.body);
    const ids = (body[ARRAY[r.list]] as Json[]).map((x) => x.id as string).sort();
    expect([base, body.total, ids]).toEqual([base, expected.length, expected]);
    if (expected.length > 0) modelsWithRows++;
    if (instant !== undefined) {
      const date = new Date(instant - 5 * 3600_000).toISOString().slice(0, 10); // EST all window
      const special =
        calendar.publicHolidays(Number(date.slice(0, 4))).some((h) => h.date === date) ||
        [...schedules.values()].some((c) => c.exceptions.some((e) => e.date === date));
      if (special) modelsOnSpecialDays++;
    }
  }

  it('every hostile request is 400 invalid_param where a value is bad, 200 with a consistent page where all are valid, never a 5xx or a leak', async () => {
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(draw, async (r) => {
        const a = await send(urlOf(r), r.key, r.host);
        checkAnswer(r, a);
        const real = r.pairs.filter((p) => !p.ignored);
        if (
          a.status === 200 &&
          real.every((p) => p.verdict === 'ok') &&
          !real.some((p) => p.name === 'cursor') &&
          new Set(real.map((p) => p.name)).size === real.length
        ) {
          await walk(r, JSON.parse(a.body).total);
          await model(r);
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    process.stdout.write(
      `hours fuzz: ${RUNS} cases in ${((Date.now() - started) / 1000).toFixed(1)} s; answers:\n${[
        ...messages,
      ]
        .sort((x, y) => y[1] - x[1])
        .map(([m, n]) => `  ${n} × ${m}`)
        .join('\n')}\n`,
    );
    // Each kind of answer was reached, and some pages were walked.
    expect([statuses[200] > 0, statuses[400] > 0, walks > 0]).toEqual([true, true, true]);
  });

  it('fixed cases: 400 invalid_param naming the parameter; 200 at a fall-back hour, with all five statuses and for the issue example', async () => {
    const answer = async (path: string, host = 'localhost') => {
      const a = await send(path, 'live', host);
      checkAnswer({ list: path.split('?')[0] as List, pairs: [], host, key: 'live' }, a, false);
      return { status: a.status, body: JSON.parse(a.body) };
    };
    const refused = async (path: string, names: string[], why: RegExp) => {
      for (const host of ['127.0.0.1', 'localhost']) {
        const { status, body } = await answer(path, host);
        expect([path, host, status, body.error]).toEqual([path, host, 400, 'invalid_param']);
        for (const name of names)
          expect([path, body.message]).toEqual([path, expect.stringContaining(name)]);
        expect([path, body.message]).toEqual([path, expect.stringMatching(why)]);
      }
    };
    const LISTS = [
      '/doctors?',
      '/doctors/search?q=al&',
      '/clinics?',
      '/specialists?specialty=Dermatology&',
    ];
    try {
      clock.set(NOW.toISOString());
      for (const list of LISTS) {
        await refused(`${list}openNow=false`, ['openNow'], /only takes true/);
        await refused(`${list}openNow=0`, ['openNow'], /only takes true/);
        await refused(
          `${list}openNow=true&openAt=2026-11-25T10:00`,
          ['openNow', 'openAt'],
          /cannot be combined/,
        );
        await refused(
          `${list}openAt=2026-11-25T10:00&openNow=1`,
          ['openNow', 'openAt'],
          /cannot be combined/,
        );
        // 61 days ahead of NOW (2027-01-21 11:00 in Toronto), and yesterday.
        await refused(`${list}openAt=2027-01-21T11:00`, ['openAt'], /more than 60 days ahead/);
        await refused(`${list}openAt=2027-01-20T11:01`, ['openAt'], /more than 60 days ahead/);
        await refused(`${list}openAt=2026-11-20T10:00`, ['openAt'], /in the past/);
        await refused(`${list}openAt=2026-11-20T23:59`, ['openAt'], /in the past/);
        await refused(`${list}acceptingStatus=foo`, ['acceptingStatus'], /"foo" is not one/);
        await refused(
          `${list}acceptingStatus=accepting,accepting`,
          ['acceptingStatus'],
          /given twice/,
        );
        await refused(`${list}acceptingStatus=accepting,`, ['acceptingStatus'], /an empty item/);
        await refused(`${list}acceptingStatus=Accepting`, ['acceptingStatus'], /is not one/);
      }
      // The spring-forward gap, with the clock three weeks before it so that only the gap refuses.
      clock.set('2027-02-20T12:00:00Z');
      for (const list of LISTS) {
        await refused(`${list}openAt=2027-03-14T02:30`, ['openAt'], /does not exist in Toronto/);
        await refused(`${list}openAt=2027-03-14T02:00`, ['openAt'], /does not exist in Toronto/);
        expect([list, (await answer(`${list}openAt=2027-03-14T03:30`)).status]).toEqual([
          list,
          200,
        ]);
      }
      // The fall-back hours happen twice; without an offset the first (EDT) is meant: 200, with
      // the rows of the explicit -04:00 reading: Bloor Street (C1) by its night exception.
      const names = (body: Json) =>
        ((body.doctors ?? body.clinics) as Json[]).map((x) => x.name as string);
      const EXPECTED = [['Alice Zhang'], ['Alice Zhang'], ['Bloor Street Family Clinic'], []];
      for (const [now, at] of [
        ['2026-10-20T12:00:00Z', '2026-11-01T01:30'],
        ['2027-10-20T12:00:00Z', '2027-11-07T01:30'],
      ]) {
        clock.set(now);
        for (const list of LISTS) {
          const local = await answer(`${list}openAt=${at}&limit=100`);
          const first = await answer(`${list}openAt=${at}-04:00&limit=100`);
          expect([list, at, local.status, first.status]).toEqual([list, at, 200, 200]);
          expect([list, at, local.body]).toEqual([list, at, first.body]);
          expect([list, at, names(local.body)]).toEqual([list, at, EXPECTED[LISTS.indexOf(list)]]);
        }
      }
      // All five statuses keep every row: the same total as no filter, on every list.
      clock.set(NOW.toISOString());
      for (const list of LISTS) {
        const all = await answer(
          `${list}acceptingStatus=unknown,not-accepting,accepting,existing-patients-family,existing-patients-only&limit=100`,
        );
        const none = await answer(`${list}limit=100`);
        expect([list, all.status, none.status]).toEqual([list, 200, 200]);
        expect([list, all.body.total]).toEqual([list, none.body.total]);
        expect([list, all.body.total > 0]).toEqual([list, true]);
      }
      // The issue's "Done when" request.
      const example = await answer(
        '/doctors?openAt=2026-12-26T10:00&near=Finch&radiusKm=5&acceptingStatus=accepting,existing-patients-family',
      );
      expect(example.status).toBe(200);
      expect((example.body.doctors as Json[]).map((d) => d.name).sort()).toEqual([
        'Fiona Finch',
        'Gus Finch',
      ]);
      expect(example.body.total).toBe(2);
    } finally {
      clock.set(NOW.toISOString());
    }
  });
});
