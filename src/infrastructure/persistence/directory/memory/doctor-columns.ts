import {
  DoctorCriteria,
  GeoPoint,
  ListMoments,
  OpenMoment,
} from '../../../../domain/directory/criteria';
import { latestStartYearFor } from '../../../../domain/doctors/years-of-practice';
import { ResolvedNames } from '../reference-ids';
import {
  andInto,
  andNotInto,
  Bits,
  countBits,
  emptyBits,
  fullBits,
  positionsFrom,
  unionInto,
} from './bitset';
import { ClinicHours } from './clinic-hours';
import { llToEarth, withinMetresTest } from './earth';
import { GeoGrid } from './geo-grid';
import { NearestHeap } from './nearest-heap';

/** The clinic flags of doctor_search, by the criterion that filters on each. */
export const FLAG_COLUMNS = {
  accepting: 'accepting',
  evening: 'evening',
  weekend: 'weekend',
  wheelchair: 'wheelchair',
  virtualVisits: 'virtual_visits',
  nearTTC: 'near_ttc',
} as const;
export type FlagCriterion = keyof typeof FLAG_COLUMNS;

/** The criteria the columns answer; a list sending any other one is read from SQL. */
const ANSWERED = new Set<string>([
  'specialties',
  'languages',
  'gender',
  'minYears',
  'maxYears',
  ...Object.keys(FLAG_COLUMNS),
  'openNow',
  'openAt',
  'acceptingStatuses',
  'near',
  'radiusKm',
]);

/** Moments whose open rows are kept (openNow changes every minute). */
const CACHED_MOMENTS = 64;
/**
 * Sets at least this large are read nearest first through the grid's rings (at 1,000,000 doctors
 * a set of half of them, 3,000 rows in: 7 ms row by row); smaller ones row by row, which costs
 * one pass over the set's words and a distance per row.
 */
const GRID_NEAREST_MIN = 20_000;

/** The columns of doctor_search (and doctor_geo's point) in name order, as the loader fills them. */
export interface DoctorColumnData {
  /** Rows, in (name_key, cpso_number) order. */
  readonly n: number;
  /** doctor_id (a uuid) as four 32-bit words per row. */
  readonly ids: Uint32Array;
  /** name_key and cpso_number of every row, concatenated, with each row's start (n + 1 each). */
  readonly names: string;
  readonly nameStart: Int32Array;
  readonly cpsos: string;
  readonly cpsoStart: Int32Array;
  /** The primary clinic's index (into ClinicHours). */
  readonly clinic: Int32Array;
  /** The start years present, ascending, and per year the rows that started in it or before. */
  readonly years: Int32Array;
  readonly startedBy: readonly Bits[];
  /** doctor_geo's point (cube_ll_coord 1 to 3); rows without one are not in geo. */
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly z: Float64Array;
  readonly geo: Bits;
  readonly specialties: ReadonlyMap<number, Bits>;
  readonly languages: ReadonlyMap<number, Bits>;
  readonly genders: ReadonlyMap<string, Bits>;
  readonly statuses: ReadonlyMap<string, Bits>;
  /** Rows whose flag is true, and rows whose flag is false (a null flag is in neither). */
  readonly flags: ReadonlyMap<FlagCriterion, { readonly yes: Bits; readonly no: Bits }>;
  readonly hours: ClinicHours;
}

/**
 * doctor_search in memory (docs/list-reads.md, "Doctor lists in memory"): per filter value the
 * set of rows having it (bit sets in name order), the start years, the primary clinic (for its
 * hours) and doctor_geo's point of each row. Any combination of the doctor list's filters is a
 * few passes over n / 32 words, its exact total a population count, a page in name order the
 * set's positions from the page's start, and a page nearest first the nearest of the set's rows.
 */
export class DoctorColumns {
  /** The rows with a point, by cell (nearest first and radii read the cells near the point). */
  private readonly grid: GeoGrid;
  /**
   * Reused sets, so that a list allocates nothing (at 1,000,000 doctors a set is 124 KB, and
   * sets made per request were collected in pauses of 10 ms and more): `select` answers in
   * `chosen`, valid until its next call, which the readers use before they next await.
   */
  private readonly chosen: Bits;
  private readonly work: Bits;
  private readonly none: Bits;

  constructor(
    readonly d: DoctorColumnData,
    /** Sets at least this large are read nearest first through the grid (tests lower it). */
    private readonly gridNearestMin = GRID_NEAREST_MIN,
  ) {
    this.grid = new GeoGrid(d.n, d.geo, d.x, d.y, d.z);
    this.chosen = emptyBits(d.n);
    this.work = emptyBits(d.n);
    this.none = emptyBits(d.n);
    this.all = fullBits(d.n);
  }

