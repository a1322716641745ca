import { C1 } from '../fixtures/directory.fixture';
import { useFixtureApp } from '../support/fixture-app';
import { call } from '../support/http';

/**
 * A fixture clinic's week as list items answer it (issue 33: hours.week): the fixture stores one
 * {open, close} a day (or null), 09:00-17:00 on weekdays and on Saturday for the weekend clinics.
 */
const NINE_TO_FIVE = [{ open: '09:00', close: '17:00' }];
const fixtureWeek = (saturday: boolean) => ({
  mon: NINE_TO_FIVE,
  tue: NINE_TO_FIVE,
  wed: NINE_TO_FIVE,
  thu: NINE_TO_FIVE,
  fri: NINE_TO_FIVE,
  sat: saturday ? NINE_TO_FIVE : [],
  sun: [],
});
/**
 * A list row's hours (issue 51, item 6): the detail's fields but the exceptions. The fixture's
 * week is 9:00-17:00 each weekday (never after 17:00), and Saturday for some clinics.
 */
const fixtureHours = (saturday: boolean) => ({
  weekday: '9:00-17:00',
  evening: false,
  weekend: saturday,
  week: fixtureWeek(saturday),
});

describe('doctors (e2e, fixture)', () => {
  const fx = useFixtureApp('doctors');
  const get = fx.get;
  const names = async (path: string) => {
    const r = await get(path);
    expect(r.status).toBe(200);
    return (r.body.doctors as { name: string }[]).map((d) => d.name);
  };

  describe('GET /doctors', () => {
    it('lists practising doctors by lower-cased name, then CPSO, with every field', async () => {
      const r = await get('/doctors');
      expect(r.status).toBe(200);
      expect(r.body.total).toBe(6);
      expect(r.body.count).toBe(6);
      expect(r.body.doctors.map((d: { name: string }) => d.name)).toEqual([
        'Alan Alder',
        'Alice Zhang',
        'bob Singh',
        'Carol Tremblay',
        'Dev Patel',
        'Natalia Alvarez',
      ]);
      expect(r.body.doctors[1]).toEqual({
        id: 'd0000000-0000-4000-8000-000000000001',
        cpsoNumber: '900001',
        name: 'Alice Zhang',
        gender: 'female',
        yearsOfPractice: 26,
        specialties: ['Family Medicine'],
        languages: ['English', 'Mandarin'],
        clinic: {
          id: C1,
          name: 'Bloor Street Family Clinic',
          address: '100 Bloor St W, Toronto, ON M5S 1M8',
          lat: 43.6677,
          lng: -79.3948,
          phone: '(416) 555-0100',
          acceptingNewPatients: true,
          // Issue 33: the graded status, its date, and open now (Saturday 07:00 in Toronto).
          acceptingStatus: 'accepting',
          acceptingCheckedAt: '2026-11-16T12:00:00.000Z',
          openNow: false,
          // Issue 33: the clinic's week (its detail's hours.week).
          hours: fixtureHours(false),
        },
        dataFreshness: 'fresh',
        syncedAt: '2026-11-18T12:00:00.000Z',
      });
      expect(r.headers['content-type']).toMatch(/application\/json/);
    });

    it('reports freshness from the primary clinic: fresh, stale, unknown', async () => {
      const r = await get('/doctors');
      const f = Object.fromEntries(
        r.body.doctors.map((d: { cpsoNumber: string; dataFreshness: string }) => [
          d.cpsoNumber,
          d.dataFreshness,
        ]),
      );
      expect(f).toEqual({
        '900001': 'fresh',
        '900002': 'stale',
        '900003': 'unknown',
        '900004': 'fresh',
        '900005': 'unknown',
        '900007': 'stale',
      });
    });

    it.each([
      ['accepting=true', ['Alan Alder', 'Alice Zhang', 'Carol Tremblay']],
      ['accepting=false', ['bob Singh', 'Dev Patel', 'Natalia Alvarez']],
      ['accepting=1&evening=0', []],
      ['evening=true', ['Alan Alder', 'Alice Zhang', 'Carol Tremblay']],
      ['weekend=TRUE', ['Alan Alder', 'bob Singh', 'Carol Tremblay', 'Natalia Alvarez']],
      ['wheelchair=false', ['bob Singh', 'Natalia Alvarez']],
      ['virtualVisits=true', ['Alan Alder', 'bob Singh', 'Carol Tremblay', 'Natalia Alvarez']],
      ['nearTTC=true', ['Alan Alder', 'Alice Zhang', 'Carol Tremblay', 'Dev Patel']],
      ['nearTTC=false', ['bob Singh', 'Natalia Alvarez']],
      ['gender=non-binary', ['Dev Patel']],
      ['gender=male', ['Alan Alder', 'bob Singh']],
      ['specialty=cardiology', ['Alan Alder', 'Carol Tremblay']],
      ['specialties=Dermatology,%20Cardiology', ['Alan Alder', 'Carol Tremblay', 'Dev Patel']],
      ['specialties=dermatology&specialty=Cardiology', ['Dev Patel']],
      ['specialties=,,&specialty=Cardiology', ['Alan Alder', 'Carol Tremblay']],
      ['specialties=Pediatrics', []],
      ['languages=punjabi,MANDARIN', ['Alice Zhang', 'bob Singh']],
      ['languages=Tamil', []],
      ['minYears=26', ['Alan Alder', 'Alice Zhang', 'Carol Tremblay']],
      ['maxYears=11', ['bob Singh', 'Dev Patel']],
      ['minYears=11&maxYears=16', ['Dev Patel', 'Natalia Alvarez']],
      ['minYears=6&maxYears=6', ['bob Singh']],
      ['languages=French&accepting=true&gender=female', ['Carol Tremblay']],
      ['gender=female', ['Alice Zhang', 'Carol Tremblay', 'Natalia Alvarez']],
      // Names as people type them: case, hyphens and spaces, and the catalogue's aliases.
      ['specialties=CARDIO-logy', ['Alan Alder', 'Carol Tremblay']],
    ])('filters %s', async (query, expected) => {
      const r = await get(`/doctors?${query}`);
      expect(r.status).toBe(200);
      expect(r.body.doctors.map((d: { name: string }) => d.name)).toEqual(expected);
      expect(r.body.total).toBe(expected.length);
    });

    it('pages: limit 0, consecutive pages disjoint, offset past the end, limit capped at 100', async () => {
      const zero = await get('/doctors?limit=0');
      expect(zero.body).toEqual({
        doctors: [],
        total: 6,
        count: 0,
        nextCursor: null,
        dataVersion: '1',
      });
      const p1 = await names('/doctors?limit=4');
      const p2 = await names('/doctors?limit=4&offset=4');
      expect(p1).toHaveLength(4);
      expect(p2).toEqual(['Dev Patel', 'Natalia Alvarez']);
      expect(p1.filter((n) => p2.includes(n))).toEqual([]);
      const past = await get('/doctors?offset=50');
      expect(past.body).toEqual({
        doctors: [],
        total: 6,
        count: 0,
        nextCursor: null,
        dataVersion: '1',
      });
      const capped = await get('/doctors?limit=1000');
      expect(capped.status).toBe(200);
      expect(capped.body.count).toBe(6);
    });

    it.each([
      ['accepting=yes', 'accepting'],
      ['limit=-1', 'limit'],
      ['limit=abc', 'limit'],
      ['offset=1.5', 'offset'],
      ['minYears=x', 'minYears'],
      ['gender=other', 'gender'],
      ['minYears=10&maxYears=5', 'minYears'],
      ['limit=10&limit=1000', 'limit'],
      ['nearTTC=', 'nearTTC'],
    ])('refuses %s with 400 invalid_param naming the parameter', async (query, param) => {
      const r = await get(`/doctors?${query}`);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('invalid_param');
      expect(r.body.message).toContain(param);
    });
  });

  describe('GET /doctors/search', () => {
    it('puts the exact CPSO first, then names starting with q, then other matches', async () => {
      expect(await names('/doctors/search?q=al')).toEqual([
        'Alan Alder',
        'Alice Zhang',
        'Natalia Alvarez',
      ]);
      expect(await names('/doctors/search?q=900003')).toEqual(['Carol Tremblay']);
      expect(await names('/doctors/search?q=%20ALICE%20')).toEqual(['Alice Zhang']);
    });

    it('combines q with filters and leaves expired doctors out', async () => {
      expect(await names('/doctors/search?q=al&gender=male')).toEqual(['Alan Alder']);
      expect(await names('/doctors/search?q=Expired')).toEqual([]);
      expect(await names('/doctors/search?q=900006')).toEqual([]);
    });

    it('treats LIKE wildcards in q literally', async () => {
      expect(await names('/doctors/search?q=%25%25')).toEqual([]);
      expect(await names('/doctors/search?q=__')).toEqual([]);
    });

    it.each(['', '?q=', '?q=a', '?q=%20a%20'])('answers 400 missing_param for %s', async (qs) => {
      const r = await get(`/doctors/search${qs}`);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('missing_param');
    });

    it('refuses a q longer than 100 characters', async () => {
      const r = await get(`/doctors/search?q=${'a'.repeat(101)}`);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: 'invalid_param' });
    });
  });

  describe('GET /doctors/summary', () => {
    it('totals the practising doctors', async () => {
      const r = await get('/doctors/summary');
      expect(r.status).toBe(200);
      expect(r.body).toEqual({
        totalDoctors: 6,
        acceptingNewPatients: 3,
        bySpecialty: [
          { specialty: 'Family Medicine', count: 4 },
          { specialty: 'Cardiology', count: 2 },
          { specialty: 'Dermatology', count: 1 },
        ],
        dataFreshness: { fresh: 2, stale: 2, unknown: 2, coveragePct: 66.7 },
      });
    });
  });

  describe('GET /doctors/{cpso}', () => {
    it('answers the detail with rating and the 5 most recent reviews', async () => {
      const r = await get('/doctors/900001');
      expect(r.status).toBe(200);
      const d = r.body.doctor;
      expect(d.cpsoNumber).toBe('900001');
      expect(d.referralRequired).toBe(false);
      expect(d.bookingMethod).toEqual({
        phone: '(416) 555-0199',
        online: 'https://book.example.org/alice',
        referralOnly: false,
      });
      expect(d.rating).toEqual({ positive: 3, negative: 2, reviewCount: 6 });
      expect(d.reviews.map((x: { date: string }) => x.date)).toEqual([
        '2026-10-01',
        '2026-09-01',
        '2026-08-01',
        '2026-07-01',
        '2026-06-01',
      ]);
      expect(d.reviews[0]).toEqual({
        author: 'Maria G.',
        rating: 5,
        text: 'Review 1',
        date: '2026-10-01',
        sourceUrl: 'https://reviews.example.org/1',
      });
      expect(d.expiredAt).toBeNull();
    });

    it('answers an expired doctor with expiredAt set', async () => {
      const r = await get('/doctors/900006');
      expect(r.status).toBe(200);
      expect(r.body.doctor.expiredAt).toBe('2026-11-11T12:00:00.000Z');
      expect(r.body.doctor.rating).toEqual({ positive: 0, negative: 0, reviewCount: 0 });
      expect(r.body.doctor.reviews).toEqual([]);
    });

    it('shows null for online booking when there is none', async () => {
      const r = await get('/doctors/900003');
      expect(r.body.doctor.bookingMethod).toEqual({
        phone: '(416) 555-0199',
        online: null,
        referralOnly: true,
      });
      expect(r.body.doctor.referralRequired).toBe(true);
    });

    it.each([
      '/doctors/123',
      '/doctors/123/reviews',
      '/doctors/123/signals',
      "/doctors/1'%20OR%201=1",
      '/doctors/%E2%9C%93',
    ])('404 not_found for unknown %s', async (path) => {
      const r = await get(path);
      expect(r.status).toBe(404);
      expect(r.body.error).toBe('not_found');
    });
  });

  describe('GET /doctors/{cpso}/reviews and /signals', () => {
    it('pages reviews newest first', async () => {
      const r = await get('/doctors/900001/reviews?limit=2&offset=4');
      expect(r.status).toBe(200);
      expect(r.body).toEqual({
        doctorCpso: '900001',
        reviews: [
          {
            author: 'Tom B.',
            rating: 1,
            text: 'Review 5',
            date: '2026-06-01',
            sourceUrl: 'https://reviews.example.org/5',
          },
          {
            author: 'Raj S.',
            rating: 3,
            text: 'Review 6',
            date: '2025-06-01',
            sourceUrl: 'https://reviews.example.org/6',
          },
        ],
        total: 6,
        count: 2,
        nextCursor: expect.any(String),
        dataVersion: '1',
      });
      const none = await get('/doctors/900002/reviews');
      expect(none.body).toEqual({
        doctorCpso: '900002',
        reviews: [],
        total: 0,
        count: 0,
        nextCursor: null,
        dataVersion: '1',
      });
    });

    it('breaks same-day ties in a fixed order so pages never overlap', async () => {
      const a = await get('/doctors/900003/reviews?limit=1');
      const b = await get('/doctors/900003/reviews?limit=1&offset=1');
      expect(a.body.reviews[0].author).not.toBe(b.body.reviews[0].author);
    });

    it('gives per-dimension signals above the minimum sample only', async () => {
      const r = await get('/doctors/900001/signals');
      expect(r.status).toBe(200);
      expect(r.body).toEqual({
        cpsoNumber: '900001',
        minSample: 5,
        reviewCount: 6,
        signals: [
          { dimension: 'punctuality', count: 6, avgRating: 3.17, sufficient: true },
          { dimension: 'helpfulness', count: 6, avgRating: 3, sufficient: true },
          { dimension: 'knowledge', count: 6, avgRating: 3.67, sufficient: true },
          { dimension: 'staff', count: 4, avgRating: null, sufficient: false },
        ],
      });
    });
  });

  it('keeps /doctors/summary apart from CPSO numbers', async () => {
    const r = await get('/doctors/summary');
    expect(r.body.doctor).toBeUndefined();
    expect(r.body.totalDoctors).toBe(6);
  });
});

describe('conditional GET (e2e, fixture)', () => {
  const fx = useFixtureApp('etag');

  it('sends a strong ETag with private caching and answers 304 to a matching If-None-Match', async () => {
    const first = await call(fx.t.app, 'GET', '/doctors?limit=3', fx.auth);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers['cache-control']).toBe('private, max-age=60, must-revalidate');
    expect(first.headers.vary).toContain('Authorization');

    const again = await call(fx.t.app, 'GET', '/doctors?limit=3', {
      ...fx.auth,
      'If-None-Match': etag,
    });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');

    const other = await call(fx.t.app, 'GET', '/doctors?limit=4', {
      ...fx.auth,
      'If-None-Match': etag,
    });
    expect(other.status).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
  });

  it('sends no ETag on errors', async () => {
    const r = await call(fx.t.app, 'GET', '/doctors/unknown', fx.auth);
    expect(r.status).toBe(404);
    expect(r.headers.etag).toBeUndefined();
  });
});
