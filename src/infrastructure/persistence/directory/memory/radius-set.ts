import { Bits, emptyBits } from './bitset';
import { GeoGrid } from './geo-grid';
import { GeoPoint } from '../../../../domain/directory/criteria';

/**
 * The rows within a radius, from the cells of its box: a cell nearer than the edge nowhere is
 * out, one all of whose corners are surely within (by a metre) is in whole, the rest are read
 * row by row (`keepAt`, by the row's place in the grid). Built up from the cells in, or taken
 * down from every row with a point by clearing the rest, whichever touches fewer rows: a radius
 * that holds most of the directory (100 km of Vaughan holds all of it) costs a copy of the
 * point set's words, not a bit set a row.
 */
export function radiusSet(
  grid: GeoGrid,
  d: { readonly n: number; readonly geo: Bits },
  boxCells: readonly number[],
  near: GeoPoint,
  edge: number,
  inside: (cell: number) => boolean,
  keepAt: (at: number) => boolean,
): Bits {
  const { rows, start } = grid;
  const cells = start.length - 1;
  /** 0: out, 1: at the edge (row by row), 2: in whole. */
  const state = new Uint8Array(cells);
  let rowsIn = 0;
  let rowsEdge = 0;
  for (const c of boxCells) {
    if (grid.cellBound(c, near.lat, near.lng) > edge) continue;
    const size = start[c + 1] - start[c];
    if (inside(c)) {
      state[c] = 2;
      rowsIn += size;
    } else {
      state[c] = 1;
      rowsEdge += size;
    }
  }
  if (rows.length - rowsIn < rowsIn + rowsEdge) {
    const out = Uint32Array.from(d.geo);
    for (let c = 0; c < cells; c++) {
      const s = state[c];
      if (s === 2) continue;
      for (let at = start[c]; at < start[c + 1]; at++) {
        if (s === 1 && keepAt(at)) continue;
        const i = rows[at];
        out[i >>> 5] &= ~(1 << (i & 31));
      }
    }
    return out;
  }
  const out = emptyBits(d.n);
  for (let c = 0; c < cells; c++) {
    const s = state[c];
    if (s === 0) continue;
    for (let at = start[c]; at < start[c + 1]; at++) {
      if (s === 1 && !keepAt(at)) continue;
      const i = rows[at];
      out[i >>> 5] |= 1 << (i & 31);
    }
  }
  return out;
}
