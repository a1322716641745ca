import fc from 'fast-check';
import { Bits, countBits, emptyBits, fullBits, hasBit, setBit } from './bitset';
import { DoctorNear, NearestWalk } from './doctor-near';
import { greatCircle, llToEarth } from './earth';

/**
 * The doctor columns' nearest-first pages and radii (DoctorNear), through the grid of cells and row by row, against
 * the definition (every row of the set sorted by distance, then position; a radius by
 * earthdistance's great circle). Rows are drawn in clusters (doctors of one clinic share its
 * point: ties broken by position) around the GTA and beyond it.
 */

interface Drawn {
  points: { lat: number; lng: number }[];
  member: boolean[];
}

/** `unplaced`: rows without a point (no clinic with coordinates): outside every radius. */
function columnsOf(
  d: Drawn,
  walk: NearestWalk,
  unplaced: readonly boolean[] = [],
): { near: DoctorNear } {
  const n = d.points.length;
  const geo = fullBits(n);
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const z = new Float64Array(n);
  d.points.forEach((p, i) => {
    if (unplaced[i]) {
      geo[i >>> 5] &= ~(1 << (i & 31));
      return;
    }
    const e = llToEarth(p.lat, p.lng);
    x[i] = e.x;
    y[i] = e.y;
    z[i] = e.z;
  });
  return { near: new DoctorNear({ n, x, y, z, geo }, walk) };
}

const clusters = fc.array(
  fc.record({
    lat: fc.double({ min: 43.2, max: 44.4, noNaN: true }),
    lng: fc.double({ min: -80.2, max: -78.6, noNaN: true }),
    doctors: fc.integer({ min: 1, max: 6 }),
  }),
  { minLength: 1, maxLength: 120 },
);

const drawn = clusters.chain((cs) => {
  const points = cs.flatMap((c) =>
    Array.from({ length: c.doctors }, () => ({ lat: c.lat, lng: c.lng })),
  );
  return fc
    .array(fc.boolean(), { minLength: points.length, maxLength: points.length })
    .map((member): Drawn => ({ points, member }));
});

/** Points near the rows (the grid's), and anywhere on earth (read row by row). */
const point = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      lat: fc.double({ min: 43.0, max: 44.6, noNaN: true }),
      lng: fc.double({ min: -80.4, max: -78.4, noNaN: true }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      lat: fc.double({ min: -89, max: 89, noNaN: true }),
      lng: fc.double({ min: -180, max: 180, noNaN: true }),
    }),
  },
);

function setOf(d: Drawn): Bits {
  const b = emptyBits(d.points.length);
  d.member.forEach((m, i) => m && setBit(b, i));
  return b;
}

/** The definition: every member by (straight-line distance, position). */
function byDistance(m: { near: DoctorNear }, d: Drawn, at: { lat: number; lng: number }) {
  const p = llToEarth(at.lat, at.lng);
  return d.points
    .map((_, i) => ({ i, k: m.near.line(i, p.x, p.y, p.z) }))
    .filter(({ i }) => d.member[i])
    .sort((a, b) => a.k - b.k || a.i - b.i);
}

describe('DoctorNear: nearest first and radii (property)', () => {
  it.each([
    ['through the grid', 'grid'],
    ['row by row', 'rows'],
    ['by the cost rule', 'auto'],
  ] as const)('nearest first %s: the page, after a cursor too, is the definition', (_how, min) => {
    fc.assert(
      fc.property(
        drawn,
        point,
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 1, max: 30 }),
        fc.nat(),
        (d, at, offset, limit, cursorPick) => {
          const m = columnsOf(d, min);
          const all = byDistance(m, d, at);
          const got = m.near.nearest(setOf(d), at.lat, at.lng, offset, limit);
          expect(got).toEqual(all.slice(offset, offset + limit).map((r) => r.i));
          if (all.length === 0) return;
          // After a cursor: the row at the cursor, then the rows after it in the same order.
          const c = all[cursorPick % all.length];
          const after = m.near.nearest(setOf(d), at.lat, at.lng, 0, limit, {
            k: c.k,
            from: c.i + 1,
          });
          const from = all.indexOf(c) + 1;
          expect(after).toEqual(all.slice(from, from + limit).map((r) => r.i));
        },
      ),
      { seed: 3501, numRuns: 300 },
    );
  });

  it('a radius through the grid or row by row keeps exactly the rows within it', () => {
    // Radii from a few cells to the whole directory: a radius set is built up from the cells
    // within or taken down from every row with a point, whichever touches fewer rows; rows
    // without a point (one in eight here) are in no radius either way.
    const unplaced = fc
      .array(fc.boolean(), { minLength: 720, maxLength: 720 })
      .map((bs) => bs.map((b, i) => b && i % 4 === 0));
    fc.assert(
      fc.property(
        drawn,
        point,
        fc.constantFrom(0.5, 1, 2, 5, 10, 25, 50, 100),
        unplaced,
        (d, at, km, off) => {
          const m = columnsOf(d, 'grid', off);
          const p = llToEarth(at.lat, at.lng);
          const inRadius = (i: number) =>
            !off[i] && greatCircle(m.near.line(i, p.x, p.y, p.z)) <= km * 1000;
          // The members within (through the box's cells when they hold fewer rows than the set),
          // then the others within (the radius's set kept by the first call, when it read cells),
          // then the members again.
          const others = { ...d, member: d.member.map((x) => !x) };
          for (const set of [d, others, d]) {
            const bits = setOf(set);
            m.near.within(bits, at, km * 1000);
            const within = set.points.map((_, i) => i).filter((i) => hasBit(bits, i));
            const all = set.points.map((_, i) => i).filter((i) => set.member[i] && inRadius(i));
            expect(within).toEqual(all);
            expect(countBits(bits)).toBe(all.length);
          }
        },
      ),
      { seed: 3502, numRuns: 300 },
    );
  });

  it('warms up on its own rows without keeping a radius or changing an answer', () => {
    fc.assert(
      fc.property(drawn, point, fc.constantFrom(1, 10, 100), (d, at, km) => {
        const warmed = columnsOf(d, 'auto');
        warmed.near.warmUp();
        expect(warmed.near.radiiHeld).toBe(0);
        const fresh = columnsOf(d, 'auto');
        for (const m of [warmed, fresh]) {
          const bits = setOf(d);
          m.near.within(bits, at, km * 1000);
          m.near.within(bits, at, km * 1000);
          expect(m.near.nearest(bits, at.lat, at.lng, 0, 10)).toEqual(
            byDistance(m, { ...d, member: d.member.map((x, i) => x && hasBit(bits, i)) }, at)
              .slice(0, 10)
              .map((r) => r.i),
          );
        }
        expect(warmed.near.radiiHeld).toBe(fresh.near.radiiHeld);
      }),
      { seed: 3503, numRuns: 100 },
    );
  });
});
