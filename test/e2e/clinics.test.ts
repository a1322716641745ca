import { refreshReadModels } from '../../src/infrastructure/persistence/directory/read-models';
import { C1, C2, C3, C4, C5 } from '../fixtures/directory.fixture';
import { useFixtureApp } from '../support/fixture-app';
import { call } from '../support/http';
import { TestDatabase } from '../support/test-database';

const UNION_STATION = 'lat=43.6453&lng=-79.3806';

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

describe('clinics, specialists and metadata (e2e, fixture)', () => {
  const fx = useFixtureApp('clinics');
  const get = fx.get;
  const ids = async (path: string, key = 'clinics') => {
    const r = await get(path);
    expect(r.status).toBe(200);
    expect(r.body.count).toBe(r.body[key].length);
    return (r.body[key] as { id: string }[]).map((c) => c.id);
  };

  describe('GET /clinics', () => {
    it('lists by lower-cased name with languages and specialties of the practising doctors', async () => {
      const r = await get('/clinics');
      expect(r.status).toBe(200);
      expect(r.body.total).toBe(5);
      expect(r.body.clinics.map((c: { id: string }) => c.id)).toEqual([C2, C1, C3, C4, C5]);
      expect(r.body.clinics[1]).toEqual({
        id: C1,
        name: 'Bloor Street Family Clinic',
        address: '100 Bloor St W, Toronto, ON M5S 1M8',
        accepting: true,
        // Issue 33 (additive): closed at FIXTURE_NOW (Saturday 07:00 in Toronto).
        openNow: false,
        acceptingStatus: 'accepting',
        acceptingCheckedAt: '2026-11-16T12:00:00.000Z',
        hours: fixtureHours(false),
        languages: ['English', 'French', 'Mandarin'],
        specialties: ['Family Medicine'],
        lat: 43.6677,
        lng: -79.3948,
      });
      expect(r.body.clinics[2].specialties).toEqual([
        'Cardiology',
        'Dermatology',
        'Family Medicine',
      ]);
      expect(r.body.clinics[4]).toMatchObject({ id: C5, languages: [], specialties: [] });
    });

    it.each([
      ['accepting=true', [C1, C3, C5]],
      ['accepting=false', [C2, C4]],
      ['hasWebsite=false', [C2, C5]],
      ['hasWebsite=true&nearTTC=true', [C1, C3, C4]],
      ['evening=true&weekend=true', [C3]],
      ['wheelchair=true&virtualVisits=false', [C1, C4]],
      ['gender=non-binary', [C3, C4]],
      ['languages=punjabi', [C2]],
      ['specialties=CARDIOLOGY', [C3]],
      ['specialty=dermatology', [C3, C4]],
      ['minYears=40', [C3]],
      ['maxYears=6', [C2]],
      // one doctor must satisfy all doctor filters together
      ['gender=male&languages=English', [C2]],
      ['specialties=dermatology&languages=french', []],
      ['languages=Tamil', []],
    ])('filters %s', async (query, expected) => {
      expect(await ids(`/clinics?${query}`)).toEqual(expected);
      expect((await get(`/clinics?${query}&limit=0`)).body.total).toBe(expected.length);
    });

    it('orders by distance when lat and lng are sent, and pages without overlap', async () => {
      expect(await ids(`/clinics?${UNION_STATION}`)).toEqual([C4, C1, C3, C2, C5]);
      expect(await ids(`/clinics?${UNION_STATION}&limit=2&offset=2`)).toEqual([C3, C2]);
      expect(await ids(`/clinics?${UNION_STATION}&accepting=true`)).toEqual([C1, C3, C5]);
    });

    it('adds notes and links only when asked', async () => {
      const r = await get('/clinics?include=notes,%20links&limit=2');
      expect(r.body.clinics[0]).toMatchObject({ id: C2, notes: null, links: [] });
      expect(r.body.clinics[1]).toMatchObject({
        id: C1,
        notes: 'Parking at the rear.',
        links: [{ label: 'Booking', url: 'https://bloor.example.org/book' }],
      });
      const onlyNotes = await get('/clinics?include=notes&limit=1');
      expect(Object.keys(onlyNotes.body.clinics[0])).toContain('notes');
      expect(Object.keys(onlyNotes.body.clinics[0])).not.toContain('links');
      const none = await get('/clinics?limit=1');
      expect(Object.keys(none.body.clinics[0])).not.toContain('notes');
    });

    it.each([
      ['lat=43.6', 'lat'],
      ['lng=-79.3', 'lng'],
      ['lat=91&lng=0', 'lat'],
      ['lat=0&lng=-181', 'lng'],
      ['lat=abc&lng=1', 'lat'],
      ['lat=1e400&lng=1', 'lat'],
      ['include=notes,secrets', 'include'],
      ['hasWebsite=maybe', 'hasWebsite'],
      ['lat=1&lat=2&lng=3', 'lat'],
    ])('refuses %s with 400 invalid_param', async (query, param) => {
      const r = await get(`/clinics?${query}`);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('invalid_param');
      expect(r.body.message).toContain(param);
    });
  });

  describe('GET /clinics/{id}', () => {
    it('answers the detail with hours, accessibility and practising doctors by name', async () => {
      const r = await get(`/clinics/${C3}`);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({
        clinic: {
          id: C3,
          name: 'Cardio Care Specialists',
          address: '5000 Yonge St, Toronto, ON M2N 7E9',
          lat: 43.7615,
          lng: -79.4111,
          phone: '(416) 555-0100',
          acceptingNewPatients: true,
          website: 'https://cardio.example.org',
          type: 'specialist-clinic',
          hours: {
            weekday: '8:30-20:00',
            evening: true,
            weekend: true,
            // Issue 33 (additive): the week as stored (Mon–Sat 09:00–17:00), and the public
            // holidays of the next 60 days that close it (the default policy).
            week: {
              mon: [{ open: '09:00', close: '17:00' }],
              tue: [{ open: '09:00', close: '17:00' }],
              wed: [{ open: '09:00', close: '17:00' }],
              thu: [{ open: '09:00', close: '17:00' }],
              fri: [{ open: '09:00', close: '17:00' }],
              sat: [{ open: '09:00', close: '17:00' }],
              sun: [],
            },
            exceptions: [
              { date: '2026-12-25', closed: true, reason: 'Christmas Day' },
              { date: '2026-12-26', closed: true, reason: 'Boxing Day' },
              { date: '2027-01-01', closed: true, reason: "New Year's Day" },
            ],
          },
          // FIXTURE_NOW is Saturday 2026-11-21 07:00 in Toronto.
          openNow: false,
          nextOpen: '2026-11-21T09:00:00-05:00',
          nextClose: '2026-11-21T17:00:00-05:00',
          acceptingStatus: 'accepting',
          acceptingCheckedAt: null,
          accessibility: { wheelchair: true, virtualVisits: true, nearTTC: true },
          // Provenance of the availability (issue 13, additive): never checked, from the fixture.
          availability: { checkedAt: null, source: 'test-fixture' },
          doctors: [
            {
              name: 'Alan Alder',
              gender: 'male',
              yearsOfPractice: 41,
              languages: ['French'],
              specialties: ['Cardiology'],
            },
            {
              name: 'Carol Tremblay',
              gender: 'female',
              yearsOfPractice: 36,
              languages: ['English', 'French'],
              specialties: ['Cardiology'],
            },
            {
              name: 'Dev Patel',
              gender: 'non-binary',
              yearsOfPractice: 11,
              languages: ['English'],
              specialties: ['Dermatology', 'Family Medicine'],
            },
          ],
        },
      });
    });

    it('leaves expired doctors out and shows a null website', async () => {
      const c1 = await get(`/clinics/${C1}?include=notes`);
      expect(c1.body.clinic.doctors.map((d: { name: string }) => d.name)).toEqual([
        'Alice Zhang',
        'Natalia Alvarez',
      ]);
      expect(c1.body.clinic.notes).toBe('Parking at the rear.');
      const c2 = await get(`/clinics/${C2}`);
      expect(c2.body.clinic.website).toBeNull();
    });

    it.each([
      '/clinics/00000000-0000-4000-8000-000000000000',
      '/clinics/not-a-uuid',
      '/clinics/not-a-uuid/reviews',
      '/clinics/00000000-0000-4000-8000-000000000000/signals',
    ])('404 not_found for %s', async (path) => {
      const r = await get(path);
      expect(r.status).toBe(404);
      expect(r.body.error).toBe('not_found');
    });
  });

  describe('GET /clinics/{id}/reviews and /signals', () => {
    it('pages reviews newest first with the aggregate', async () => {
      const r = await get(`/clinics/${C1}/reviews?limit=2`);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({
        clinicId: C1,
        aggregate: {
          avgRating: 4,
          count: 3,
          byDimension: [
            { dimension: 'punctuality', avgRating: 3.33, count: 3 },
            { dimension: 'helpfulness', avgRating: 4, count: 3 },
            { dimension: 'staff', avgRating: 4.33, count: 3 },
          ],
        },
        reviews: [
          {
            author: 'Ada R.',
            rating: 5,
            text: 'Review 9',
            date: '2026-11-01',
            sourceUrl: 'https://reviews.example.org/9',
          },
          { author: 'Ben T.', rating: 4, text: 'Review 10', date: '2026-10-15', sourceUrl: null },
        ],
        total: 3,
        count: 2,
        nextCursor: expect.any(String),
        dataVersion: '1',
      });
    });

    it('answers a clinic without reviews with a null average and zero counts', async () => {
      const r = await get(`/clinics/${C2}/reviews`);
      expect(r.body).toEqual({
        clinicId: C2,
        aggregate: { avgRating: null, count: 0, byDimension: [] },
        reviews: [],
        total: 0,
        count: 0,
        nextCursor: null,
        dataVersion: '1',
      });
    });

    it('gives signals that stay null below the minimum sample', async () => {
      const r = await get(`/clinics/${C1}/signals`);
      expect(r.body).toEqual({
        clinicId: C1,
        minSample: 5,
        reviewCount: 3,
        signals: [
          { dimension: 'punctuality', count: 3, avgRating: null, sufficient: false },
          { dimension: 'helpfulness', count: 3, avgRating: null, sufficient: false },
          { dimension: 'knowledge', count: 0, avgRating: null, sufficient: false },
          { dimension: 'staff', count: 3, avgRating: null, sufficient: false },
        ],
      });
    });
  });

  describe('GET /specialists', () => {
    it('lists (clinic, specialty) pairs by wait, with the languages of that specialty', async () => {
      const r = await get('/specialists?specialty=dermatology');
      expect(r.status).toBe(200);
      expect(r.body).toEqual({
        clinics: [
          {
            id: C4,
            name: 'Dermatology Downtown',
            specialty: 'Dermatology',
            languages: ['English'],
            accepting: false,
            openNow: false,
            acceptingStatus: 'not-accepting',
            acceptingCheckedAt: '2026-11-20T12:00:00.000Z',
            hours: fixtureHours(false),
            wait_weeks: 3,
          },
          {
            id: C3,
            name: 'Cardio Care Specialists',
            specialty: 'Dermatology',
            languages: ['English'],
            accepting: true,
            openNow: false,
            acceptingStatus: 'accepting',
            acceptingCheckedAt: null,
            hours: fixtureHours(true),
            wait_weeks: 12,
          },
        ],
        total: 2,
        count: 2,
        nextCursor: null,
        dataVersion: '1',
      });
      const cardio = await get('/specialists?specialty=Cardiology');
      expect(cardio.body.clinics).toEqual([
        {
          id: C3,
          name: 'Cardio Care Specialists',
          specialty: 'Cardiology',
          languages: ['English', 'French'],
          accepting: true,
          openNow: false,
          acceptingStatus: 'accepting',
          acceptingCheckedAt: null,
          hours: fixtureHours(true),
          wait_weeks: 6,
        },
      ]);
    });

    it('lets specialties win over specialty, counting pairs', async () => {
      const r = await get('/specialists?specialty=Pediatrics&specialties=cardiology,dermatology');
      expect(r.body.total).toBe(3);
      expect(
        r.body.clinics.map((c: { id: string; wait_weeks: number }) => [c.id, c.wait_weeks]),
      ).toEqual([
        [C4, 3],
        [C3, 6],
        [C3, 12],
      ]);
      const page2 = await get(
        '/specialists?specialty=x&specialties=cardiology,dermatology&limit=1&offset=1',
      );
      expect(page2.body.clinics.map((c: { wait_weeks: number }) => c.wait_weeks)).toEqual([6]);
    });

    it.each([
      ['specialty=dermatology&accepting=true', [C3]],
      ['specialty=dermatology&languages=french', []],
      ['specialty=dermatology&languages=english&gender=non-binary', [C4, C3]],
      ['specialty=cardiology&gender=non-binary', []],
      ['specialty=dermatology&nearTTC=true&wheelchair=true', [C4, C3]],
      ['specialty=Pediatrics', []],
    ])('filters %s', async (query, expected) => {
      expect(await ids(`/specialists?${query}`)).toEqual(expected);
      expect((await get(`/specialists?${query}&limit=0`)).body.total).toBe(expected.length);
    });

    it('orders by distance when lat and lng are sent', async () => {
      expect(await ids(`/specialists?specialty=dermatology&lat=43.7615&lng=-79.4111`)).toEqual([
        C3,
        C4,
      ]);
      expect(await ids(`/specialists?specialty=dermatology&${UNION_STATION}`)).toEqual([C4, C3]);
    });

    it.each(['', '?specialty=', '?specialty=%20', '?specialties=cardiology'])(
      '400 missing_param without specialty: %s',
      async (qs) => {
        const r = await get(`/specialists${qs}`);
        expect(r.status).toBe(400);
        expect(r.body.error).toBe('missing_param');
      },
    );

    it('refuses lat without lng', async () => {
      const r = await get('/specialists?specialty=dermatology&lat=43');
      expect(r.body).toMatchObject({ error: 'invalid_param' });
    });
  });

  describe('GET /metadata', () => {
    it('lists specialties by doctor count, then name, zero included', async () => {
      const r = await get('/metadata/specialties');
      expect(r.body).toEqual({
        specialties: [
          { name: 'Family Medicine', doctorCount: 4, aliases: [] },
          { name: 'Cardiology', doctorCount: 2, aliases: [] },
          { name: 'Dermatology', doctorCount: 1, aliases: [] },
          { name: 'Pediatrics', doctorCount: 0, aliases: [] },
        ],
        count: 4,
      });
    });

    it('lists languages by doctor count, then name, leaving expired doctors out', async () => {
      const r = await get('/metadata/languages');
      expect(r.body).toEqual({
        languages: [
          { name: 'English', doctorCount: 5, aliases: [] },
          { name: 'French', doctorCount: 3, aliases: [] },
          { name: 'Mandarin', doctorCount: 1, aliases: [] },
          { name: 'Punjabi', doctorCount: 1, aliases: [] },
          { name: 'Tamil', doctorCount: 0, aliases: [] },
        ],
        count: 5,
      });
    });

    it('counts exactly what the filtered doctor lists count', async () => {
      const specialties = (await get('/metadata/specialties')).body.specialties as {
        name: string;
        doctorCount: number;
      }[];
      for (const s of specialties) {
        expect(
          (await get(`/doctors?specialties=${encodeURIComponent(s.name)}&limit=0`)).body.total,
        ).toBe(s.doctorCount);
      }
      const languages = (await get('/metadata/languages')).body.languages as {
        name: string;
        doctorCount: number;
      }[];
      for (const l of languages) {
        expect(
          (await get(`/doctors?languages=${encodeURIComponent(l.name)}&limit=0`)).body.total,
        ).toBe(l.doctorCount);
      }
    });
  });
});

