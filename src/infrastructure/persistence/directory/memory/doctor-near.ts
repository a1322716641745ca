import { GeoPoint } from '../../../../domain/directory/criteria';
import { andInto, Bits, countBits, emptyBits, setBit } from './bitset';
import { EARTH_RADIUS_M, greatCircle, llToEarth, withinMetresTest } from './earth';
import { GeoGrid } from './geo-grid';
import { radiusSet } from './radius-set';
import { NearestPick } from './nearest-pick';

/**
 * A page nearest first is read through the grid's rings when `keep x rows < GRID_ROW_COST x
 * matches^2`, else row by row. The rings read about keep x rows / matches rows in cell order (7
 * to 8 ns each, their points side by side); row by row reads every match's point from the
 * columns at random (55 to 100 ns each, three cache misses). Measured at 1,000,000 rows in
 * clinic clusters (scripts/bench/nearest-walks.ts): for 10,000 matches, 500 rows in, the rings
 * took 0.38 ms and the rows 0.79; 1,800 rows in, 1.29 and 0.89.
 */
const GRID_ROW_COST = 8;
/**
 * After a cursor the walk's depth is unknown (rings read every row nearer than the cursor's):
 * sets at least this large are then read through the rings, smaller ones row by row.
 */
const GRID_AFTER_MIN = 20_000;

/** Rounds of DoctorNear.warmUp: enough calls for V8 to compile each path (TurboFan). */
const WARM_UP_ROUNDS = 4;
const RADIANS = Math.PI / 180;

/** How a page nearest first is read: by the cost rule, or always one way (tests). */
export type NearestWalk = 'auto' | 'grid' | 'rows';

/**
 * How much nearer than the radius a cell's farthest corner must be for its rows to be taken
 * without their distances: a metre covers the rounding of the corners' own points and the bulge
 * of a cell's edges between its corners (micrometres for a cell of a kilometre).
 */
const CELL_MARGIN_M = 1;

/**
 * Radius sets kept per copy (point and metres), the oldest dropped past it: 125 KB each at
 * 1,000,000 doctors. A radius read through the grid's cells costs the rows of its box (half a
 * million for 10 km of downtown at 1,000,000 doctors, 8 to 20 ms); kept, the next list of that
 * radius, whatever its filters, costs one pass over the set's words.
 */
const RADIUS_SETS_KEPT = 64;
const RADII_ASKED = 4_096;

/** The rows' points (doctor_geo's, as cube coordinates) and which rows have one. */
export interface Points {
  readonly n: number;
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly z: Float64Array;
  readonly geo: Bits;
}

/**
 * The doctor columns' geometry: a radius (the rows within it) and a page nearest first, exactly
 * as earthdistance and criteria-sql.ts define them (earth.ts), through a grid of cells
 * (geo-grid.ts) when it reads fewer rows than the set.
 */
export class DoctorNear {
  /** The rows with a point, by cell (nearest first and radii read the cells near the point). */
  private readonly grid: GeoGrid;
  /** Radius sets read through the cells, by point and metres (RADIUS_SETS_KEPT). */
  private readonly radii = new Map<string, Bits>();
  /** The radii asked before (point and metres), the oldest dropped past RADII_ASKED. */
  private readonly asked = new Set<string>();

  constructor(
    private readonly d: Points,
    private readonly walk: NearestWalk = 'auto',
    /** The order of rows at one distance (their rank), when it is not their position's. */
    private readonly tieRank?: Int32Array,
  ) {
    this.grid = new GeoGrid(d.n, d.geo, d.x, d.y, d.z);
  }

