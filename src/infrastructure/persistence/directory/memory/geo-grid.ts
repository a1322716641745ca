import { Bits } from './bitset';
import { EARTH_RADIUS_M } from './earth';

/** Cells of 0.01 degree of latitude by 0.01 degree of longitude (about 1.1 by 0.8 km in Toronto). */
const CELL_DEGREES = 0.01;
const RADIANS_PER_DEGREE = Math.PI / 180;
/**
 * Lower bounds are multiplied by this before they rule rows out: a cell's distance is bounded
 * from its degrees, which is exact on the sphere only to first order (the great circle between
 * two points bulges poleward; the chord is shorter than the arc). A tenth covers both far past
 * any distance the lists are asked (the chord is within 0.1% of the arc up to 500 km).
 */
const SAFETY = 0.9;

const cellOf = (degrees: number) => Math.floor(degrees / CELL_DEGREES);
/** A cell's key: both indexes made positive (cells of latitude and longitude are within ±18,000). */
const OFFSET = 20_000;
const SPAN = 100_000;
const keyOf = (i: number, j: number) => (i + OFFSET) * SPAN + (j + OFFSET);
/** Longitudes past this (either sign) are near the antimeridian, where cells that touch are far apart by index. */
const WRAP_DEGREES = 170;

/**
 * The rows with a point, bucketed by cell of latitude and longitude (each cell's rows contiguous,
 * in position order): nearest first reads the cells in rings around the point until no row
 * farther out can be among the nearest, and a radius reads only the cells of its bounding box.
 */
export class GeoGrid {
  private readonly cells = new Map<number, number>();
  private readonly start: Int32Array;
  private readonly rows: Int32Array;
  private readonly minI: number;
  private readonly maxI: number;
  private readonly minJ: number;
  private readonly maxJ: number;
  /** The cosine of the highest latitude of any row (longitude degrees are shortest there). */
  private readonly cosMax: number;
  private readonly maxAbsLat: number;
  /** Whether some row is near the antimeridian (the grid is then not used). */
  private readonly wraps: boolean;

  constructor(n: number, geo: Bits, x: Float64Array, y: Float64Array, z: Float64Array) {
    const ci = new Int32Array(n);
    const cj = new Int32Array(n);
    let maxAbsLat = 0;
    let wraps = false;
    let minI = Infinity;
    let maxI = -Infinity;
    let minJ = Infinity;
    let maxJ = -Infinity;
    const members: number[] = [];
    for (let i = 0; i < n; i++) {
      if ((geo[i >>> 5] & (1 << (i & 31))) === 0) continue;
      const lat = Math.asin(Math.max(-1, Math.min(1, z[i] / EARTH_RADIUS_M))) / RADIANS_PER_DEGREE;
      const lng = Math.atan2(y[i], x[i]) / RADIANS_PER_DEGREE;
      maxAbsLat = Math.max(maxAbsLat, Math.abs(lat));
      if (Math.abs(lng) > WRAP_DEGREES) wraps = true;
      ci[i] = cellOf(lat);
      cj[i] = cellOf(lng);
      minI = Math.min(minI, ci[i]);
      maxI = Math.max(maxI, ci[i]);
      minJ = Math.min(minJ, cj[i]);
      maxJ = Math.max(maxJ, cj[i]);
      members.push(i);
    }
    // Rows by cell, then position (a stable sort of positions already in order).
    const order = Int32Array.from(members).sort((a, b) => ci[a] - ci[b] || cj[a] - cj[b] || a - b);
    const starts: number[] = [];
    let last = NaN;
    order.forEach((i, at) => {
      const key = keyOf(ci[i], cj[i]);
      if (key !== last) {
        this.cells.set(key, starts.length);
        starts.push(at);
        last = key;
      }
    });
    starts.push(order.length);
    this.start = Int32Array.from(starts);
    this.rows = order;
    const none = order.length === 0;
    this.minI = none ? 0 : minI;
    this.maxI = none ? 0 : maxI;
    this.minJ = none ? 0 : minJ;
    this.maxJ = none ? 0 : maxJ;
    this.maxAbsLat = maxAbsLat;
    this.wraps = wraps;
    this.cosMax = Math.cos(Math.min(89.9, maxAbsLat + CELL_DEGREES) * RADIANS_PER_DEGREE);
  }

  /** Whether the grid answers for a point at this longitude (not near the antimeridian). */
  serves(lng: number): boolean {
    return !this.wraps && Math.abs(lng) <= WRAP_DEGREES;
  }