  private readonly all: Bits;

  get size(): number {
    return this.d.n;
  }

  /** Whether every criterion sent is one the columns answer. */
  static answers(criteria: DoctorCriteria): boolean {
    return Object.entries(criteria).every(([k, v]) => v === undefined || ANSWERED.has(k));
  }

  /**
   * The rows passing every filter of `criteria` (the time filter at `moments.filter`), within the
   * radius when there is one; `geoOnly` keeps the rows with a point (a nearest-first page). The
   * set answered is reused by the next call: read it before.
   */
  select(
    criteria: DoctorCriteria,
    ids: ResolvedNames,
    now: Date,
    moments: ListMoments | undefined,
    geoOnly: boolean,
  ): Bits {
    const d = this.d;
    const bits = this.chosen;
    bits.set(this.all);
    const anyOf = (sets: (Bits | undefined)[]) => andInto(bits, unionInto(this.work, sets));
    if (ids.specialtyIds) anyOf(ids.specialtyIds.map((i) => d.specialties.get(i)));
    if (ids.languageIds) anyOf(ids.languageIds.map((i) => d.languages.get(i)));
    if (criteria.gender) andInto(bits, d.genders.get(criteria.gender) ?? this.none);
    for (const [criterion, flag] of d.flags) {
      const v = criteria[criterion];
      if (v !== undefined) andInto(bits, v ? flag.yes : flag.no);
    }
    if (criteria.acceptingStatuses?.length)
      anyOf(criteria.acceptingStatuses.map((s) => d.statuses.get(s)));
    const near = criteria.near;
    const radiusKm = near ? criteria.radiusKm : undefined;
    if (geoOnly || radiusKm !== undefined) andInto(bits, d.geo);
    const lowest =
      criteria.maxYears !== undefined ? latestStartYearFor(criteria.maxYears, now) : undefined;
    const highest =
      criteria.minYears !== undefined ? latestStartYearFor(criteria.minYears, now) : undefined;
    // A range of start years: the rows up to its last year, less the rows before its first.
    if (highest !== undefined) andInto(bits, this.startedBy(highest));
    if (lowest !== undefined) andNotInto(bits, this.startedBy(lowest - 1));
    if (moments?.filter) andInto(bits, this.openAt(moments.filter));
    if (near && radiusKm !== undefined) this.within(bits, near, radiusKm * 1000);
    return bits;
  }

