import fc from 'fast-check';
import { OpenMoment } from '../../../../domain/directory/criteria';
import { hasBit } from './bitset';
import {
  ClinicHours,
  ClinicHoursRow,
  ExceptionRow,
  OpenSets,
  parseMultirange,
} from './clinic-hours';

/**
 * ClinicHours and OpenSets against the definition of clinic_open_at() computed row by row: a
 * clinic of unknown week is never open; its exception for the date decides, else on a holiday
 * its holiday minutes when it has them, else its week's. Each property asks one instance many
 * moments in a row, so an answer kept under a key that two different answers share shows up.
 */

/** A multirange's text from sorted distinct ends (paired up: [e0,e1), [e2,e3), ...). */
function multirange(ends: number[]): string {
  const sorted = [...new Set(ends)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i + 1 < sorted.length; i += 2) parts.push(`[${sorted[i]},${sorted[i + 1]})`);
  return `{${parts.join(',')}}`;
}

const ends = (max: number) =>
  fc.array(fc.integer({ min: 0, max }), { maxLength: 8 }).map(multirange);
/** A few shared weeks (clinics share schedules, as the demo's do) and clinics' own. */
const week = fc.option(ends(10_080), { nil: null, freq: 5 });
const dayMinutes = fc.option(ends(1_440), { nil: null, freq: 3 });
const DATES = ['2026-12-24', '2026-12-25', '2026-12-26'];

const drawn = fc
  .record({
    pool: fc.array(week, { minLength: 1, maxLength: 4 }),
    clinics: fc.array(
      fc.record({
        shared: fc.nat(),
        own: fc.option(week, { nil: undefined }),
        holiday: dayMinutes,
      }),
      { minLength: 1, maxLength: 40 },
    ),
    exceptions: fc.array(
      fc.record({ clinic: fc.nat(), date: fc.constantFrom(...DATES), minutes: ends(1_440) }),
      { maxLength: 30 },
    ),
    moments: fc.array(
      fc.record({
        date: fc.constantFrom(...DATES, '2026-12-27'),
        minuteOfDay: fc.integer({ min: 0, max: 1_439 }),
        minuteOfWeek: fc.integer({ min: 0, max: 10_079 }),
        isHoliday: fc.boolean(),
      }),
      { minLength: 1, maxLength: 30 },
    ),
    doctorsPerClinic: fc.integer({ min: 0, max: 3 }),
  })
  .map((d) => {
    const rows: ClinicHoursRow[] = d.clinics.map((c) => ({
      week: c.own !== undefined ? c.own : d.pool[c.shared % d.pool.length],
      holiday: c.holiday,
    }));
    // One exception per clinic and date (the table's key).
    const seen = new Set<string>();
    const exceptions: ExceptionRow[] = d.exceptions
      .map((e) => ({ ...e, clinic: e.clinic % rows.length }))
      .filter((e) => !seen.has(`${e.clinic}|${e.date}`) && seen.add(`${e.clinic}|${e.date}`));
    return { ...d, rows, exceptions };
  });

const inside = (text: string, minute: number) =>
  parseMultirange(text).some(([a, b]) => a <= minute && minute < b);

function definition(
  rows: readonly ClinicHoursRow[],
  exceptions: readonly ExceptionRow[],
  m: OpenMoment,
): (boolean | null)[] {
  return rows.map((r, c) => {
    if (r.week === null) return null;
    const e = exceptions.find((x) => x.clinic === c && x.date === m.date);
    if (e) return inside(e.minutes, m.minuteOfDay);
    if (m.isHoliday && r.holiday !== null) return inside(r.holiday, m.minuteOfDay);
    return inside(r.week, m.minuteOfWeek);
  });
}

describe('ClinicHours (opening hours in memory)', () => {
  it('answers every moment as clinic_open_at() does, asked in a row of one instance', () => {
    fc.assert(
      fc.property(drawn, (d) => {
        const hours = new ClinicHours(d.rows.length, d.rows, d.exceptions);
        for (const m of d.moments) {
          const want = definition(d.rows, d.exceptions, m);
          const open = hours.openAt(m);
          const now = hours.openNowAt(m);
          want.forEach((w, c) => {
            expect([c, open[c] === 1]).toEqual([c, w === true]);
            expect([c, now(c)]).toEqual([c, w]);
          });
        }
      }),
      { numRuns: 300 },
    );
  });

  it('sets the rows of open clinics (a row per doctor at its clinic, or per clinic)', () => {
    fc.assert(
      fc.property(drawn, (d) => {
        const hours = new ClinicHours(d.rows.length, d.rows, d.exceptions);
        const clinicOf = Int32Array.from(
          d.rows.flatMap((_, c) => Array.from({ length: d.doctorsPerClinic }, () => c)).reverse(),
        );
        const doctors = new OpenSets(hours, clinicOf.length, clinicOf);
        const clinics = new OpenSets(hours, d.rows.length);
        for (const m of d.moments) {
          const want = definition(d.rows, d.exceptions, m);
          const byDoctor = doctors.at(m);
          clinicOf.forEach((c, i) =>
            expect([i, hasBit(byDoctor, i)]).toEqual([i, want[c] === true]),
          );
          const byClinic = clinics.at(m);
          want.forEach((w, c) => expect([c, hasBit(byClinic, c)]).toEqual([c, w === true]));
        }
      }),
      { numRuns: 200 },
    );
  });

  it('computes a moment again only past an end of some range: minutes alike share one answer', () => {
    const rows: ClinicHoursRow[] = [
      { week: '{[1980,2460)}', holiday: '{[600,720)}' },
      { week: '{[2040,2100)}', holiday: null },
      { week: null, holiday: null },
    ];
    const hours = new ClinicHours(rows.length, rows, [
      { clinic: 0, date: '2026-12-02', minutes: '{[900,960)}' },
    ]);
    // Tuesday 09:00 and 09:45 (minute of week 1980 + 45): no end between them.
    const at = (minuteOfWeek: number, date = '2026-12-01', isHoliday = false): OpenMoment => ({
      date,
      minuteOfWeek,
      minuteOfDay: minuteOfWeek % 1440,
      isHoliday,
    });
    expect(hours.openAt(at(1980))).toBe(hours.openAt(at(2025)));
    expect(hours.keyOf(at(1980))).not.toEqual(hours.keyOf(at(2040)));
    expect([...hours.openAt(at(2040))]).toEqual([1, 1, 0]);
    // A holiday, and a day with an exception, are keys of their own.
    expect(hours.keyOf(at(1980, '2026-12-01', true))).not.toEqual(hours.keyOf(at(1980)));
    expect(hours.keyOf(at(1980, '2026-12-02'))).not.toEqual(hours.keyOf(at(1980)));
    expect([...hours.openAt(at(1980, '2026-12-02'))]).toEqual([0, 0, 0]);
  });
});