  /**
   * Runs the radius and nearest-first paths on this copy's own rows, then forgets the radii they
   * kept, so that V8 has compiled them before a list needs them: a radius set is built only for
   * the second list of a radius, too rarely for its loops to be optimised by then (at 1,000,000
   * doctors a 25 km set took 25 ms in a fresh service, 2 ms once compiled: a list's worst warm
   * time). Some milliseconds per load.
   */
  warmUp(): void {
    const { n, geo, x, y, z } = this.d;
    let row = -1;
    for (let w = 0; w < geo.length && row < 0; w++)
      if (geo[w] !== 0) row = (w << 5) + 31 - Math.clz32(geo[w] & -geo[w]);
    if (row < 0) return;
    const lat = Math.asin(Math.max(-1, Math.min(1, z[row] / EARTH_RADIUS_M))) / RADIANS;
    const lng = Math.atan2(y[row], x[row]) / RADIANS;
    const some = emptyBits(n);
    for (let i = row; i < n; i += 61) if ((geo[i >>> 5] & (1 << (i & 31))) !== 0) setBit(some, i);
    for (let round = 0; round < WARM_UP_ROUNDS; round++) {
      const at = { lat: lat + round * 0.01, lng };
      for (const km of [2, 10, 25, 100]) {
        // Asked once (row by row, or through the cells), then again (the radius's set built).
        this.within(Uint32Array.from(some), at, km * 1000);
        this.within(Uint32Array.from(some), at, km * 1000);
      }
      const page = this.nearest(Uint32Array.from(geo), at.lat, at.lng, round, 20);
      this.nearest(Uint32Array.from(some), at.lat, at.lng, 0, 20);
      if (page.length > 0) {
        const p = llToEarth(at.lat, at.lng);
        const last = page[page.length - 1];
        this.nearest(geo, at.lat, at.lng, 0, 20, {
          k: this.line(last, p.x, p.y, p.z),
          from: (this.tieRank ? this.tieRank[last] : last) + 1,
        });
      }
    }
    this.radii.clear();
    this.asked.clear();
  }

  /** Radii kept or remembered as asked (none after warmUp). */
  get radiiHeld(): number {
    return this.radii.size + this.asked.size;
  }

  /** The straight-line distance of row `i` from a point (the cube distance, as `<->`). */
  line(i: number, px: number, py: number, pz: number): number {
    const dx = this.d.x[i] - px;
    const dy = this.d.y[i] - py;
    const dz = this.d.z[i] - pz;
    return Math.sqrt(dx * dx + dy * dy + dz * dz);
  }

  /**
   * Keeps the rows of `bits` within `metres` of `near` (criteria-sql.ts's withinMetres): through
   * the cells of the radius's bounding box when they hold fewer rows than the set, or when the
   * radius was asked before (every row of the box, the set of the radius kept for the next list
   * of it), else row by row of the set. A row farther than the radius along one axis is out
   * without its distance.
   */
  within(bits: Bits, near: GeoPoint, metres: number): void {
    const key = `${near.lat}|${near.lng}|${metres}`;
    const kept = this.radii.get(key);
    if (kept) {
      andInto(bits, kept);
      return;
    }
    const p = llToEarth(near.lat, near.lng);
    const { sure, edge } = withinMetresTest(metres);
    const { x, y, z } = this.d;
    // withinMetres: surely within, surely not, or at the edge (earth_distance decides).
    const keep = (dx: number, dy: number, dz: number): boolean => {
      if (dx > edge || dx < -edge || dy > edge || dy < -edge || dz > edge || dz < -edge)
        return false;
      const line = Math.sqrt(dx * dx + dy * dy + dz * dz);
      return line <= sure || (line <= edge && greatCircle(line) <= metres);
    };
    const lineTo = (lat: number, lng: number) => {
      const e = llToEarth(lat, lng);
      const dx = e.x - p.x;
      const dy = e.y - p.y;
      const dz = e.z - p.z;
      return Math.sqrt(dx * dx + dy * dy + dz * dz);
    };
    if (this.grid.serves(near.lat, near.lng)) {
      const box = this.grid.box(near.lat, near.lng, metres);
      // A radius asked again is read through the cells even when its box holds more rows than the
      // set (a selective filter within 100 km): once, and then kept for every later list of it.
      const again = this.asked.has(key);
      if (!again) {
        if (this.asked.size >= RADII_ASKED) this.asked.delete(this.asked.values().next().value!);
        this.asked.add(key);
      }
      if (again || box.rows < countBits(bits)) {
        const out = radiusSet(
          this.grid,
          this.d,
          box.cells,
          near,
          edge,
          (c) => this.grid.corners(c).every(([la, ln]) => lineTo(la, ln) + CELL_MARGIN_M <= sure),
          (at) => keep(this.grid.xs[at] - p.x, this.grid.ys[at] - p.y, this.grid.zs[at] - p.z),
        );
        if (this.radii.size >= RADIUS_SETS_KEPT) this.radii.delete(this.radii.keys().next().value!);
        this.radii.set(key, out);
        andInto(bits, out);
        return;
      }
    }
    for (let w = 0; w < bits.length; w++) {
      let v = bits[w];
      if (v === 0) continue;
      let kept = v;
      while (v !== 0) {
        const low = v & -v;
        v ^= low;
        const i = (w << 5) + 31 - Math.clz32(low);
        if (!keep(x[i] - p.x, y[i] - p.y, z[i] - p.z)) kept &= ~low;
      }
      bits[w] = kept;
    }
  }

