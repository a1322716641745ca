import { C1, C2, C3, C4, C5 } from '../fixtures/directory.fixture';
import { useHoursApp } from '../fixtures/clinic-hours.fixture';

/**
 * /clinics and /specialists with openNow, openAt and acceptingStatus (issue 33), and each item's
 * openNow, acceptingStatus and acceptingCheckedAt, on the hours fixture (clinic-hours.fixture.ts)
 * through the real HTTP API and PostgreSQL. Names order the fixture C2, C1, C3, C4, C5; from Union
 * Station it is C4, C1, C3, C2, C5.
 */
const UNION_STATION = 'lat=43.6453&lng=-79.3806';
const ALL_STATUSES =
  'accepting,existing-patients-only,existing-patients-family,not-accepting,unknown';
const START = '2026-11-21T07:00:00-05:00'; // Saturday 07:00 in Toronto

describe('clinic lists: hours and status filters (e2e, fixture, movable clock)', () => {
  const fx = useHoursApp('clinic_hours_filters', START);
  beforeEach(() => fx.clock.set(START));
  const list = async (path: string, key = 'clinics') => {
    const r = await fx.get(path);
    expect(r.status).toBe(200);
    expect(r.body.count).toBe(r.body[key].length);
    return r.body as { total: number; nextCursor: string | null } & Record<string, unknown>;
  };
  const ids = async (path: string, key = 'clinics') =>
    ((await list(path, key))[key] as { id: string }[]).map((c) => c.id);
  const total = async (path: string) => (await list(`${path}&limit=0`)).total;

  it.each([
    ['openAt=2026-11-23T10:00', [C1, C3, C5]],
    ['openAt=2026-11-23T07:59', []],
    ['openAt=2026-11-23T08:00', [C1]],
    ['openAt=2026-11-23T12:00', [C3, C5]],
    ['openAt=2026-11-23T19:59', [C1]],
    ['openAt=2026-11-23T20:00', []],
    ['openAt=2026-11-24T10:00', [C1, C3]], // C5 closed for staff training
    ['openAt=2026-11-24T15:00Z', [C1, C3]], // the same instant with an offset
    ['openAt=2026-11-24T10:00-05:00', [C1, C3]],
    ['openAt=2026-11-27T09:30', [C1, C3]], // C5 opens 10:00 that day only
    ['openAt=2026-11-27T11:00', [C1, C3, C5]],
    ['openAt=2026-11-27T12:00', [C3]],
    ['openAt=2026-11-27T23:30', [C2]], // Friday 18:00–24:00
    ['openAt=2026-11-28T00:00', [C2]], // … and Saturday 00:00–02:00
    ['openAt=2026-11-28T01:59', [C2]],
    ['openAt=2026-11-28T02:00', []],
    ['openAt=2026-12-25T10:00', [C2, C3, C5]], // Christmas: holiday hours, regular, exception
    ['openAt=2026-12-25T15:00', [C3]],
    ['openAt=2026-12-25T19:00', []], // C2's holiday hours replace its Friday evening
    ['openAt=2026-12-26T10:00', [C2]], // Boxing Day, a Saturday
    ['openAt=2026-12-28T10:00', [C1, C3, C5]],
    ['openAt=2027-01-01T10:00', [C2, C3]],
    ['openAt=2027-01-19T10:00', [C1, C3, C5]],
  ])('/clinics?%s', async (query, expected) => {
    expect(await ids(`/clinics?${query}`)).toEqual(expected);
    expect(await total(`/clinics?${query}`)).toBe(expected.length);
  });

  it.each([
    ['acceptingStatus=accepting', [C1]],
    ['acceptingStatus=existing-patients-only', [C3]],
    ['acceptingStatus=existing-patients-family', [C2]],
    ['acceptingStatus=not-accepting', [C5]],
    ['acceptingStatus=unknown', [C4]],
    ['acceptingStatus=existing-patients-family,existing-patients-only', [C2, C3]],
    ['acceptingStatus=unknown,accepting', [C1, C4]],
    [`acceptingStatus=${ALL_STATUSES}`, [C2, C1, C3, C4, C5]],
    ['acceptingStatus=accepting&accepting=false', []],
    ['acceptingStatus=not-accepting,unknown&accepting=false', [C4, C5]],
    ['openAt=2026-12-25T10:00&acceptingStatus=existing-patients-family,not-accepting', [C2, C5]],
    ['openAt=2026-12-25T10:00&acceptingStatus=accepting', []],
    ['openAt=2026-11-23T10:00&wheelchair=true', [C1, C3]],
    ['openAt=2026-11-23T12:30&wheelchair=true', [C3]],
    ['openAt=2026-11-23T10:00&languages=English', [C1, C3]],
  ])('/clinics?%s (graded statuses, combined)', async (query, expected) => {
    expect(await ids(`/clinics?${query}`)).toEqual(expected);
    expect(await total(`/clinics?${query}`)).toBe(expected.length);
  });

  it('openNow=true filters at the clock, and every item says openNow', async () => {
    expect(await ids('/clinics?openNow=true')).toEqual([]); // Saturday 07:00
    fx.clock.set('2026-11-23T10:00:00-05:00');
    expect(await ids('/clinics?openNow=true')).toEqual([C1, C3, C5]);
    expect(await total('/clinics?openNow=true')).toBe(3);
    const all = (await list('/clinics')).clinics as Record<string, unknown>[];
    expect(all.map((c) => [c.id, c.openNow, c.acceptingStatus, c.acceptingCheckedAt])).toEqual([
      [C2, false, 'existing-patients-family', '2026-11-01T12:00:00.000Z'],
      [C1, true, 'accepting', '2026-11-14T15:30:00.000Z'],
      [C3, true, 'existing-patients-only', '2026-10-01T12:00:00.000Z'],
      [C4, null, 'unknown', null],
      [C5, true, 'not-accepting', null],
    ]);
    fx.clock.set('2026-11-24T10:00:00-05:00'); // C5's exception
    expect(await ids('/clinics?openNow=true')).toEqual([C1, C3]);
    const batch = (await list(`/clinics?id=${C5},${C4},${C1}`)).clinics as Record<
      string,
      unknown
    >[];
    expect(batch.map((c) => [c.id, c.openNow, c.acceptingStatus])).toEqual([
      [C5, false, 'not-accepting'],
      [C4, null, 'unknown'],
      [C1, true, 'accepting'],
    ]);
  });

  it('answers openAt across the daylight-saving changes', async () => {
    fx.clock.set('2026-10-30T12:00:00-04:00');
    expect(await ids('/clinics?openAt=2026-11-01T07:59')).toEqual([]);
    expect(await ids('/clinics?openAt=2026-11-01T08:00')).toEqual([C1]);
    expect(await ids('/clinics?openAt=2026-11-01T12:59:00Z')).toEqual([]); // 07:59 EST
    expect(await ids('/clinics?openAt=2026-11-01T13:00:00Z')).toEqual([C1]); // 08:00 EST
    fx.clock.set('2026-03-01T12:00:00-05:00');
    expect(await ids('/clinics?openAt=2026-03-08T07:59')).toEqual([]);
    expect(await ids('/clinics?openAt=2026-03-08T08:00')).toEqual([C1]);
    expect(await ids('/clinics?openAt=2026-03-08T12:00:00Z')).toEqual([C1]); // 08:00 EDT
    const gap = await fx.get('/clinics?openAt=2026-03-08T02:30');
    expect(gap.status).toBe(400);
    expect(gap.body.error).toBe('invalid_param');
    // Easter Monday is not a public holiday: open as any Monday; Good Friday is.
    expect(await ids('/clinics?openAt=2026-04-06T10:00')).toEqual([C1, C3, C5]);
    expect(await ids('/clinics?openAt=2026-04-03T10:00')).toEqual([C2, C3]);
  });

  it('walks nearest first with the filters, within a radius', async () => {
    expect(await ids(`/clinics?${UNION_STATION}&openAt=2026-12-25T10:00`)).toEqual([C3, C2, C5]);
    expect(await ids(`/clinics?${UNION_STATION}&acceptingStatus=unknown,accepting`)).toEqual([
      C4,
      C1,
    ]);
    const near = (await list(`/clinics?${UNION_STATION}&radiusKm=4`)).clinics as { id: string }[];
    const open = new Set([C2, C3, C5]);
    const expected = near.map((c) => c.id).filter((id) => open.has(id));
    const r = await list(`/clinics?${UNION_STATION}&radiusKm=4&openAt=2026-12-25T10:00`);
    expect((r.clinics as { id: string }[]).map((c) => c.id)).toEqual(expected);
    expect(r.total).toBe(expected.length);
  });

  it.each([
    ['/clinics?openAt=2026-12-25T10:00', [C2, C3, C5]],
    [`/clinics?${UNION_STATION}&openAt=2026-12-25T10:00`, [C3, C2, C5]],
    [`/clinics?acceptingStatus=${ALL_STATUSES}`, [C2, C1, C3, C4, C5]],
    [
      '/specialists?specialty=x&specialties=dermatology,cardiology&openAt=2026-11-23T10:00',
      [C3, C3],
    ],
  ])('%s: pages by cursor and by offset, with the exact total', async (path, expected) => {
    const key = 'clinics';
    const seen: string[] = [];
    let r = await list(`${path}&limit=1`, key);
    for (let i = 0; i < 10; i++) {
      expect(r.total).toBe(expected.length);
      seen.push(...(r[key] as { id: string }[]).map((c) => c.id));
      if (r.nextCursor === null) break;
      r = await list(`${path}&limit=1&cursor=${encodeURIComponent(r.nextCursor)}`, key);
    }
    expect(seen).toEqual(expected);
    for (let offset = 0; offset <= expected.length; offset++)
      expect(await ids(`${path}&limit=1&offset=${offset}`)).toEqual(
        expected.slice(offset, offset + 1),
      );
  });

  it('filters specialists by openAt and acceptingStatus, with each item’s status', async () => {
    fx.clock.set('2026-11-23T10:00:00-05:00');
    const derm = (await list('/specialists?specialty=dermatology')).clinics as Record<
      string,
      unknown
    >[];
    expect(derm.map((s) => [s.id, s.openNow, s.acceptingStatus, s.acceptingCheckedAt])).toEqual([
      [C4, null, 'unknown', null],
      [C3, true, 'existing-patients-only', '2026-10-01T12:00:00.000Z'],
    ]);
    expect(await ids('/specialists?specialty=dermatology&openNow=true')).toEqual([C3]);
    expect(await ids('/specialists?specialty=dermatology&openAt=2026-11-28T10:00')).toEqual([]);
    expect(await ids('/specialists?specialty=dermatology&acceptingStatus=unknown')).toEqual([C4]);
    expect(
      await ids(
        `/specialists?specialty=dermatology&${UNION_STATION}&acceptingStatus=existing-patients-only`,
      ),
    ).toEqual([C3]);
    expect((await list('/specialists?specialty=dermatology&openNow=true&limit=0')).total).toBe(1);
  });

  it.each([
    '/clinics?openAt=2027-03-01T10:00', // more than 60 days ahead
    '/clinics?openAt=2026-11-20T10:00', // before today
    '/clinics?openAt=tomorrow',
    '/clinics?openNow=false',
    '/clinics?openNow=true&openAt=2026-11-23T10:00',
    '/clinics?acceptingStatus=maybe',
    '/clinics?acceptingStatus=accepting,accepting',
    '/specialists?specialty=dermatology&openAt=2026-13-01T10:00',
    '/specialists?specialty=dermatology&acceptingStatus=',
  ])('%s is 400 invalid_param', async (path) => {
    const r = await fx.get(path);
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('invalid_param');
  });

  it.each([
    '/clinics',
    '/clinics?accepting=true',
    '/clinics?evening=true&limit=2',
    `/clinics?${UNION_STATION}`,
    '/specialists?specialty=dermatology',
  ])('%s: without the new parameters, the same answer as every status allowed', async (path) => {
    const key = 'clinics';
    const sep = path.includes('?') ? '&' : '?';
    const plain = await list(path, key);
    const every = await list(`${path}${sep}acceptingStatus=${ALL_STATUSES}`, key);
    expect(every[key]).toEqual(plain[key]);
    expect(every.total).toBe(plain.total);
    // The v1 fields are all there, with the v1 boolean true exactly for `accepting`.
    for (const c of plain[key] as Record<string, unknown>[]) {
      expect(c.accepting).toBe(c.acceptingStatus === 'accepting');
      expect(Object.keys(c)).toEqual(expect.arrayContaining(['id', 'name', 'accepting']));
    }
  });
});
