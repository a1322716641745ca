import { ClinicCriteria, ListMoments } from '../../../../domain/directory/criteria';
import { ResolvedNames } from '../reference-ids';
import { uuidAt } from './uuid-words';
import { andInto, Bits, emptyBits, fullBits, hasBit, unionInto } from './bitset';
import { ClinicHours, OpenSets } from './clinic-hours';
import { KeptDistances, KeptRows } from './kept-rows';
import { ClinicListRecord, SpecialistRecord } from '../../../../domain/clinics/clinic';
import {
  answeredCriteria,
  answersAll,
  CLINIC_FLAG_COLUMNS,
  ClinicFlagCriterion,
  SetBuilder,
} from './column-sets';
import { ClinicRow, ClinicRowSets, setClinicRowBits } from './clinic-row';
import { DoctorNear } from './doctor-near';
import { llToEarth } from './earth';

export { CLINIC_FLAG_COLUMNS };
export type { ClinicFlagCriterion };

const ANSWERED = answeredCriteria(CLINIC_FLAG_COLUMNS);

/** clinic_search in memory, in (name_key, clinic_id) order, as the loader fills it. */
export interface ClinicColumnData {
  readonly n: number;
  /** clinic_id (a uuid) as four 32-bit words per row. */
  readonly ids: Uint32Array;
  readonly names: string;
  readonly nameStart: Int32Array;
  /** clinic_search's point (cube_ll_coord 1 to 3). */
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly z: Float64Array;
  readonly geo: Bits;
  /** The union of the clinic's practising doctors' specialties and languages (its columns). */
  readonly specialties: ReadonlyMap<number, Bits>;
  readonly languages: ReadonlyMap<number, Bits>;
  readonly statuses: ReadonlyMap<string, Bits>;
  readonly flags: ReadonlyMap<ClinicFlagCriterion, { readonly yes: Bits; readonly no: Bits }>;
  readonly hours: ClinicHours;
  /**
   * Per specialty, its offerings (specialist_search): the clinics in the specialists' order
   * (wait, name, clinic id), their waits, and the set of those clinics.
   */
  readonly offerings: ReadonlyMap<number, Offerings>;
}

export interface Offerings {
  readonly clinics: Int32Array;
  readonly waits: Int32Array;
  readonly set: Bits;
}

/**
 * The clinic lists' columns (docs/list-reads.md, "Lists in memory"): per filter value the set of
 * clinics having it, the clinics' hours and points; the doctor filters ("one doctor satisfies all
 * of them") come from the doctor columns' set, through each doctor's clinics (DoctorColumns).
 */
export class ClinicColumns {
  readonly near: DoctorNear;
  private readonly chosen: Bits;
  private readonly work: Bits;
  private readonly all: Bits;

  /** Rows by clinic_id (the order of clinics at one distance), and each row's rank in it. */
  private readonly byId: Int32Array;
  private readonly idRank: Int32Array;

  /** The clinics open at a moment (kept for the last moments asked). */
  private readonly open: OpenSets;

  constructor(readonly d: ClinicColumnData) {
    this.open = new OpenSets(d.hours, d.n);
    const ids = d.ids;
    this.byId = Int32Array.from({ length: d.n }, (_, i) => i).sort((a, b) => {
      for (let w = 0; w < 4; w++) {
        const x = ids[4 * a + w];
        const y = ids[4 * b + w];
        if (x !== y) return x < y ? -1 : 1;
      }
      return 0;
    });
    this.idRank = new Int32Array(d.n);
    this.byId.forEach((row, rank) => (this.idRank[row] = rank));
    this.near = new DoctorNear(d, undefined, this.idRank);
    this.chosen = emptyBits(d.n);
    this.work = emptyBits(d.n);
    this.all = fullBits(d.n);
  }

  get size(): number {
    return this.d.n;
  }

  static answers(criteria: ClinicCriteria): boolean {
    return answersAll(criteria, ANSWERED);
  }

  /**
   * The clinics passing every clinic filter of `criteria` and, when `doctors` is given, among
   * those it fills in (the clinics where one doctor passes every doctor filter); within the
   * radius when there is one. The set answered is reused by the next call: read it before.
   */
  select(
    criteria: ClinicCriteria,
    ids: ResolvedNames,
    doctors: ((into: Bits) => void) | undefined,
    moments: ListMoments | undefined,
  ): Bits {
    const d = this.d;
    const bits = this.chosen;
    bits.set(this.all);
    if (doctors) {
      doctors(this.work);
      andInto(bits, this.work);
    } else {
      // One list filter alone: the clinic's union of its doctors' ids says it exactly.
      if (ids.specialtyIds)
        andInto(
          bits,
          unionInto(
            this.work,
            ids.specialtyIds.map((i) => d.specialties.get(i)),
          ),
        );
      if (ids.languageIds)
        andInto(
          bits,
          unionInto(
            this.work,
            ids.languageIds.map((i) => d.languages.get(i)),
          ),
        );
    }
    for (const [criterion, flag] of d.flags) {
      const v = criteria[criterion];
      if (v !== undefined) andInto(bits, v ? flag.yes : flag.no);
    }
    if (criteria.acceptingStatuses?.length)
      andInto(
        bits,
        unionInto(
          this.work,
          criteria.acceptingStatuses.map((s) => d.statuses.get(s)),
        ),
      );
    if (moments?.filter) andInto(bits, this.open.at(moments.filter));
    const near = criteria.near;
    if (near) andInto(bits, d.geo);
    if (near && criteria.radiusKm !== undefined)
      this.near.within(bits, near, criteria.radiusKm * 1000);
    return bits;
  }