  /**
   * A lower bound of the straight-line distance (metres) from a point to any row at least `gap`
   * whole cells away from the point's cell in latitude or longitude.
   */
  private gapBound(gap: number, lat: number): number {
    return SAFETY * EARTH_RADIUS_M * gap * CELL_DEGREES * RADIANS_PER_DEGREE * this.cosNear(lat);
  }

  /**
   * Calls `visit` with the rows of each cell in rings around (lat, lng), nearest ring first, and
   * a lower bound of the straight-line distance (metres) of the cell's rows from the point (a
   * cell the caller knows is too far it can pass over); after each ring, `enough(bound)` is asked
   * with a lower bound of the distance of every row not yet visited, and true stops the walk.
   */
  rings(
    lat: number,
    lng: number,
    visit: (rows: Int32Array, bound: number) => void,
    enough: (bound: number) => boolean,
  ): void {
    const pi = cellOf(lat);
    const pj = cellOf(lng);
    const last = Math.max(pi - this.minI, this.maxI - pi, pj - this.minJ, this.maxJ - pj, 0);
    const perDegree = SAFETY * EARTH_RADIUS_M * RADIANS_PER_DEGREE;
    const cos = this.cosNear(lat);
    const cell = (i: number, j: number) => {
      const c = this.cells.get(keyOf(i, j));
      if (c === undefined) return;
      const dLat = Math.max(0, i * CELL_DEGREES - lat, lat - (i + 1) * CELL_DEGREES);
      const dLng = Math.max(0, j * CELL_DEGREES - lng, lng - (j + 1) * CELL_DEGREES);
      visit(
        this.rows.subarray(this.start[c], this.start[c + 1]),
        perDegree * Math.max(dLat, dLng * cos),
      );
    };
    for (let r = 0; r <= last; r++) {
      if (r === 0) cell(pi, pj);
      else {
        for (let j = pj - r; j <= pj + r; j++) {
          cell(pi - r, j);
          cell(pi + r, j);
        }
        for (let i = pi - r + 1; i <= pi + r - 1; i++) {
          cell(i, pj - r);
          cell(i, pj + r);
        }
      }
      if (enough(this.gapBound(r, lat))) return;
    }
  }

  /** The cosine of the highest latitude a row or the point (near `lat`) may have. */
  private cosNear(lat: number): number {
    return Math.min(
      this.cosMax,
      Math.cos(Math.min(89.9, Math.abs(lat) + CELL_DEGREES) * RADIANS_PER_DEGREE),
    );
  }

  /** The rows of the cells that may hold a point within `metres` of (lat, lng), and how many. */
  box(lat: number, lng: number, metres: number): { cells: number[]; rows: number } {
    const degrees = metres / EARTH_RADIUS_M / RADIANS_PER_DEGREE / SAFETY;
    const cos = Math.max(
      1e-6,
      Math.cos(
        Math.min(89.9, Math.max(this.maxAbsLat, Math.abs(lat) + degrees) + CELL_DEGREES) *
          RADIANS_PER_DEGREE,
      ),
    );
    const i0 = Math.max(this.minI, cellOf(lat - degrees));
    const i1 = Math.min(this.maxI, cellOf(lat + degrees));
    const wide = degrees / cos;
    // Near a pole or past 180 degrees: every cell.
    const all = wide >= 180;
    const j0 = all ? this.minJ : Math.max(this.minJ, cellOf(lng - wide));
    const j1 = all ? this.maxJ : Math.min(this.maxJ, cellOf(lng + wide));
    const cells: number[] = [];
    let rows = 0;
    if ((i1 - i0 + 1) * (j1 - j0 + 1) > this.cells.size) {
      // A box of more cells than there are: the cells themselves, tested by their coordinates.
      for (const [key, c] of this.cells) {
        const i = Math.floor(key / SPAN) - OFFSET;
        const j = (key % SPAN) - OFFSET;
        if (i >= i0 && i <= i1 && j >= j0 && j <= j1) {
          cells.push(c);
          rows += this.start[c + 1] - this.start[c];
        }
      }
      return { cells, rows };
    }
    for (let i = i0; i <= i1; i++)
      for (let j = j0; j <= j1; j++) {
        const c = this.cells.get(keyOf(i, j));
        if (c === undefined) continue;
        cells.push(c);
        rows += this.start[c + 1] - this.start[c];
      }
    return { cells, rows };
  }

  /** The rows of cell `c`. */
  cellRows(c: number): Int32Array {
    return this.rows.subarray(this.start[c], this.start[c + 1]);
  }
}
