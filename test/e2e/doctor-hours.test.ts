import { C1, loadDirectoryFixture } from '../fixtures/directory.fixture';
import { authHeaders } from '../support/auth';
import {
  applyDoctorHoursFixture,
  C1_WEEK,
  C2_WEEK,
  C6_CHECKED,
  SettableClock,
} from '../support/doctor-hours-fixture';
import { call } from '../support/http';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/**
 * Issue 33 on /doctors and /doctors/search: openAt and openNow on the primary clinic (its week,
 * Ontario's public holidays, its dated exceptions, Toronto time across the daylight-saving
 * changes), the graded accepting status and its filter, with exact totals, nearest first, radius,
 * cursor and offset; each item's acceptingStatus, acceptingCheckedAt and openNow. The fixture is
 * the table of doctor-hours-fixture.ts; the clock is set per check (openAt is at most 60 days
 * ahead).
 */
describe('doctors: hours and accepting status (e2e, fixture)', () => {
  let db: TestDatabase;
  let t: TestApp;
  let auth: Record<string, string>;
  const clock = new SettableClock(new Date('2026-11-21T12:00:00Z'));
  const get = (path: string) => call(t.app, 'GET', path, auth);
  const names = async (path: string) => {
    const r = await get(path);
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(r.body.doctors.length);
    return (r.body.doctors as { name: string }[]).map((d) => d.name);
  };
  const openAt = (at: string, more = '') => names(`/doctors?openAt=${at}${more}&limit=100`);

  beforeAll(async () => {
    db = await createTestDatabase('doctor_hours');
    await loadDirectoryFixture(db.dataSource);
    await applyDoctorHoursFixture(db.dataSource);
    t = await createTestApp(db, {}, clock);
    auth = await authHeaders(t, 'live');
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  const WORKDAY = ['Dev Patel', 'Fiona Finch', 'Gus Finch', 'Hana Steeles'];

  it('openAt on a Wednesday: 08:00-12:00 and 13:00-20:00 checked at their edges', async () => {
    clock.set('2026-11-21T12:00:00Z');
    const at = (hhmm: string) => openAt(`2026-11-25T${hhmm}`);
    expect(await at('07:59')).toEqual([]);
    expect(await at('08:00')).toEqual(['Alice Zhang']);
    expect(await at('11:59')).toEqual(['Alice Zhang', ...WORKDAY]);
    expect(await at('12:00')).toEqual(WORKDAY);
    expect(await at('12:59')).toEqual(WORKDAY);
    expect(await at('13:00')).toEqual(['Alice Zhang', ...WORKDAY]);
    expect(await at('16:59')).toEqual(['Alice Zhang', ...WORKDAY]);
    expect(await at('17:00')).toEqual(['Alice Zhang', 'Fiona Finch', 'Gus Finch']);
    expect(await at('19:59')).toEqual(['Alice Zhang', 'Fiona Finch', 'Gus Finch']);
    expect(await at('20:00')).toEqual(['Fiona Finch', 'Gus Finch']);
    expect(await at('21:00')).toEqual([]);
    // With an offset: 13:00 Toronto is 18:00Z in November.
    expect(await openAt('2026-11-25T18:00:00Z')).toEqual(['Alice Zhang', ...WORKDAY]);
    expect(await openAt('2026-11-25T12:00:00-05:00')).toEqual(WORKDAY);
  });

  it('openAt across midnight: Friday 20:00-24:00 then Saturday 00:00-02:00', async () => {
    clock.set('2026-11-21T12:00:00Z');
    expect(await openAt('2026-11-27T19:59')).toEqual(['Alice Zhang', 'Fiona Finch', 'Gus Finch']);
    expect(await openAt('2026-11-27T20:00')).toEqual([
      'bob Singh',
      'Fiona Finch',
      'Gus Finch',
      'Natalia Alvarez',
    ]);
    expect(await openAt('2026-11-27T23:59')).toEqual(['bob Singh', 'Natalia Alvarez']);
    expect(await openAt('2026-11-28T00:00')).toEqual(['bob Singh', 'Natalia Alvarez']);
    expect(await openAt('2026-11-28T01:59')).toEqual(['bob Singh', 'Natalia Alvarez']);
    expect(await openAt('2026-11-28T02:00')).toEqual([]);
  });

  it('openAt with and without exceptions: a closed day, special hours on a Saturday', async () => {
    clock.set('2026-11-21T12:00:00Z');
    // Monday: Dev's clinic keeps its week; Tuesday it is closed (Staff training).
    expect(await openAt('2026-11-23T10:00')).toEqual(['Alice Zhang', ...WORKDAY]);
    expect(await openAt('2026-11-24T10:00')).toEqual([
      'Alice Zhang',
      'Fiona Finch',
      'Gus Finch',
      'Hana Steeles',
    ]);
    // Saturday: Dev's clinic opens 10:00-12:00 by exception (closed on Saturdays otherwise).
    const saturday = ['bob Singh', 'Fiona Finch', 'Gus Finch', 'Hana Steeles', 'Natalia Alvarez'];
    expect(await openAt('2026-11-28T09:59')).toEqual(['Alice Zhang', ...saturday]);
    expect(await openAt('2026-11-28T11:00')).toEqual([
      'Alice Zhang',
      'bob Singh',
      'Dev Patel',
      'Fiona Finch',
      'Gus Finch',
      'Hana Steeles',
      'Natalia Alvarez',
    ]);
    expect(await openAt('2026-11-28T12:00')).toEqual(saturday);
    expect(await openAt('2026-12-05T11:00')).toEqual(['Alice Zhang', ...saturday]);
  });

  // At 10:00 on each public holiday of 2026: Alice's clinic closes (but for its Christmas
  // exception), the walk-ins keep their holiday hours, the 'regular' clinics their week (Dev's
  // only on weekdays), the unknown one is never open. Easter Monday is an ordinary Monday.
  const HOLIDAY = ['bob Singh', 'Fiona Finch', 'Gus Finch', 'Hana Steeles', 'Natalia Alvarez'];
  const withDev = [
    'bob Singh',
    'Dev Patel',
    'Fiona Finch',
    'Gus Finch',
    'Hana Steeles',
    'Natalia Alvarez',
  ];
  it.each([
    ["New Year's Day", '2026-01-01', withDev],
    ['Family Day', '2026-02-16', withDev],
    ['Good Friday', '2026-04-03', withDev],
    ['Easter Monday (not a public holiday)', '2026-04-06', ['Alice Zhang', ...WORKDAY]],
    ['Victoria Day', '2026-05-18', withDev],
    ['Canada Day', '2026-07-01', withDev],
    ['Labour Day', '2026-09-07', withDev],
    ['Thanksgiving', '2026-10-12', withDev],
    ['Christmas Day (Alice by exception)', '2026-12-25', ['Alice Zhang', ...withDev]],
    ['Boxing Day (a Saturday)', '2026-12-26', HOLIDAY],
  ])('openAt on %s at 10:00', async (_name, date, expected) => {
    clock.set(`${date}T05:00:00Z`); // midnight in Toronto that day: the start of "today"
    expect(await openAt(`${date}T10:00`)).toEqual(expected);
    // The next day is an ordinary one for Alice's clinic (open every day at 10:00), but Boxing
    // Day after Christmas.
    const next = new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    if (next !== '2026-12-26') expect(await openAt(`${next}T10:00`)).toContain('Alice Zhang');
  });

  it('openAt on the spring-forward day (2026-03-08) and the fall-back day (2026-11-01)', async () => {
    clock.set('2026-03-07T17:00:00Z');
    expect(await openAt('2026-03-08T08:00')).toEqual(['Alice Zhang']);
    expect(await openAt('2026-03-08T12:00:00Z')).toEqual(['Alice Zhang']); // 08:00 EDT
    expect(await openAt('2026-03-08T11:59:00Z')).toEqual([]); // 07:59 EDT
    // 19:00 EST on Saturday the 7th:
    expect(await openAt('2026-03-08T00:00:00Z')).toEqual([
      'Alice Zhang',
      'Fiona Finch',
      'Gus Finch',
    ]);
    expect((await get('/doctors?openAt=2026-03-08T02:30')).status).toBe(400); // never happens
    clock.set('2026-10-31T16:00:00Z');
    expect(await openAt('2026-11-01T13:00:00Z')).toEqual(['Alice Zhang']); // 08:00 EST
    expect(await openAt('2026-11-01T12:00:00Z')).toEqual([]); // 07:00 EST (08:00 the day before)
    expect(await openAt('2026-11-01T12:59:00Z')).toEqual([]);
    expect(await openAt('2026-11-02T00:59:00Z')).toEqual([
      'Alice Zhang',
      'Fiona Finch',
      'Gus Finch',
    ]);
    expect(await openAt('2026-11-02T01:00:00Z')).toEqual(['Fiona Finch', 'Gus Finch']); // 20:00 EST
  });

  it('openNow filters at the clock and every item answers openNow (null: hours unknown)', async () => {
    clock.set('2026-11-25T16:30:00Z'); // Wednesday 11:30
    expect(await names('/doctors?openNow=true')).toEqual(['Alice Zhang', ...WORKDAY]);
    const all = await get('/doctors');
    expect(
      Object.fromEntries(
        all.body.doctors.map((d: { name: string; clinic: { openNow: boolean | null } }) => [
          d.name,
          d.clinic.openNow,
        ]),
      ),
    ).toEqual({
      'Alan Alder': null,
      'Alice Zhang': true,
      'bob Singh': false,
      'Carol Tremblay': null,
      'Dev Patel': true,
      'Fiona Finch': true,
      'Gus Finch': true,
      'Hana Steeles': true,
      'Natalia Alvarez': false,
    });
    clock.set('2026-11-24T15:00:00Z'); // Tuesday 10:00, Dev's clinic closed by exception
    expect(await names('/doctors?openNow=true')).toEqual([
      'Alice Zhang',
      'Fiona Finch',
      'Gus Finch',
      'Hana Steeles',
    ]);
    clock.set('2026-12-25T15:00:00Z'); // Christmas 10:00
    const christmas = await get('/doctors?openNow=true&limit=3');
    expect(christmas.body.doctors.map((d: { name: string }) => d.name)).toEqual([
      'Alice Zhang',
      'bob Singh',
      'Dev Patel',
    ]);
    expect(christmas.body.total).toBe(7);
  });

  // The list items' clinic.hours.week (issue 33, Done when): the stored week as the detail's
  // hours.week, null for Carol's clinic (hours unknown).
  const everyDay = (open: string, close: string) =>
    Object.fromEntries(
      ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [{ open, close }]]),
    );
  const WEEKS: Record<string, unknown> = {
    'Alan Alder': null,
    'Alice Zhang': C1_WEEK,
    'bob Singh': C2_WEEK,
    'Carol Tremblay': null,
    'Dev Patel': {
      mon: [{ open: '09:00', close: '17:00' }],
      tue: [{ open: '09:00', close: '17:00' }],
      wed: [{ open: '09:00', close: '17:00' }],
      thu: [{ open: '09:00', close: '17:00' }],
      fri: [{ open: '09:00', close: '17:00' }],
      sat: [],
      sun: [],
    },
    'Fiona Finch': everyDay('09:00', '21:00'),
    'Gus Finch': everyDay('09:00', '21:00'),
    'Hana Steeles': everyDay('09:00', '17:00'),
    'Natalia Alvarez': C2_WEEK,
  };
  // Issue 51, item 6: the detail's fields but the exceptions, worked out by hand from each week
  // (a weekday span from first opening to last closing; evening: a weekday range past 17:00);
  // unknown hours have no `week` (never null).
  const UNKNOWN = { weekday: 'unknown', evening: false, weekend: false };
  const V1: Record<string, { weekday: string; evening: boolean; weekend: boolean }> = {
    'Alan Alder': UNKNOWN,
    'Alice Zhang': { weekday: '8:00-20:00', evening: true, weekend: true },
    'bob Singh': { weekday: '20:00-24:00', evening: true, weekend: true },
    'Carol Tremblay': UNKNOWN,
    'Dev Patel': { weekday: '9:00-17:00', evening: false, weekend: false },
    'Fiona Finch': { weekday: '9:00-21:00', evening: true, weekend: true },
    'Gus Finch': { weekday: '9:00-21:00', evening: true, weekend: true },
    'Hana Steeles': { weekday: '9:00-17:00', evening: false, weekend: true },
    'Natalia Alvarez': { weekday: '20:00-24:00', evening: true, weekend: true },
  };
  const listHours = (n: string) => ({ ...V1[n], ...(WEEKS[n] ? { week: WEEKS[n] } : {}) });
  type Item = { name: string; clinic: { hours: unknown } };
  const weeksOf = (items: Item[]) => Object.fromEntries(items.map((d) => [d.name, d.clinic.hours]));
  const expected = (names: string[]) => Object.fromEntries(names.map((n) => [n, listHours(n)]));

  it('gives every list item its clinic’s hours (no week when unknown), in every list', async () => {
    clock.set('2026-11-25T16:30:00Z');
    const all = await get('/doctors');
    expect(all.status).toBe(200);
    expect(weeksOf(all.body.doctors)).toEqual(expected(Object.keys(WEEKS)));
    // The exceptions and next edges stay in the detail.
    for (const d of all.body.doctors as Item[])
      expect(Object.keys(d.clinic.hours as object)).not.toContain('exceptions');
    const search = await get('/doctors/search?q=al');
    expect(search.status).toBe(200);
    expect(weeksOf(search.body.doctors)).toEqual(
      expected((search.body.doctors as Item[]).map((d) => d.name)),
    );
    expect(search.body.doctors.length).toBeGreaterThan(1);
    const cpso = await get('/doctors?cpso=900003,900001,900002');
    expect(cpso.status).toBe(200);
    expect((cpso.body.doctors as Item[]).map((d) => [d.name, d.clinic.hours])).toEqual([
      ['Carol Tremblay', listHours('Carol Tremblay')],
      ['Alice Zhang', listHours('Alice Zhang')],
      ['bob Singh', listHours('bob Singh')],
    ]);
    // Nearest first, paged by cursor: each page's items carry their weeks.
    const seen: Item[] = [];
    let path: string | null = '/doctors?near=Finch&limit=2';
    while (path) {
      const r = await get(path);
      expect(r.status).toBe(200);
      seen.push(...(r.body.doctors as Item[]));
      path = r.body.nextCursor
        ? `/doctors?near=Finch&limit=2&cursor=${encodeURIComponent(r.body.nextCursor)}`
        : null;
    }
    expect(seen.length).toBe(Object.keys(WEEKS).length);
    expect(weeksOf(seen)).toEqual(expected(Object.keys(WEEKS)));
    // Filtered by time and status (the page's statement with a filter).
    const open = await get(
      '/doctors?openNow=true&acceptingStatus=accepting,existing-patients-only',
    );
    expect(weeksOf(open.body.doctors)).toEqual(expected(['Alice Zhang', 'Dev Patel']));
  });

  it("answers the Done-when request with each doctor's hours and the date its status was checked", async () => {
    clock.set('2026-12-20T15:00:00Z');
    const r = await get(
      '/doctors?openAt=2026-12-26T10:00&near=Finch&radiusKm=5&acceptingStatus=accepting,existing-patients-family',
    );
    expect(r.status).toBe(200);
    expect(
      (r.body.doctors as (Item & { clinic: { acceptingCheckedAt: string | null } })[]).map((d) => [
        d.name,
        d.clinic.hours,
        d.clinic.acceptingCheckedAt,
      ]),
    ).toEqual([
      ['Fiona Finch', listHours('Fiona Finch'), C6_CHECKED],
      ['Gus Finch', listHours('Gus Finch'), C6_CHECKED],
    ]);
  });

  it("answers the detail's clinic with its hours, exceptions, openNow, nextOpen and nextClose", async () => {
    clock.set('2026-12-25T15:00:00Z'); // Christmas 10:00: open by the clinic's own exception
    const r = await get('/doctors/900001');
    expect(r.status).toBe(200);
    const c = r.body.doctor.clinic;
    expect(c).toEqual({
      id: C1,
      name: 'Bloor Street Family Clinic',
      address: '100 Bloor St W, Toronto, ON M5S 1M8',
      lat: 43.6677,
      lng: -79.3948,
      phone: '(416) 555-0100',
      acceptingNewPatients: true,
      acceptingStatus: 'accepting',
      acceptingCheckedAt: '2026-11-16T12:00:00.000Z',
      openNow: true,
      nextOpen: '2026-12-27T08:00:00-05:00',
      nextClose: '2026-12-25T11:00:00-05:00',
      hours: {
        weekday: '9:00-19:00',
        evening: true,
        weekend: false,
        week: C1_WEEK,
        exceptions: [
          {
            date: '2026-12-25',
            ranges: [{ open: '09:00', close: '11:00' }],
            reason: 'Holiday clinic',
          },
          { date: '2026-12-26', closed: true, reason: 'Boxing Day' },
          { date: '2027-01-01', closed: true, reason: "New Year's Day" },
          { date: '2027-02-15', closed: true, reason: 'Family Day' },
        ],
      },
    });
    // Unknown hours: openNow, nextOpen and nextClose null, no week (never null), no holiday.
    const carol = (await get('/doctors/900003')).body.doctor.clinic;
    expect([carol.openNow, carol.nextOpen, carol.nextClose, 'week' in carol.hours]).toEqual([
      null,
      null,
      null,
      false,
    ]);
    expect([carol.hours.exceptions, carol.acceptingStatus]).toEqual([[], 'unknown']);
    // Dev's clinic on its closed Tuesday: open again Wednesday 09:00, and the exceptions ahead.
    clock.set('2026-11-24T15:00:00Z');
    const dev = (await get('/doctors/900004')).body.doctor.clinic;
    expect([dev.openNow, dev.nextOpen, dev.nextClose]).toEqual([
      false,
      '2026-11-25T09:00:00-05:00',
      '2026-11-25T17:00:00-05:00',
    ]);
    expect(dev.hours.exceptions.slice(0, 2)).toEqual([
      { date: '2026-11-24', closed: true, reason: 'Staff training' },
      { date: '2026-11-28', ranges: [{ open: '10:00', close: '12:00' }] },
    ]);
    expect(dev.acceptingStatus).toBe('existing-patients-only');
    expect(dev.acceptingNewPatients).toBe(false);
  });
});