  /**
   * A page nearest first: the set's rows by (distance, tie: the position, or tieRank), the rows
   * up to `after` (a distance and the tie from which rows at that distance come after it) left out, then
   * `offset` skipped and `limit` kept. The nearest `offset + limit` are picked by selection (nearest-pick.ts).
   * A set dense enough for the page is read through the grid's rings around the point, until no
   * row farther out can be among them (a few cells for a filter most doctors pass); a sparse one
   * row by row (GRID_ROW_COST).
   */
  nearest(
    bits: Bits,
    lat: number,
    lng: number,
    offset: number,
    limit: number,
    after?: { readonly k: number; readonly from: number },
    /** Counts the set's rows past `after` (exact when fewer than `limit` rows are answered). */
    past?: { n: number },
  ): number[] {
    const keep = offset + limit;
    if (limit <= 0 || keep <= 0) return [];
    const p = llToEarth(lat, lng);
    const pick = new NearestPick(keep);
    const { x, y, z } = this.d;
    const tieRank = this.tieRank;
    const offer = (i: number, xi: number, yi: number, zi: number) => {
      const dx = xi - p.x;
      const dy = yi - p.y;
      const dz = zi - p.z;
      if (pick.full) {
        // Farther along one axis than the farthest row kept: not among the nearest.
        const far = pick.farthest;
        if (dx > far || dx < -far || dy > far || dy < -far || dz > far || dz < -far) return;
      }
      const k = Math.sqrt(dx * dx + dy * dy + dz * dz);
      const tie = tieRank ? tieRank[i] : i;
      if (after && (k < after.k || (k === after.k && tie < after.from))) return;
      if (past) past.n++;
      pick.offer(k, tie, i);
    };
    if (this.throughGrid(bits, lat, lng, keep, after !== undefined)) {
      this.grid.rings(
        lat,
        lng,
        (c, bound) => {
          // A cell whose nearest corner is farther than the farthest row kept: passed over.
          if (pick.full && bound > pick.farthest) return;
          const { rows, xs, ys, zs, start } = this.grid;
          for (let at = start[c]; at < start[c + 1]; at++) {
            const i = rows[at];
            if ((bits[i >>> 5] & (1 << (i & 31))) !== 0) offer(i, xs[at], ys[at], zs[at]);
          }
        },
        (bound) => {
          pick.tighten();
          return pick.full && bound > pick.farthest;
        },
      );
    } else {
      for (let w = 0; w < bits.length; w++) {
        let v = bits[w];
        while (v !== 0) {
          const low = v & -v;
          v ^= low;
          const i = (w << 5) + 31 - Math.clz32(low);
          offer(i, x[i], y[i], z[i]);
        }
      }
    }
    return pick.page(offset);
  }

  /** Whether a page nearest first of `keep` rows reads the grid's rings (GRID_ROW_COST). */
  private throughGrid(
    bits: Bits,
    lat: number,
    lng: number,
    keep: number,
    cursor: boolean,
  ): boolean {
    if (!this.grid.serves(lat, lng)) return false;
    if (this.walk !== 'auto') return this.walk === 'grid';
    const matches = countBits(bits);
    if (cursor) return matches >= GRID_AFTER_MIN;
    return keep * this.d.n < GRID_ROW_COST * matches * matches;
  }
}
