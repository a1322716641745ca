import { Bits } from './bitset';
import { EARTH_RADIUS_M } from './earth';

/** Cells of 0.01 degree of latitude by 0.01 degree of longitude (about 1.1 by 0.8 km in Toronto). */
const CELL_DEGREES = 0.01;
const RADIANS_PER_DEGREE = Math.PI / 180;
/**
 * Lower bounds are multiplied by this before they rule rows out: a cell's distance is bounded
 * from its degrees with the sphere's local metric at the highest latitude, exact only to first
 * order (the great circle between two points bulges poleward; the chord is shorter than the
 * arc). The grid serves only points and rows within GRID_SPAN_DEGREES of each other, where both
 * effects together stay under 0.4% (14 degrees of longitude at 44 degrees north: the great
 * circle is 0.08% shorter than the bound, the chord 0.24% shorter than the arc): 1% covers them.
 */
const SAFETY = 0.99;
/** The grid is used when the rows span at most this (degrees) and the point is this close to them. */
const GRID_SPAN_DEGREES = 10;
const GRID_REACH_DEGREES = 2;

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
  /** Cell c's rows are rows[start[c]] to rows[start[c + 1] - 1]; xs, ys, zs their points, alike. */
  readonly start: Int32Array;
  readonly rows: Int32Array;
  readonly xs: Float64Array;
  readonly ys: Float64Array;
  readonly zs: Float64Array;
  /** Each cell's indexes of latitude and longitude. */
  private readonly cellI: Int32Array;
  private readonly cellJ: Int32Array;
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
    // Rows by cell, then position: a counting sort by cell, stable as the positions are visited
    // in order (a comparison sort of 1,000,000 rows held the event loop for about a second, while
    // the copy in service answered requests).
    const counts = new Map<number, number>();
    for (const i of members) {
      const key = keyOf(ci[i], cj[i]);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const keys = [...counts.keys()].sort((a, b) => a - b);
    const next = new Map<number, number>();
    const starts: number[] = [];
    const is: number[] = [];
    const js: number[] = [];
    let from = 0;
    for (const key of keys) {
      this.cells.set(key, starts.length);
      starts.push(from);
      next.set(key, from);
      is.push(Math.floor(key / SPAN) - OFFSET);
      js.push((key % SPAN) - OFFSET);
      from += counts.get(key)!;
    }
    const order = new Int32Array(members.length);
    for (const i of members) {
      const key = keyOf(ci[i], cj[i]);
      const at = next.get(key)!;
      order[at] = i;
      next.set(key, at + 1);
    }
    this.cellI = Int32Array.from(is);
    this.cellJ = Int32Array.from(js);
    starts.push(order.length);
    this.start = Int32Array.from(starts);
    this.rows = order;
    // The points again in cell order: a cell's rows are read in sequence, not scattered over the
    // name order (at 1,000,000 doctors, three cache misses a row were most of a radius's time).
    this.xs = new Float64Array(order.length);
    this.ys = new Float64Array(order.length);
    this.zs = new Float64Array(order.length);
    for (let k = 0; k < order.length; k++) {
      const i = order[k];
      this.xs[k] = x[i];
      this.ys[k] = y[i];
      this.zs[k] = z[i];
    }
    const none = order.length === 0;
    this.minI = none ? 0 : minI;
    this.maxI = none ? 0 : maxI;
    this.minJ = none ? 0 : minJ;
    this.maxJ = none ? 0 : maxJ;
    this.maxAbsLat = maxAbsLat;
    this.wraps = wraps;
    this.cosMax = Math.cos(Math.min(89.9, maxAbsLat + CELL_DEGREES) * RADIANS_PER_DEGREE);
  }

  /**
   * Whether the grid answers for a point: rows and point within a few degrees of each other (its
   * lower bounds hold there) and away from the antimeridian; else the rows are read one by one.
   */
  serves(lat: number, lng: number): boolean {
    const near = (v: number, lo: number, hi: number) =>
      v >= lo * CELL_DEGREES - GRID_REACH_DEGREES &&
      v <= (hi + 1) * CELL_DEGREES + GRID_REACH_DEGREES;
    return (
      !this.wraps &&
      Math.abs(lng) <= WRAP_DEGREES &&
      (this.maxI - this.minI) * CELL_DEGREES <= GRID_SPAN_DEGREES &&
      (this.maxJ - this.minJ) * CELL_DEGREES <= GRID_SPAN_DEGREES &&
      near(lat, this.minI, this.maxI) &&
      near(lng, this.minJ, this.maxJ)
    );
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
    visit: (cell: number, bound: number) => void,
    enough: (bound: number) => boolean,
  ): void {
    const pi = cellOf(lat);
    const pj = cellOf(lng);
    const last = Math.max(pi - this.minI, this.maxI - pi, pj - this.minJ, this.maxJ - pj, 0);
    const cell = (i: number, j: number) => {
      const c = this.cells.get(keyOf(i, j));
      if (c !== undefined) visit(c, this.cellBound(c, lat, lng));
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

  /** A lower bound of the straight-line distance (metres) from (lat, lng) to any row of cell `c`. */
  cellBound(c: number, lat: number, lng: number): number {
    const i = this.cellI[c];
    const j = this.cellJ[c];
    const dLat = Math.max(0, i * CELL_DEGREES - lat, lat - (i + 1) * CELL_DEGREES);
    const dLng = Math.max(0, j * CELL_DEGREES - lng, lng - (j + 1) * CELL_DEGREES);
    // The sphere's local metric (a degree of longitude is cos(latitude) of one of latitude), at
    // the highest latitude there may be (the shortest degrees), less the safety margin.
    return (
      SAFETY * EARTH_RADIUS_M * RADIANS_PER_DEGREE * Math.hypot(dLat, dLng * this.cosNear(lat))
    );
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

  /** The corners (latitude, longitude) of cell `c`. */
  corners(c: number): [number, number][] {
    const i = this.cellI[c] * CELL_DEGREES;
    const j = this.cellJ[c] * CELL_DEGREES;
    const i1 = (this.cellI[c] + 1) * CELL_DEGREES;
    const j1 = (this.cellJ[c] + 1) * CELL_DEGREES;
    return [
      [i, j],
      [i, j1],
      [i1, j],
      [i1, j1],
    ];
  }
}
