import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { DirectoryTools } from '../../src/interface/mcp/directory-tools';
import { C1, C3, C4, CLINICS } from '../fixtures/directory.fixture';
import { useFixtureApp } from '../support/fixture-app';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** An independent great-circle distance (earthdistance's sphere), one decimal. */
function km(aLat: number, aLng: number, bLat: number, bLng: number): number {
  const r = Math.PI / 180;
  const h =
    Math.sin(((bLat - aLat) * r) / 2) ** 2 +
    Math.cos(aLat * r) * Math.cos(bLat * r) * Math.sin(((bLng - aLng) * r) / 2) ** 2;
  return Math.round(2 * 6378.168 * Math.asin(Math.sqrt(h)) * 10) / 10;
}
const clinic = (id: string) => CLINICS.find((c) => c.id === id)!;
const SHEPPARD_YONGE = { lat: 43.7616, lng: -79.411 };
const BLOOR = clinic(C1);

/** Issue 12: doctors by distance, radius, distanceKm, places (postal areas, subway stations). */
describe('near me (e2e, fixture directory)', () => {
  const f = useFixtureApp('near');
  const names = (r: Json) => r.body.doctors.map((d: Json) => d.name);

  it('without a location, nothing changes: no distanceKm, no near, name order', async () => {
    for (const path of [
      '/doctors',
      '/doctors/search?q=al',
      '/clinics',
      '/specialists?specialty=Cardiology',
    ]) {
      const r = await f.get(path);
      expect(r.status).toBe(200);
      expect(r.body.near).toBeUndefined();
      expect(r.text).not.toContain('distanceKm');
    }
    expect(names(await f.get('/doctors'))[0]).toBe('Alan Alder');
  });

  it('orders doctors by the distance of their primary clinic, then name, with distanceKm', async () => {
    const r = await f.get(`/doctors?lat=${SHEPPARD_YONGE.lat}&lng=${SHEPPARD_YONGE.lng}`);
    expect(r.status).toBe(200);
    expect(names(r)).toEqual([
      'Alan Alder',
      'Carol Tremblay',
      'Alice Zhang',
      'Dev Patel',
      'bob Singh',
      'Natalia Alvarez',
    ]);
    for (const d of r.body.doctors) {
      expect(d.distanceKm).toBe(
        km(SHEPPARD_YONGE.lat, SHEPPARD_YONGE.lng, d.clinic.lat, d.clinic.lng),
      );
    }
    const all = await f.get('/doctors');
    expect(r.body.total).toBe(all.body.total); // no radius: the same total
    expect(r.body.near).toBeUndefined(); // coordinates, not a place
    const twoLists = await f.get(
      `/doctors?lat=${SHEPPARD_YONGE.lat}&lng=${SHEPPARD_YONGE.lng}&specialties=Family%20Medicine&languages=English,French`,
    );
    const twoListsByName = await f.get(
      '/doctors?specialties=Family%20Medicine&languages=English,French',
    );
    expect(twoLists.status).toBe(200);
    expect(twoLists.body.total).toBe(twoListsByName.body.total);
    expect([...names(twoLists)].sort()).toEqual([...names(twoListsByName)].sort());
    const page2 = await f.get(
      `/doctors?lat=${SHEPPARD_YONGE.lat}&lng=${SHEPPARD_YONGE.lng}&limit=2&offset=2`,
    );
    expect(names(page2)).toEqual(['Alice Zhang', 'Dev Patel']);
  });

  it('radiusKm keeps only rows within it, and total counts only those', async () => {
    const at = `lat=${SHEPPARD_YONGE.lat}&lng=${SHEPPARD_YONGE.lng}`;
    const r = await f.get(`/doctors?${at}&radiusKm=11`);
    expect(names(r)).toEqual(['Alan Alder', 'Carol Tremblay', 'Alice Zhang']);
    expect(r.body.total).toBe(3);
    expect(r.body.doctors.every((d: Json) => d.distanceKm <= 11)).toBe(true);
    const filtered = await f.get(`/doctors?${at}&radiusKm=11&specialty=Cardiology`);
    expect(filtered.body.total).toBe(2);
    const none = await f.get(`/doctors?${at}&radiusKm=0.5&languages=Tamil`);
    expect(none.body).toMatchObject({ doctors: [], total: 0, count: 0 });

    const bloor = `lat=${BLOOR.lat}&lng=${BLOOR.lng}`;
    const c2 = await f.get(`/clinics?${bloor}&radiusKm=2`);
    expect(c2.body.clinics.map((c: Json) => c.id)).toEqual([C1, C4]);
    expect(c2.body.total).toBe(2);
    expect(c2.body.clinics[0].distanceKm).toBe(0);
    expect(c2.body.clinics[1].distanceKm).toBe(
      km(BLOOR.lat, BLOOR.lng, clinic(C4).lat, clinic(C4).lng),
    );
    const c1 = await f.get(`/clinics?${bloor}&radiusKm=1`);
    expect(c1.body).toMatchObject({ total: 1, count: 1 });

    const sp = await f.get(`/specialists?specialty=Cardiology&${at}&radiusKm=1`);
    expect(sp.body.total).toBe(1);
    expect(sp.body.clinics[0]).toMatchObject({ id: C3, distanceKm: 0 });
    const far = await f.get(
      `/specialists?specialty=Cardiology&lat=${BLOOR.lat}&lng=${BLOOR.lng}&radiusKm=1`,
    );
    expect(far.body).toMatchObject({ clinics: [], total: 0 });
  });

  it('search keeps its ranks and orders each rank by distance instead of name', async () => {
    const byName = await f.get('/doctors/search?q=al');
    expect(names(byName).slice(0, 2)).toEqual(['Alan Alder', 'Alice Zhang']);
    const nearBloor = await f.get(`/doctors/search?q=al&lat=${BLOOR.lat}&lng=${BLOOR.lng}`);

    expect(names(nearBloor)).toEqual(['Alice Zhang', 'Alan Alder', 'Natalia Alvarez']);
    expect(nearBloor.body.total).toBe(byName.body.total);
    const within = await f.get(`/doctors/search?q=al&lat=${BLOOR.lat}&lng=${BLOOR.lng}&radiusKm=5`);
    expect(names(within)).toEqual(['Alice Zhang']);
    expect(within.body.total).toBe(1);
  });

  it('near: a subway station, case-insensitive, with or without "station"', async () => {
    for (const q of [
      'Sheppard-Yonge',
      'sheppard yonge station',
      'SHEPPARD–YONGE',
      ' Sheppard-Yonge Station ',
    ]) {
      const r = await f.get(`/doctors?near=${encodeURIComponent(q)}&limit=2`);
      expect(r.status).toBe(200);
      expect(r.body.near).toEqual({ query: q.trim(), ...SHEPPARD_YONGE, kind: 'station' });
      expect(names(r)).toEqual(['Alan Alder', 'Carol Tremblay']);
    }
    const finch = await f.get('/clinics?near=Finch');
    expect(finch.body.near).toMatchObject({ kind: 'station', query: 'Finch' });
    expect(finch.body.clinics[0].id).toBe(C3);
  });

  it('near: a postal code or its area, resolved to the centroid of the directory’s clinics there', async () => {
    const fsa = await f.get('/clinics?near=m5s');
    expect(fsa.body.near).toEqual({ query: 'm5s', lat: BLOOR.lat, lng: BLOOR.lng, kind: 'fsa' });
    expect(fsa.body.clinics[0]).toMatchObject({ id: C1, distanceKm: 0 });
    const full = await f.get(`/doctors?near=${encodeURIComponent('M5S 1M8')}&radiusKm=1`);
    expect(full.body.near.kind).toBe('postalCode');
    expect(names(full)).toEqual(['Alice Zhang']);
    const unknown = await f.get('/doctors?near=K1A');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('invalid_param');
    expect(unknown.body.message).toMatch(/no clinic in postal area K1A/);
  });

  it('a postal area resolves to its clinics’ mean point rounded to six decimals, whatever their order', async () => {
    // Three points whose float8 sums differ with the order they are added in (…666 / …667).
    const points = [
      [43.616707, -79.475359],
      [43.64801, -79.414647],
      [43.645505, -79.415194],
    ];
    const insert = (fsa: string, [lat, lng]: number[], i: number) =>
      f.t.dataSource.query(
        `INSERT INTO clinics (id, name, street_address, city, postal_code, lat, lng, phone, type, hours,
           weekday_hours, evening, weekend, wheelchair, virtual_visits, near_ttc, accepting_new_patients,
           accepting_status, source)
         VALUES (gen_random_uuid(), $1, '1 Test St', 'Toronto', $2, $3, $4, '(416) 555-0100',
           'walk-in', '{}', '9:00-17:00', false, false, false, false, false, false, 'not-accepting',
           'near-order-test')`,
        [`Order test ${fsa} ${i}`, `${fsa} 1A1`, lat, lng],
      );
    try {
      for (const [i, p] of points.entries()) await insert('M4W', p, i);
      for (const [i, p] of [...points].reverse().entries()) await insert('M4X', p, i);
      const a = await f.get('/clinics?near=M4W');
      const b = await f.get('/clinics?near=M4X');
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(a.body.near).toEqual({ query: 'M4W', lat: 43.636741, lng: -79.435067, kind: 'fsa' });
      expect(b.body.near).toEqual({ query: 'M4X', lat: 43.636741, lng: -79.435067, kind: 'fsa' });
    } finally {
      await f.t.dataSource.query(`DELETE FROM clinics WHERE source = 'near-order-test'`);
    }
  });

  it('refuses what does not make sense with 400 invalid_param', async () => {
    const cases: [string, RegExp][] = [
      ['/doctors?radiusKm=5', /radiusKm needs a location/],
      ['/clinics?near=Finch&lat=43.7&lng=-79.4', /either lat and lng or near/],
      ['/doctors?near=Finch&lat=43.7', /either lat and lng or near/],
      ['/doctors?lat=43.7&lng=-79.4&radiusKm=0', /radiusKm must be greater than 0/],
      ['/doctors?lat=43.7&lng=-79.4&radiusKm=100.5', /at most 100/],
      ['/doctors?lat=43.7&lng=-79.4&radiusKm=-3', /radiusKm must be greater than 0/],
      ['/doctors?lat=43.7&lng=-79.4&radiusKm=ten', /radiusKm must be a number/],
      ['/doctors?lat=43.7&radiusKm=5', /lng must be sent together with lat/],
      ['/doctors?near=Atlantis', /neither a Canadian postal code/],
      ['/doctors?near=', /near must be/],
      [`/doctors?near=${'x'.repeat(101)}`, /at most 100 characters/],
      ['/specialists?specialty=Cardiology&radiusKm=3', /radiusKm needs a location/],
    ];
    for (const [path, message] of cases) {
      const r = await f.get(path);
      expect([path, r.status, r.body.error]).toEqual([path, 400, 'invalid_param']);
      expect(r.body.message).toMatch(message);
    }
  });

  it('the OpenAPI document describes near, radiusKm, distanceKm and the near envelope', async () => {
    const doc = (await f.t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    for (const path of [
      '/api/v1/doctors',
      '/api/v1/doctors/search',
      '/api/v1/clinics',
      '/api/v1/specialists',
    ]) {
      const params = doc.paths[path].get.parameters.map((p: Json) => p.name);
      expect([
        path,
        ...['lat', 'lng', 'near', 'radiusKm'].filter((n) => params.includes(n)),
      ]).toEqual([path, 'lat', 'lng', 'near', 'radiusKm']);
    }
    expect(doc.components.schemas.DoctorDto.properties.distanceKm.type).toBe('number');
    expect(doc.components.schemas.DoctorListDto.properties.near).toBeDefined();
    expect(doc.components.schemas.NearDto.properties.kind.enum).toEqual([
      'postalCode',
      'fsa',
      'station',
      'place', // issue 51, item 4: near-places.test.ts
    ]);
  });

  it('MCP: find_doctors, find_clinics and find_specialists take near and radiusKm', async () => {
    const server = await f.t.app
      .get(DirectoryTools)
      .createServer({ tier: 'admin', caps: { sandboxMaxLimit: 10, sandboxMaxWindow: 50 } });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(a);
    const client = new Client({ name: 'near', version: '1.0.0' });
    await client.connect(b);
    try {
      const call = async (name: string, args: Json) =>
        (await client.callTool({ name, arguments: args })) as Json;
      const d = await call('find_doctors', { near: 'Sheppard-Yonge station', radiusKm: 11 });
      expect(d.isError).toBeFalsy();
      expect(d.structuredContent.total).toBe(3);
      expect(d.structuredContent.near).toMatchObject({ kind: 'station' });
      expect(d.structuredContent.doctors[0].distanceKm).toBe(0);
      expect(d.content[0].text).toMatch(/0 km away/);
      const c = await call('find_clinics', { near: 'M5S', radiusKm: 2 });
      expect(c.structuredContent.clinics.map((x: Json) => x.id)).toEqual([C1, C4]);
      const s = await call('find_specialists', { specialties: ['Cardiology'], near: 'Finch' });
      expect(s.structuredContent.clinics[0].distanceKm).toBeGreaterThan(0);
      const bad = await call('find_doctors', { radiusKm: 3 });
      expect(bad.isError).toBe(true);
      expect(bad.content[0].text).toMatch(/radiusKm needs a location/);
    } finally {
      await client.close();
    }
  });
});
