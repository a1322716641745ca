import fc from 'fast-check';
import { NearestPick } from './nearest-pick';

/**
 * NearestPick against its definition: every row offered, sorted by (distance, tie), rows
 * [offset, offset + limit). Distances are drawn from a few values (many rows at one distance,
 * as doctors of one clinic are) or spread; enough rows that the buffer grows and is cut back to
 * the nearest many times; offered in any order, with `tighten` asked between them as the grid's
 * rings do.
 */
describe('NearestPick (property)', () => {
  const rows = fc
    .record({
      distances: fc.array<number>(
        fc.oneof(fc.constantFrom(0, 1, 2.5, 7, 1e6), fc.double({ min: 0, max: 1e7, noNaN: true })),
        { maxLength: 3000, size: 'large' },
      ),
      seed: fc.integer(),
    })
    .map(({ distances, seed }) => {
      // Unique ties in a shuffled order (a position or a rank).
      const ties = distances.map((_, j) => j);
      let s = seed >>> 0 || 1;
      for (let j = ties.length - 1; j > 0; j--) {
        s = (Math.imul(s, 1103515245) + 12345) >>> 0;
        const r = s % (j + 1);
        [ties[j], ties[r]] = [ties[r], ties[j]];
      }
      return distances.map((k, j) => ({ k, tie: ties[j], row: 10_000 + j }));
    });

  it('the page is the definition: rows sorted by (distance, tie), offset then limit', () => {
    fc.assert(
      fc.property(
        rows,
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 1, max: 120 }),
        fc.integer({ min: 0, max: 50 }),
        (all, offset, limit, tightenEvery) => {
          const pick = new NearestPick(offset + limit);
          all.forEach((r, j) => {
            pick.offer(r.k, r.tie, r.row);
            if (tightenEvery > 0 && j % tightenEvery === 0) pick.tighten();
          });
          const sorted = [...all].sort((a, b) => a.k - b.k || a.tie - b.tie);
          expect(pick.page(offset)).toEqual(sorted.slice(offset, offset + limit).map((r) => r.row));
        },
      ),
      { seed: 3601, numRuns: 400, endOnFailure: true },
    );
  });

  it('once full, farthest bounds the nearest kept: no row beyond it belongs to them', () => {
    fc.assert(
      fc.property(rows, fc.integer({ min: 1, max: 200 }), (all, size) => {
        const pick = new NearestPick(size);
        all.forEach((r) => pick.offer(r.k, r.tie, r.row));
        pick.tighten();
        expect(pick.full).toBe(all.length >= size);
        if (!pick.full) return;
        const sorted = [...all].sort((a, b) => a.k - b.k || a.tie - b.tie);
        // Exact once tightened: the distance of the size-th nearest.
        expect(pick.farthest).toBe(sorted[size - 1].k);
      }),
      { seed: 3602, numRuns: 300, endOnFailure: true },
    );
  });
});
