import fc from 'fast-check';
import { Bits, emptyBits, fullBits, setBit } from '../directory/memory/bitset';
import { ClinicColumns, Offerings } from '../directory/memory/clinic-columns';
import { ClinicHours } from '../directory/memory/clinic-hours';
import { llToEarth } from '../directory/memory/earth';
import { byWait, nearestPairs, Pair } from './specialist-memory-list';

/**
 * The specialists' pages chosen in memory, against the definition: every passing offering
 * sorted by (wait, name, clinic id, specialty), or by (distance, clinic id, specialty), read page
 * after page by the cursor the service would give (the last row's key), by offset too. Clinics
 * are drawn with shared names, shared waits and shared points (ties everywhere), several
 * specialties each.
 */

interface Drawn {
  clinics: {
    name: string;
    id: string;
    at: number;
    offers: { s: number; wait: number; passes: boolean }[];
  }[];
}

const hex = (n: number) => n.toString(16).padStart(8, '0');
const uuid = (w: number[]) => {
  const s = w.map(hex).join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
};

const SPOTS = [
  { lat: 43.65, lng: -79.38 },
  { lat: 43.7, lng: -79.4 },
  { lat: 43.66, lng: -79.39 },
];

const drawn: fc.Arbitrary<Drawn> = fc
  .array(
    fc.record({
      name: fc.constantFrom('alpha clinic', 'beta clinic', 'gamma'),
      words: fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.nat()),
      at: fc.nat({ max: SPOTS.length - 1 }),
      offers: fc.uniqueArray(
        fc.record({
          s: fc.integer({ min: 1, max: 4 }),
          wait: fc.integer({ min: 1, max: 3 }),
          passes: fc.boolean(),
        }),
        { selector: (o) => o.s, minLength: 1, maxLength: 4 },
      ),
    }),
    { minLength: 1, maxLength: 40 },
  )
  .map((cs) => ({
    clinics: cs
      .map((c) => ({
        name: c.name,
        id: uuid(c.words.map((w) => w >>> 0)),
        at: c.at,
        offers: c.offers,
      }))
      .filter((c, i, all) => all.findIndex((x) => x.id === c.id) === i)
      .sort((a, b) =>
        a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
      ),
  }));

function columnsOf(d: Drawn): { c: ClinicColumns; passing: Map<number, Bits> } {
  const n = d.clinics.length;
  const ids = new Uint32Array(4 * n);
  const nameStart = new Int32Array(n + 1);
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const z = new Float64Array(n);
  d.clinics.forEach((c, i) => {
    ids.set(
      c.id
        .replace(/-/g, '')
        .match(/.{8}/g)!
        .map((h) => parseInt(h, 16)),
      4 * i,
    );
    nameStart[i + 1] = nameStart[i] + c.name.length;
    const e = llToEarth(SPOTS[c.at].lat, SPOTS[c.at].lng);
    x[i] = e.x;
    y[i] = e.y;
    z[i] = e.z;
  });
  const offerings = new Map<number, Offerings>();
  const passing = new Map<number, Bits>();
  for (let s = 1; s <= 4; s++) {
    const pairs = d.clinics
      .map((c, i) => ({ i, o: c.offers.find((o) => o.s === s) }))
      .filter((p) => p.o)
      .sort((a, b) => a.o!.wait - b.o!.wait || a.i - b.i);
    if (pairs.length === 0) continue;
    const set = emptyBits(n);
    const pass = emptyBits(n);
    for (const p of pairs) {
      setBit(set, p.i);
      if (p.o!.passes) setBit(pass, p.i);
    }
    offerings.set(s, {
      clinics: Int32Array.from(pairs.map((p) => p.i)),
      waits: Int32Array.from(pairs.map((p) => p.o!.wait)),
      set,
    });
    passing.set(s, pass);
  }
  const c = new ClinicColumns({
    n,
    ids,
    names: d.clinics.map((c) => c.name).join(''),
    nameStart,
    x,
    y,
    z,
    geo: fullBits(n),
    specialties: new Map(),
    languages: new Map(),
    statuses: new Map(),
    flags: new Map(),
    hours: new ClinicHours(n, [], []),
    offerings,
  });
  return { c, passing };
}

describe('specialists chosen in memory: order of wait and nearest first, by offset and cursor (property)', () => {
  it.each([
    ['by wait', false],
    ['nearest first', true],
  ])('%s: every page is the definition', (_how, near) => {
    fc.assert(
      fc.property(drawn, fc.integer({ min: 1, max: 4 }), fc.nat({ max: 6 }), (d, limit, offset) => {
        const { c, passing } = columnsOf(d);
        const point = { lat: 43.651, lng: -79.381 };
        const p = llToEarth(point.lat, point.lng);
        const all = d.clinics
          .flatMap((cl, i) =>
            cl.offers
              .filter((o) => o.passes)
              .map((o) => ({
                i,
                s: o.s,
                wait: o.wait,
                id: cl.id,
                k: c.near.line(i, p.x, p.y, p.z),
              })),
          )
          .sort((a, b) =>
            near
              ? a.k - b.k || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) || a.s - b.s
              : a.wait - b.wait || a.i - b.i || a.s - b.s,
          );
        const key = (r: Pair) => [r.c, r.s].join('/');
        const want = all.map((r) => `${r.i}/${r.s}`);
        const read = (page: { offset: number; limit: number; after?: (string | number)[] }) =>
          (near ? nearestPairs(c, passing, point, page) : byWait(c, passing, page)).map(key);
        // By offset.
        expect(read({ offset, limit })).toEqual(want.slice(offset, offset + limit));
        // By cursor, page after page.
        const got: string[] = [];
        let after: (string | number)[] | undefined;
        for (let guard = 0; guard <= all.length; guard++) {
          const rows = read({ offset: 0, limit, after });
          got.push(...rows);
          if (rows.length < limit) break;
          const [i, s] = rows[rows.length - 1].split('/').map(Number);
          const last = all.find((r) => r.i === i && r.s === s)!;
          after = near
            ? [last.k, last.id, last.s]
            : [last.wait, d.clinics[i].name, last.id, last.s];
        }
        expect(got).toEqual(want);
      }),
      { seed: 3601, numRuns: 400 },
    );
  });
});