describe('clinics at the same distance (e2e)', () => {
  const fx = useFixtureApp('clinic_ties', async (db: TestDatabase) => {
    await db.dataSource.query(
      `INSERT INTO clinics (id, name, street_address, city, postal_code, lat, lng, phone, website, type, hours,
           weekday_hours, evening, weekend, wheelchair, virtual_visits, near_ttc, accepting_new_patients,
           accepting_status, source)
         SELECT $1, 'Zed Twin Clinic', street_address, city, postal_code, lat, lng, phone, website, type, hours,
           weekday_hours, evening, weekend, wheelchair, virtual_visits, near_ttc, accepting_new_patients,
           accepting_status, source
           FROM clinics WHERE id = $2`,
      [TWIN, C4],
    );
    await refreshReadModels((sql) => db.dataSource.query(sql));
  });
  const TWIN = '00000000-0000-4000-8000-000000000044'; // same building as C4, smaller id

  it('orders ties by id and pages across them without overlap or gap', async () => {
    const at = 'lat=43.6532&lng=-79.3832';
    const page = async (q: string) =>
      (
        (await call(fx.t.app, 'GET', `/clinics?${at}&${q}`, fx.auth)).body.clinics as {
          id: string;
        }[]
      ).map((c) => c.id);
    expect(await page('limit=1')).toEqual([TWIN]);
    expect(await page('limit=1&offset=1')).toEqual([C4]);
    expect(await page('limit=2&offset=1')).toEqual([C4, C1]);
    expect(await page('limit=10')).toEqual([TWIN, C4, C1, C3, C2, C5]);
  });
});