  /** The rows whose start year is known and at most `year` (d.startedBy's sets, cumulative). */
  private startedBy(year: number): Bits {
    const years = this.d.years;
    // The last year of the list at or before `year`.
    let lo = 0;
    let hi = years.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (years[mid] <= year) lo = mid + 1;
      else hi = mid;
    }
    return lo === 0 ? this.none : this.d.startedBy[lo - 1];
  }

  private readonly openRows = new Map<string, Bits>();

  /** The rows whose primary clinic is open at `m` (kept for the last moments asked). */
  private openAt(m: OpenMoment): Bits {
    const key = `${m.date}|${m.minuteOfDay}|${m.minuteOfWeek}|${m.isHoliday}`;
    const hit = this.openRows.get(key);
    if (hit) return hit;
    const open = this.d.hours.openAt(m);
    const clinic = this.d.clinic;
    const bits = emptyBits(this.d.n);
    for (let i = 0; i < this.d.n; i++) if (open[clinic[i]] === 1) bits[i >>> 5] |= 1 << (i & 31);
    if (this.openRows.size >= CACHED_MOMENTS)
      this.openRows.delete(this.openRows.keys().next().value!);
    this.openRows.set(key, bits);
    return bits;
  }

  /**
   * Keeps the rows of `bits` within `metres` of `near` (criteria-sql.ts's withinMetres): through
   * the cells of the radius's bounding box when they hold fewer rows than the set, else row by
   * row of the set. A row farther than the radius along one axis is out without its distance.
   */
  private within(bits: Bits, near: GeoPoint, metres: number): void {
    const p = llToEarth(near.lat, near.lng);
    const test = withinMetresTest(metres);
    const edge = test.edge;
    const { x, y, z } = this.d;
    const keep = (i: number) => {
      const dx = x[i] - p.x;
      const dy = y[i] - p.y;
      const dz = z[i] - p.z;
      if (dx > edge || dx < -edge || dy > edge || dy < -edge || dz > edge || dz < -edge)
        return false;
      return test(Math.sqrt(dx * dx + dy * dy + dz * dz));
    };
    if (this.grid.serves(near.lng)) {
      const box = this.grid.box(near.lat, near.lng, metres);
      if (box.rows < countBits(bits)) {
        const out = this.work;
        out.fill(0);
        for (const c of box.cells) {
          const rows = this.grid.cellRows(c);
          for (let r = 0; r < rows.length; r++) {
            const i = rows[r];
            if ((bits[i >>> 5] & (1 << (i & 31))) !== 0 && keep(i)) out[i >>> 5] |= 1 << (i & 31);
          }
        }
        bits.set(out);
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
        if (!keep((w << 5) + 31 - Math.clz32(low))) kept &= ~low;
      }
      bits[w] = kept;
    }
  }

  count(bits: Bits): number {
    return countBits(bits);
  }

  /** The straight-line distance of row `i` from a point (the cube distance, as `<->`). */
  line(i: number, px: number, py: number, pz: number): number {
    const dx = this.d.x[i] - px;
    const dy = this.d.y[i] - py;
    const dz = this.d.z[i] - pz;
    return Math.sqrt(dx * dx + dy * dy + dz * dz);
  }

  /** A page in name order: `limit` rows of the set from position `from`, `offset` skipped. */
  byName(bits: Bits, from: number, offset: number, limit: number): number[] {
    return positionsFrom(bits, from, offset, limit);
  }

  /**
   * A page nearest first: the set's rows by (distance, position), the rows up to `after`
   * (a distance and the position from which rows at that distance come after it) left out, then
   * `offset` skipped and `limit` kept. The nearest `offset + limit` are kept in a bounded heap.
   * A large set is read through the grid's rings around the point, until no row farther out can
   * be among them (a few cells for a filter most doctors pass); a small one row by row.
   */
  nearest(
    bits: Bits,
    lat: number,
    lng: number,
    offset: number,
    limit: number,
    after?: { readonly k: number; readonly from: number },
  ): number[] {
    const keep = offset + limit;
    if (limit <= 0 || keep <= 0) return [];
    const p = llToEarth(lat, lng);
    const heap = new NearestHeap(keep);
    const { x, y, z } = this.d;
    const offer = (i: number) => {
      const dx = x[i] - p.x;
      const dy = y[i] - p.y;
      const dz = z[i] - p.z;
      if (heap.full) {
        // Farther along one axis than the farthest row kept: not among the nearest.
        const far = heap.farthest;
        if (dx > far || dx < -far || dy > far || dy < -far || dz > far || dz < -far) return;
      }
      const k = Math.sqrt(dx * dx + dy * dy + dz * dz);
      if (after && (k < after.k || (k === after.k && i < after.from))) return;
      heap.offer(k, i);
    };
    if (this.grid.serves(lng) && countBits(bits) >= this.gridNearestMin) {
      this.grid.rings(
        lat,
        lng,
        (rows, bound) => {
          // A cell whose nearest corner is farther than the farthest row kept: passed over.
          if (heap.full && bound > heap.farthest) return;
          for (let r = 0; r < rows.length; r++) {
            const i = rows[r];
            if ((bits[i >>> 5] & (1 << (i & 31))) !== 0) offer(i);
          }
        },
        (bound) => heap.full && bound > heap.farthest,
      );
    } else {
      for (let w = 0; w < bits.length; w++) {
        let v = bits[w];
        while (v !== 0) {
          const low = v & -v;
          v ^= low;
          offer((w << 5) + 31 - Math.clz32(low));
        }
      }
    }
    return heap.sorted().slice(offset);
  }

  nameAt(i: number): string {
    return this.d.names.slice(this.d.nameStart[i], this.d.nameStart[i + 1]);
  }

  cpsoAt(i: number): string {
    return this.d.cpsos.slice(this.d.cpsoStart[i], this.d.cpsoStart[i + 1]);
  }

  /**
   * The first position whose (name_key, cpso_number) is after `name`, `cpso` (both in
   * PostgreSQL's "C" order, which is JavaScript's for text without surrogate pairs), and whether
   * the position before it is that very row.
   */
  after(name: string, cpso: string): { from: number; exact: boolean } {
    let lo = 0;
    let hi = this.d.n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const n = this.nameAt(mid);
      const later = n > name || (n === name && this.cpsoAt(mid) > cpso);
      if (later) hi = mid;
      else lo = mid + 1;
    }
    const exact = lo > 0 && this.nameAt(lo - 1) === name && this.cpsoAt(lo - 1) === cpso;
    return { from: lo, exact };
  }

  /** The doctor_id of row `i`, as PostgreSQL writes a uuid. */
  doctorId(i: number): string {
    const h = (w: number) => this.d.ids[4 * i + w].toString(16).padStart(8, '0');
    const s = h(0) + h(1) + h(2) + h(3);
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  }
}
