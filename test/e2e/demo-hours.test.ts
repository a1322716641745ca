import { WEEKDAYS } from '../../src/domain/clinics/clinic-hours';
import { dateToDay, isoWeekdayIndex } from '../../src/domain/clinics/hours/toronto-time';
import { dayRanges } from '../../src/infrastructure/seed/clinic-schedules';
import { ClinicRow, DemoDataset } from '../../src/infrastructure/seed/demo-dataset';
import { generateDemoDataset } from '../../src/infrastructure/seed/demo-dataset.generator';
import { replaceDirectoryData } from '../../src/infrastructure/seed/demo-data.seeder';
import { MovableClock } from '../fixtures/clinic-hours.fixture';
import { authHeaders } from '../support/auth';
import { call } from '../support/http';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/**
 * Issue 48 on the demo data through the real HTTP API and PostgreSQL: every graded status is
 * answered with the date it was checked, and clinics that close at lunch (split days) answer
 * openNow, nextOpen, nextClose and the openAt filter (its page and its total) by both ranges.
 * The week of 2026-03-02 has no public holiday and no clock change (Toronto at -05:00).
 */
const NOW = new Date('2026-03-01T12:00:00.000Z');
const WEEK = ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06'];
const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
const hhmm = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

describe('demo data through the API: dated statuses and split days (e2e, demo seed)', () => {
  let db: TestDatabase;
  let t: TestApp;
  let data: DemoDataset;
  let auth: Record<string, string>;
  const clock = new MovableClock(NOW);
  const get = async (path: string) => {
    const r = await call(t.app, 'GET', path, auth);
    expect([path, r.status]).toEqual([path, 200]);
    return r.body;
  };

  beforeAll(async () => {
    db = await createTestDatabase('demo_hours');
    data = generateDemoDataset({ doctors: 300, seed: 7, now: NOW });
    await replaceDirectoryData(db.dataSource, data);
    t = await createTestApp(db, {}, clock);
    auth = await authHeaders(t, 'admin');
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });
  beforeEach(() => clock.set(NOW.toISOString()));

  /** The ranges of a clinic on a date of WEEK: its exception's, else its weekday's. */
  const rangesOn = (c: ClinicRow, date: string) => {
    const e = data.clinicHoursExceptions.find((x) => x.clinic_id === c.id && x.date === date);
    if (e) return e.ranges ?? [];
    return c.hours === null
      ? null
      : dayRanges(c.hours[WEEKDAYS[isoWeekdayIndex(dateToDay(date)!)]]);
  };
  const openAt = (c: ClinicRow, date: string, time: string) =>
    (rangesOn(c, date) ?? []).some(
      (r) => minutes(r.open) <= minutes(time) && minutes(time) < minutes(r.close),
    );

  /** Split clinics with a date of WEEK on which they are split (no exception that day). */
  const splitDays = () =>
    data.clinics.flatMap((c) => {
      const date = WEEK.find(
        (d) =>
          rangesOn(c, d)?.length === 2 &&
          !data.clinicHoursExceptions.some((x) => x.clinic_id === c.id && x.date === d),
      );
      return date ? [{ c, date, ranges: rangesOn(c, date)! }] : [];
    });

  it('answers every graded status with the date it was checked', async () => {
    const body = await get('/clinics?limit=100');
    const clinics = body.clinics as {
      id: string;
      acceptingStatus: string;
      acceptingCheckedAt: string | null;
    }[];
    expect(clinics).toHaveLength(data.clinics.length);
    expect(clinics.filter((c) => c.acceptingStatus !== 'unknown').length).toBeGreaterThan(50);
    expect(
      clinics.filter((c) => c.acceptingStatus !== 'unknown' && c.acceptingCheckedAt === null),
    ).toEqual([]);
    for (const c of clinics.slice(0, 10)) {
      const detail = (await get(`/clinics/${c.id}`)).clinic;
      expect([detail.acceptingStatus, detail.acceptingCheckedAt]).toEqual([
        c.acceptingStatus,
        c.acceptingCheckedAt,
      ]);
    }
  });

  it('has clinics closed at lunch, and answers openNow and the next edges by both ranges', async () => {
    const split = splitDays();
    expect(split.length).toBeGreaterThanOrEqual(5);
    for (const { c, date, ranges } of split.slice(0, 5)) {
      const [morning, afternoon] = ranges;
      const at = async (time: string) => {
        clock.set(`${date}T${time}:00-05:00`);
        return (await get(`/clinics/${c.id}`)).clinic;
      };
      const day = WEEKDAYS[isoWeekdayIndex(dateToDay(date)!)];
      const mid = (r: { open: string; close: string }) =>
        hhmm(Math.floor((minutes(r.open) + minutes(r.close)) / 2));
      const inMorning = await at(mid(morning));
      expect(inMorning.hours.week[day]).toEqual(ranges);
      expect([inMorning.openNow, inMorning.nextClose]).toEqual([
        true,
        `${date}T${morning.close}:00-05:00`,
      ]);
      const atLunch = await at(mid({ open: morning.close, close: afternoon.open }));
      expect([c.id, atLunch.openNow, atLunch.nextOpen]).toEqual([
        c.id,
        false,
        `${date}T${afternoon.open}:00-05:00`,
      ]);
      const inAfternoon = await at(mid(afternoon));
      expect([inAfternoon.openNow, inAfternoon.nextClose]).toEqual([
        true,
        `${date}T${afternoon.close}:00-05:00`,
      ]);
    }
  });

  it('filters openAt by both ranges: the page and the total, at lunch and either side', async () => {
    const split = splitDays();
    const { date, ranges } = split[0];
    const times = [
      '10:00',
      '12:30',
      ranges[0].close,
      hhmm(minutes(ranges[1].open) - 1),
      ranges[1].open,
      '15:00',
    ];
    for (const time of times) {
      const q = `openAt=${date}T${time}`;
      const expected = data.clinics.filter((c) => openAt(c, date, time)).map((c) => c.id);
      const ids = ((await get(`/clinics?${q}&limit=100`)).clinics as { id: string }[]).map(
        (c) => c.id,
      );
      expect([q, [...ids].sort()]).toEqual([q, [...expected].sort()]);
      expect([q, (await get(`/clinics?${q}&limit=0`)).total]).toEqual([q, expected.length]);
    }
    // At 12:30 the split clinics of that break are out, at 10:00 in.
    const lunch = split.filter((s) => s.date === date && !openAt(s.c, date, '12:30'));
    expect(lunch.length).toBeGreaterThan(0);
    const at = async (time: string) =>
      new Set(
        ((await get(`/clinics?openAt=${date}T${time}&limit=100`)).clinics as { id: string }[]).map(
          (c) => c.id,
        ),
      );
    const [ten, half] = [await at('10:00'), await at('12:30')];
    for (const s of lunch)
      expect([s.c.id, ten.has(s.c.id), half.has(s.c.id)]).toEqual([
        s.c.id,
        openAt(s.c, date, '10:00'),
        false,
      ]);
  });
});
