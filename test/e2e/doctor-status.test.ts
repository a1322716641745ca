import { loadDirectoryFixture } from '../fixtures/directory.fixture';
import { authHeaders } from '../support/auth';
import {
  applyDoctorHoursFixture,
  C2_CHECKED,
  C6_CHECKED,
  SettableClock,
} from '../support/doctor-hours-fixture';
import { call, HttpResult } from '../support/http';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

interface Item {
  name: string;
  cpsoNumber: string;
  distanceKm?: number;
  clinic: {
    acceptingNewPatients: boolean;
    acceptingStatus: string;
    acceptingCheckedAt: string | null;
    openNow: boolean | null;
  };
}

/**
 * Issue 33 on /doctors and /doctors/search: the graded accepting status (filter and answer), the
 * issue's "Done when" request, the new filters nearest first, within a radius, by cursor and by
 * offset with exact totals, in the name search, and v1 answers unchanged by a filter that keeps
 * everything. The fixture is the table of doctor-hours-fixture.ts.
 */
describe('doctors: accepting status and the new filters with location and paging (e2e)', () => {
  let db: TestDatabase;
  let t: TestApp;
  let auth: Record<string, string>;
  const clock = new SettableClock(new Date('2026-12-20T17:00:00Z'));
  const get = (path: string) => call(t.app, 'GET', path, auth);
  const namesOf = (r: HttpResult) => (r.body.doctors as Item[]).map((d) => d.name);
  const names = async (path: string) => {
    const r = await get(path);
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(r.body.doctors.length);
    return namesOf(r);
  };
  /** Every page of a list by cursor, `limit` at a time; each page's total must be `total`. */
  const crawl = async (path: string, limit: number, total: number) => {
    const out: string[] = [];
    let r = await get(`${path}&limit=${limit}`);
    for (;;) {
      expect(r.status).toBe(200);
      expect(r.body.total).toBe(total);
      out.push(...namesOf(r));
      if (!r.body.nextCursor) return out;
      r = await get(`${path}&limit=${limit}&cursor=${encodeURIComponent(r.body.nextCursor)}`);
    }
  };

  beforeAll(async () => {
    db = await createTestDatabase('doctor_status');
    await loadDirectoryFixture(db.dataSource);
    await applyDoctorHoursFixture(db.dataSource);
    t = await createTestApp(db, {}, clock);
    auth = await authHeaders(t, 'live');
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  const DONE_WHEN =
    '/doctors?openAt=2026-12-26T10:00&near=Finch&radiusKm=5&acceptingStatus=accepting,existing-patients-family';

  it("answers the issue's Done-when request: nearest Finch, open Boxing Day morning, accepting or families", async () => {
    const r = await get(DONE_WHEN);
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(2);
    expect(r.body.near).toMatchObject({ query: 'Finch', kind: 'station' });
    const items = r.body.doctors as Item[];
    expect(
      items.map((d) => [d.name, d.clinic.acceptingStatus, d.clinic.acceptingCheckedAt]),
    ).toEqual([
      ['Fiona Finch', 'existing-patients-family', C6_CHECKED],
      ['Gus Finch', 'existing-patients-family', C6_CHECKED],
    ]);
    expect(items[0].distanceKm).toBeLessThan(0.3);
    expect(items.every((d) => d.clinic.acceptingNewPatients === false)).toBe(true);
    // Without the status filter Hana's clinic (regular hours on holidays, not accepting) is in;
    // without openAt, the doctors of the clinic of unknown hours and status are in too.
    expect(
      await names(DONE_WHEN.replace('&acceptingStatus=accepting,existing-patients-family', '')),
    ).toEqual(['Fiona Finch', 'Gus Finch', 'Hana Steeles']);
    expect(await names('/doctors?near=Finch&radiusKm=5')).toEqual([
      'Fiona Finch',
      'Gus Finch',
      'Hana Steeles',
      'Alan Alder',
      'Carol Tremblay',
    ]);
  });

  it.each([
    ['accepting', ['Alice Zhang']],
    ['existing-patients-family', ['bob Singh', 'Fiona Finch', 'Gus Finch', 'Natalia Alvarez']],
    ['existing-patients-only', ['Dev Patel']],
    ['not-accepting', ['Hana Steeles']],
    ['unknown', ['Alan Alder', 'Carol Tremblay']],
    [
      'accepting,existing-patients-family',
      ['Alice Zhang', 'bob Singh', 'Fiona Finch', 'Gus Finch', 'Natalia Alvarez'],
    ],
    ['unknown,not-accepting&accepting=false', ['Alan Alder', 'Carol Tremblay', 'Hana Steeles']],
    ['accepting,unknown&accepting=true', ['Alice Zhang']],
    ['accepting&accepting=false', []],
  ])('filters acceptingStatus=%s', async (q, expected) => {
    expect(await names(`/doctors?acceptingStatus=${q}`)).toEqual(expected);
  });

  it('answers each item with its graded status, its checked date and the v1 boolean beside it', async () => {
    const r = await get('/doctors');
    const items = r.body.doctors as Item[];
    expect(Object.fromEntries(items.map((d) => [d.name, d.clinic.acceptingStatus]))).toEqual({
      'Alan Alder': 'unknown',
      'Alice Zhang': 'accepting',
      'bob Singh': 'existing-patients-family',
      'Carol Tremblay': 'unknown',
      'Dev Patel': 'existing-patients-only',
      'Fiona Finch': 'existing-patients-family',
      'Gus Finch': 'existing-patients-family',
      'Hana Steeles': 'not-accepting',
      'Natalia Alvarez': 'existing-patients-family',
    });
    for (const d of items)
      expect(d.clinic.acceptingNewPatients).toBe(d.clinic.acceptingStatus === 'accepting');
    const bob = items.find((d) => d.name === 'bob Singh')!;
    expect(bob.clinic.acceptingCheckedAt).toBe(C2_CHECKED);
    expect(items.find((d) => d.name === 'Hana Steeles')!.clinic.acceptingCheckedAt).toBeNull();
  });

  it('keeps v1 answers: a filter that keeps everything, and accepting=true as acceptingStatus=accepting', async () => {
    const every = 'accepting,existing-patients-only,existing-patients-family,not-accepting,unknown';
    for (const base of [
      '/doctors?limit=4',
      '/doctors?near=Finch&limit=4',
      '/doctors/search?q=al',
    ]) {
      const plain = await get(base);
      const all = await get(`${base}&acceptingStatus=${every}`);
      expect(all.status).toBe(200);
      expect({ ...all.body, nextCursor: null }).toEqual({ ...plain.body, nextCursor: null });
    }
    const v1 = await get('/doctors?accepting=true');
    const graded = await get('/doctors?acceptingStatus=accepting');
    expect(graded.body.doctors).toEqual(v1.body.doctors);
    expect(graded.body.total).toBe(v1.body.total);
  });

  // Boxing Day 10:00: bob and Natalia (holiday hours 10-14, Mississauga), Fiona and Gus (holiday
  // hours 09-13, Finch), Hana (regular: her Saturday); Alice's clinic is closed, Dev's is on a
  // Saturday, Carol's and Alan's hours are unknown.
  const BOXING = 'openAt=2026-12-26T10:00';
  it('pages the openAt filter in name order by cursor and by offset, with the exact total', async () => {
    const all = ['bob Singh', 'Fiona Finch', 'Gus Finch', 'Hana Steeles', 'Natalia Alvarez'];
    expect(await crawl(`/doctors?${BOXING}`, 2, 5)).toEqual(all);
    expect(await crawl(`/doctors?${BOXING}`, 1, 5)).toEqual(all);
    const page = await get(`/doctors?${BOXING}&offset=3&limit=2`);
    expect([namesOf(page), page.body.total]).toEqual([['Hana Steeles', 'Natalia Alvarez'], 5]);
    const past = await get(`/doctors?${BOXING}&offset=5&limit=2`);
    expect([namesOf(past), past.body.total]).toEqual([[], 5]);
    expect(
      await crawl(`/doctors?${BOXING}&acceptingStatus=existing-patients-family`, 3, 4),
    ).toEqual(['bob Singh', 'Fiona Finch', 'Gus Finch', 'Natalia Alvarez']);
  });

  it('pages the openAt filter nearest first, with and without a radius', async () => {
    const nearest = ['Fiona Finch', 'Gus Finch', 'Hana Steeles', 'bob Singh', 'Natalia Alvarez'];
    expect(await crawl(`/doctors?${BOXING}&near=Finch`, 2, 5)).toEqual(nearest);
    expect(await crawl(`/doctors?${BOXING}&near=Finch`, 1, 5)).toEqual(nearest);
    const page = await get(`/doctors?${BOXING}&near=Finch&offset=2&limit=2`);
    expect([namesOf(page), page.body.total]).toEqual([['Hana Steeles', 'bob Singh'], 5]);
    const d = (page.body.doctors as Item[]).map((x) => x.distanceKm!);
    expect(d[0]).toBeLessThan(d[1]);
    expect(await crawl(`/doctors?${BOXING}&near=Finch&radiusKm=5`, 1, 3)).toEqual(
      nearest.slice(0, 3),
    );
    expect(await crawl(`${DONE_WHEN}`, 1, 2)).toEqual(['Fiona Finch', 'Gus Finch']);
  });

  it('applies the filters to the name search, with and without a location', async () => {
    expect(await names(`/doctors/search?q=finch&${BOXING}`)).toEqual(['Fiona Finch', 'Gus Finch']);
    expect(await names('/doctors/search?q=al&acceptingStatus=unknown')).toEqual(['Alan Alder']);
    expect(await names('/doctors/search?q=al&openAt=2026-12-21T11:00')).toEqual(['Alice Zhang']);
    expect(await names(`/doctors/search?q=al&${BOXING}`)).toEqual(['Natalia Alvarez']);
    expect(await names(`/doctors/search?q=in&${BOXING}&near=Finch`)).toEqual([
      'Fiona Finch',
      'Gus Finch',
      'bob Singh',
    ]);
    clock.set('2026-12-21T16:00:00Z'); // Monday 11:00
    expect(await names('/doctors/search?q=finch&openNow=true&near=Finch&radiusKm=1')).toEqual([
      'Fiona Finch',
      'Gus Finch',
    ]);
    const r = await get('/doctors/search?q=al');
    expect(
      Object.fromEntries((r.body.doctors as Item[]).map((x) => [x.name, x.clinic.openNow])),
    ).toEqual({
      'Alan Alder': null,
      'Alice Zhang': true,
      'Natalia Alvarez': false,
    });
    clock.set('2026-12-20T17:00:00Z');
  });

  it('refuses the new filters beside a batch lookup (cpso), as every other filter', async () => {
    for (const q of ['openNow=true', 'openAt=2026-12-21T10:00', 'acceptingStatus=accepting']) {
      const r = await get(`/doctors?cpso=900001&${q}`);
      expect([r.status, r.body.error]).toEqual([400, 'invalid_param']);
      expect(r.body.message).toContain(q.split('=')[0]);
    }
    expect((await get('/doctors?cpso=900001')).body.doctors[0].clinic).toMatchObject({
      acceptingStatus: 'accepting',
      openNow: false, // Sunday 12:00: Alice's clinic is closed 12:00-13:00
    });
  });

  it.each([
    ['acceptingStatus=maybe', 'acceptingStatus'],
    ['acceptingStatus=accepting,accepting', 'acceptingStatus'],
    ['acceptingStatus=', 'acceptingStatus'],
    ['openNow=false', 'openNow'],
    ['openNow=true&openAt=2026-12-21T10:00', 'openAt'],
    ['openAt=2027-03-01T10:00', 'openAt'],
    ['openAt=2026-12-19T10:00', 'openAt'],
    ['openAt=tomorrow', 'openAt'],
    ['openAt=2026-12-21T25:00', 'openAt'],
  ])('refuses %s with 400 invalid_param naming %s (lists and search)', async (q, param) => {
    for (const path of [`/doctors?${q}`, `/doctors/search?q=al&${q}`, `/doctors?near=Finch&${q}`]) {
      const r = await get(path);
      expect([path, r.status, r.body.error]).toEqual([path, 400, 'invalid_param']);
      expect(r.body.message).toContain(param);
    }
  });
});