  /** The list items read of this copy's clinics (kept-rows.ts; clinic-memory-list.ts's keys). */
  readonly kept = new KeptRows<ClinicListRecord>();
  /** The specialists' offerings read (specialist-memory-list.ts's keys). */
  readonly keptSpecialists = new KeptRows<SpecialistRecord>();
  /** PostgreSQL's distances read for the cursors of kept pages (kept-rows.ts). */
  readonly keptDistances = new KeptDistances();

  nameAt(i: number): string {
    return this.d.names.slice(this.d.nameStart[i], this.d.nameStart[i + 1]);
  }

  /** The clinic_id of row `i`, as PostgreSQL writes a uuid. */
  clinicId(i: number): string {
    return uuidAt(this.d.ids, i);
  }

  /**
   * Where a cursor nearest first (its distance `k`, its clinic `id`) leaves the list: the rank
   * by id from which clinics at that distance come after it, and the distance to compare with
   * (the cursor's own clinic's as computed here, should it still be listed: PostgreSQL's may
   * differ in the last digit).
   */
  nearAfter(
    k: number,
    id: string,
    near: { lat: number; lng: number },
    /** Whether the cursor's own clinic comes after it too (its other offerings: specialists). */
    inclusive = false,
  ): { k: number; from: number } {
    let lo = 0;
    let hi = this.d.n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.clinicId(this.byId[mid]) > id) hi = mid;
      else lo = mid + 1;
    }
    const own = lo > 0 && this.clinicId(this.byId[lo - 1]) === id ? this.byId[lo - 1] : -1;
    if (own < 0 || !hasBit(this.d.geo, own)) return { k, from: lo };
    const p = llToEarth(near.lat, near.lng);
    return { k: this.near.line(own, p.x, p.y, p.z), from: inclusive ? lo - 1 : lo };
  }

  /** The position of the clinic whose clinic_id is `id`, or -1 when the copy has none. */
  positionOf(id: string): number {
    let lo = 0;
    let hi = this.d.n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.clinicId(this.byId[mid]) >= id) hi = mid;
      else lo = mid + 1;
    }
    return lo < this.d.n && this.clinicId(this.byId[lo]) === id ? this.byId[lo] : -1;
  }

  /**
   * Whether clinic `row` can be applied in place at `position`: the same name (its place in the
   * clinic lists' order) and the same point (which the geometry indexes).
   */
  canApply(position: number, row: ClinicRow): boolean {
    const d = this.d;
    if (!(position >= 0 && position < d.n) || this.nameAt(position) !== row.name_key) return false;
    const point = row.x !== null;
    if (point !== hasBit(d.geo, position)) return false;
    return (
      !point || (d.x[position] === row.x && d.y[position] === row.y && d.z[position] === row.z)
    );
  }

  /**
   * Applies changed clinics in place (issue 49, item 1; check canApply first): each clinic leaves
   * every set and joins those of its values as clinic_search has them now (read by the same rule
   * as a load, clinic-row.ts), its hours and dated exceptions are replaced, and the specialties
   * in `offerings` get their offerings again (an empty list: none). The open sets and the items
   * kept are dropped. Synchronous, like the doctors' change it goes with.
   */
  applyClinicRows(
    rows: readonly {
      readonly position: number;
      readonly row: ClinicRow;
      readonly exceptions: readonly { readonly date: string; readonly minutes: string }[];
    }[],
    offerings: ReadonlyMap<number, Offerings | undefined>,
  ): void {
    const d = this.d;
    const sets = new SetBuilder(d.n);
    const rowSets: ClinicRowSets = {
      of: (m, k) => sets.of(m, k),
      specialties: d.specialties as Map<number, Bits>,
      languages: d.languages as Map<number, Bits>,
      statuses: d.statuses as Map<string, Bits>,
      flags: d.flags,
    };
    for (const { position: c, row, exceptions } of rows) {
      const bit = ~(1 << (c & 31));
      const w = c >>> 5;
      for (const m of [d.specialties, d.languages, d.statuses])
        for (const b of m.values()) b[w] &= bit;
      for (const f of d.flags.values()) {
        f.yes[w] &= bit;
        f.no[w] &= bit;
      }
      setClinicRowBits(rowSets, c, row);
      d.hours.replace(c, row, exceptions);
    }
    const all = d.offerings as Map<number, Offerings>;
    for (const [s, o] of offerings) {
      if (o) all.set(s, o);
      else all.delete(s);
    }
    this.open.clear();
    this.kept.clear();
    this.keptSpecialists.clear();
    this.keptDistances.clear();
  }

  /** Row `i`'s rank by clinic_id. */
  rankById(i: number): number {
    return this.idRank[i];
  }

  /** The first position whose (name_key, clinic_id) is after `name`, `id` ("C" order). */
  after(name: string, id: string): number {
    let lo = 0;
    let hi = this.d.n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const n = this.nameAt(mid);
      if (n > name || (n === name && this.clinicId(mid) > id)) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}
