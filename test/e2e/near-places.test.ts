import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { GTA_PLACES } from '../../src/domain/geo/gta-places';
import { TTC_SUBWAY_STATIONS } from '../../src/domain/geo/ttc-subway-stations';
import { DirectoryTools } from '../../src/interface/mcp/directory-tools';
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
const place = (name: string) => GTA_PLACES.find((p) => p.name === name)!;
const station = (name: string) => TTC_SUBWAY_STATIONS.find((s) => s.name === name)!;

/** Issue 51, item 4: `near` takes the names of GTA places (gta-places.ts). */
describe('near: GTA places by name (e2e, fixture directory)', () => {
  const f = useFixtureApp('near-places');

  /** The clinics of /clinics sorted by their distance from (lat, lng), computed here. */
  async function clinicsByDistance(lat: number, lng: number): Promise<string[]> {
    const all = await f.get('/clinics?limit=100');
    expect(all.status).toBe(200);
    return all.body.clinics
      .map((c: Json) => ({ id: c.id, d: km(lat, lng, c.lat, c.lng), name: c.name }))
      .sort((a: Json, b: Json) => a.d - b.d || a.name.localeCompare(b.name))
      .map((c: Json) => c.id);
  }

  const cases: [string, { lat: number; lng: number }, object][] = [
    [
      'Scarborough Town Centre',
      place('Scarborough Town Centre'),
      { kind: 'place', name: 'Scarborough Town Centre', category: 'mall' },
    ],
    [
      'sunnybrook',
      place('Sunnybrook Health Sciences Centre'),
      { kind: 'place', name: 'Sunnybrook Health Sciences Centre', category: 'hospital' },
    ],
    [
      'SickKids',
      place('The Hospital for Sick Children'),
      { kind: 'place', name: 'The Hospital for Sick Children', category: 'hospital' },
    ],
    ['Markham', place('Markham'), { kind: 'place', name: 'Markham', category: 'municipality' }],
    [
      'square one',
      place('Square One Shopping Centre'),
      { kind: 'place', name: 'Square One Shopping Centre', category: 'mall' },
    ],
    [
      'STC',
      place('Scarborough Town Centre'),
      { kind: 'place', name: 'Scarborough Town Centre', category: 'mall' },
    ],
    // A misspelling resolves as its correct spelling does: Yorkdale is a TTC station (it keeps
    // precedence over the mall, 400 m away), named in the answer since it was not sent exactly.
    ['Yorkdle', station('Yorkdale'), { kind: 'station', name: 'Yorkdale' }],
  ];

  it.each(cases)(
    'near=%s answers 200 with the place in near and clinics nearest first',
    async (q, at, kind) => {
      const r = await f.get(`/clinics?near=${encodeURIComponent(q)}&limit=100`);
      expect(r.status).toBe(200);
      expect(r.body.near).toEqual({ query: q, lat: at.lat, lng: at.lng, ...kind });
      expect(r.body.clinics.map((c: Json) => c.id)).toEqual(
        await clinicsByDistance(at.lat, at.lng),
      );
      for (const c of r.body.clinics) expect(c.distanceKm).toBe(km(at.lat, at.lng, c.lat, c.lng));
    },
  );

  it.each(cases)(
    'near=%s orders /doctors, /doctors/search and /specialists by distance from it',
    async (q, at, kind) => {
      const near = encodeURIComponent(q);
      const all = await f.get('/clinics?limit=100');
      const points = new Map<string, Json>(all.body.clinics.map((c: Json) => [c.id, c]));
      for (const path of [
        `/doctors?near=${near}&limit=100`,
        `/doctors/search?q=al&near=${near}`,
        `/specialists?specialty=Cardiology&near=${near}`,
      ]) {
        const r = await f.get(path);
        expect([path, r.status]).toEqual([path, 200]);
        expect(r.body.near).toEqual({ query: q, lat: at.lat, lng: at.lng, ...kind });
        const items: Json[] = r.body.doctors ?? r.body.clinics;
        expect(items.length).toBeGreaterThan(0);
        const distances = items.map((x) => x.distanceKm);
        if (!path.startsWith('/doctors/search')) {
          // Search keeps its ranks and orders each by distance; the plain lists are by distance.
          expect(distances).toEqual([...distances].sort((a, b) => a - b));
        }
        for (const x of items) {
          // A doctor says its clinic's point; a specialist pair is its clinic's id.
          const c = x.clinic ?? points.get(x.id);
          expect([path, x.distanceKm]).toEqual([path, km(at.lat, at.lng, c.lat, c.lng)]);
        }
      }
    },
  );

  it('radiusKm counts from the place', async () => {
    const sickKids = place('The Hospital for Sick Children');
    const r = await f.get('/clinics?near=SickKids&radiusKm=2');
    const expected = (await clinicsByDistance(sickKids.lat, sickKids.lng)).length;
    expect(r.status).toBe(200);
    expect(r.body.clinics.length).toBeGreaterThan(0);
    expect(r.body.clinics.length).toBeLessThan(expected);
    expect(r.body.clinics.every((c: Json) => c.distanceKm <= 2)).toBe(true);
  });

  it('postal codes and exact station names answer as before places', async () => {
    expect((await f.get('/clinics?near=Kennedy')).body.near).toEqual({
      query: 'Kennedy',
      lat: station('Kennedy').lat,
      lng: station('Kennedy').lng,
      kind: 'station',
    });
    expect((await f.get('/clinics?near=Union%20Station')).body.near).toMatchObject({
      kind: 'station',
      query: 'Union Station',
    });
    expect((await f.get('/clinics?near=m5s')).body.near.kind).toBe('fsa');
  });

  it('a name meaning several places, or a misspelling as close to two, is 400 listing the candidates', async () => {
    const cases: [string, string[]][] = [
      [
        'Scarborough Hospital',
        ['Scarborough General Hospital', 'Birchmount Hospital', 'Centenary Hospital'],
      ],
      ['Trillium Health Partners', ['Mississauga Hospital', 'Credit Valley Hospital']],
      ['Wilton', ['Milton', 'Wilson (TTC station)']],
      ['Molton', ['Bolton', 'Malton', 'Milton']],
    ];
    for (const [q, candidates] of cases) {
      const r = await f.get(`/doctors?near=${encodeURIComponent(q)}`);
      expect([q, r.status, r.body.error]).toEqual([q, 400, 'invalid_param']);
      expect(r.body.message).toContain(`near "${q}" could mean several places`);
      for (const c of candidates)
        expect([q, r.body.message]).toEqual([q, expect.stringContaining(c)]);
    }
  });

  it('an unknown name is 400 naming it and suggesting the closest known places', async () => {
    const r = await f.get('/clinics?near=Scarborough%20Town');
    expect([r.status, r.body.error]).toEqual([400, 'invalid_param']);
    expect(r.body.message).toMatch(/near "Scarborough Town" is neither a Canadian postal code/);
    expect(r.body.message).toMatch(/the closest known: .*Scarborough Town Centre/);
    const far = await f.get('/clinics?near=Atlantis');
    expect(far.status).toBe(400);
    expect(far.body.message).toMatch(/"Atlantis" is neither .* nor a GTA place this service knows/);
  });

  it('the OpenAPI document lists the place kind, name and category of near', async () => {
    const doc = (await f.t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const nearDto = doc.components.schemas.NearDto;
    expect(nearDto.properties.kind.enum).toEqual(['postalCode', 'fsa', 'station', 'place']);
    expect(nearDto.properties.name.type).toBe('string');
    expect(nearDto.properties.category.enum).toContain('hospital');
    const param = doc.paths['/api/v1/doctors'].get.parameters.find((p: Json) => p.name === 'near');
    expect(param.description).toMatch(/GTA place/);
  });

  it('MCP: the location argument of the tools takes the same names, with the same errors', async () => {
    const server = await f.t.app
      .get(DirectoryTools)
      .createServer({ tier: 'admin', caps: { sandboxMaxLimit: 10, sandboxMaxWindow: 50 } });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(a);
    const client = new Client({ name: 'near-places', version: '1.0.0' });
    await client.connect(b);
    try {
      const call = async (name: string, args: Json) =>
        (await client.callTool({ name, arguments: args })) as Json;
      const stc = place('Scarborough Town Centre');
      const d = await call('find_doctors', { near: 'STC' });
      expect(d.isError).toBeFalsy();
      expect(d.structuredContent.near).toEqual({
        query: 'STC',
        lat: stc.lat,
        lng: stc.lng,
        kind: 'place',
        name: 'Scarborough Town Centre',
        category: 'mall',
      });
      const ds = d.structuredContent.doctors.map((x: Json) => x.distanceKm);
      expect(ds).toEqual([...ds].sort((x: number, y: number) => x - y));
      const c = await call('find_clinics', { near: 'Sunybrook', radiusKm: 100 });
      expect(c.isError).toBeFalsy();
      expect(c.structuredContent.near).toMatchObject({
        kind: 'place',
        name: 'Sunnybrook Health Sciences Centre',
      });
      const s = await call('find_specialists', { specialties: ['Cardiology'], near: 'Markham' });
      expect(s.isError).toBeFalsy();
      expect(s.structuredContent.near).toMatchObject({ kind: 'place', name: 'Markham' });
      const amb = await call('find_doctors', { near: 'Scarborough Hospital' });
      expect(amb.isError).toBe(true);
      expect(amb.content[0].text).toMatch(/could mean several places: .*Birchmount Hospital/);
      const unknown = await call('find_clinics', { near: 'Scarborough Town' });
      expect(unknown.isError).toBe(true);
      expect(unknown.content[0].text).toMatch(/closest known: .*Scarborough Town Centre/);
    } finally {
      await client.close();
    }
  });
});
