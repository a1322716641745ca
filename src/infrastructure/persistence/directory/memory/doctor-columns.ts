import {
  DoctorAttributeCriteria,
  DoctorCriteria,
  ListMoments,
} from '../../../../domain/directory/criteria';
import { latestStartYearFor } from '../../../../domain/doctors/years-of-practice';
import { ResolvedNames } from '../reference-ids';
import { uuidAt } from './uuid-words';
import {
  andInto,
  andNotInto,
  Bits,
  countBits,
  countRange,
  emptyBits,
  fullBits,
  hasBit,
  positionsFrom,
  setBit,
  unionInto,
} from './bitset';
import { SetBuilder } from './column-sets';
import { DoctorRow, DoctorRowSets, setDoctorRowBits } from './doctor-row';
import { ClinicColumns } from './clinic-columns';
import { ClinicHours, countAtMost, OpenSets } from './clinic-hours';
import { DoctorNames } from './doctor-names';
import { DoctorNear, NearestWalk } from './doctor-near';
import { NameIndex } from './name-index';
import { answeredCriteria, answersAll, FLAG_COLUMNS, FlagCriterion } from './column-sets';
import { DoctorRecord } from '../../../../domain/doctors/doctor';
import { KeptDistances, KeptRows } from './kept-rows';
import { OfferingDoctor, OfferingLanguages } from './offering-languages';

export { FLAG_COLUMNS };
export type { FlagCriterion };

const ANSWERED = answeredCriteria(FLAG_COLUMNS);

/** Clinic sets of doctor filters kept per copy (DoctorColumns.clinicsOfDoctors). */
const CLINIC_SETS_KEPT = 256;

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
  /** The clinic lists' columns (rows' `clinic` is a position of them). */
  readonly clinics: ClinicColumns;
  /** Each doctor's clinics: for row d, doctorClinics.clinics[start[d]] to [start[d + 1] - 1]. */
  readonly doctorClinics: { readonly start: Int32Array; readonly clinics: Int32Array };
  /** The names folded into words, their vocabulary and postings (the name search, issue 50). */
  readonly nameIndex: NameIndex;
}

/**
 * doctor_search in memory (docs/list-reads.md, "Doctor lists in memory"): per filter value the
 * set of rows having it (bit sets in name order), the start years, the primary clinic (for its
 * hours) and doctor_geo's point of each row. Any combination of the doctor list's filters is a
 * few passes over n / 32 words, its exact total a population count, a page in name order the
 * set's positions from the page's start, and a page nearest first the nearest of the set's rows.
 */
export class DoctorColumns {
  /** The rows' points: radii and nearest first (doctor-near.ts). */
  readonly near: DoctorNear;
  /**
   * Reused sets, so that a list allocates nothing (at 1,000,000 doctors a set is 124 KB, and
   * sets made per request were collected in pauses of 10 ms and more): `select` answers in
   * `chosen`, valid until its next call, which the readers use before they next await.
   */
  private readonly chosen: Bits;
  private readonly work: Bits;
  private readonly none: Bits;
  /** Two more sets a reader may fill after `select` (the name search's ranks), until it awaits. */
  readonly spares: readonly [Bits, Bits];

  constructor(
    readonly d: DoctorColumnData,
    /** How pages nearest first are read (tests force one way). */
    walk?: NearestWalk,
    /** Parts built beforehand (the loader builds them between yields to requests). */
    built: { near?: DoctorNear; offeringLanguages?: OfferingLanguages } = {},
  ) {
    this.near = built.near ?? new DoctorNear(d, walk);
    this.names = new DoctorNames(d);
    this.chosen = emptyBits(d.n);
    this.work = emptyBits(d.n);
    this.none = emptyBits(d.n);
    this.spares = [emptyBits(d.n), emptyBits(d.n)];
    this.all = fullBits(d.n);
    this.servedCount = d.n;
    this.open = new OpenSets(d.hours, d.n, d.clinic);
    this.offeringLanguages =
      'offeringLanguages' in built ? built.offeringLanguages : OfferingLanguages.build(d);
  }

  /** Each specialist offering's languages (offering-languages.ts), undefined if not held. */
  offeringLanguages: OfferingLanguages | undefined;

  /** The rows whose primary clinic is open at a moment (kept for the last moments asked). */
  private readonly open: OpenSets;

  /** The rows served (every row of a load; a row a change removed is out of it, kept in place). */
  private readonly all: Bits;
  /** How many rows are served (`all`'s count). */
  private servedCount: number;
  /**
   * Bumped by every change applied in place (applyRows): what is computed of the copy and kept
   * beside it (a list's counts, say) is keyed by it.
   */
  revision = 0;

  /** The rows' slots: positions run from 0 to size - 1 (a removed row keeps its slot). */
  get size(): number {
    return this.d.n;
  }

  /** The doctors served: every row of the load, less those a change removed since. */
  get served(): number {
    return this.servedCount;
  }

  /** Whether row `i` is served. */
  isServed(i: number): boolean {
    return hasBit(this.all, i);
  }

  /** How many rows of positions [from, to) are served. */
  servedBetween(from: number, to: number): number {
    return this.servedCount === this.d.n ? to - from : countRange(this.all, from, to);
  }

  /** Every doctor served, in name order: `limit` positions after `offset` of them. */
  everyone(offset: number, limit: number): number[] {
    return positionsFrom(this.all, 0, offset, limit);
  }

  /** Compiles the doctors' and the clinics' geometry before the first list (DoctorNear.warmUp). */
  warmUp(): void {
    this.d.nameIndex.warmUp();
    this.near.warmUp();
    this.d.clinics.near.warmUp();
  }

  /** Whether every criterion sent is one the columns answer. */
  static answers(criteria: DoctorCriteria): boolean {
    return answersAll(criteria, ANSWERED);
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
    this.attributes(bits, criteria, ids, now);
    const anyOf = (sets: (Bits | undefined)[]) => andInto(bits, unionInto(this.work, sets));
    for (const [criterion, flag] of d.flags) {
      const v = criteria[criterion];
      if (v !== undefined) andInto(bits, v ? flag.yes : flag.no);
    }
    if (criteria.acceptingStatuses?.length)
      anyOf(criteria.acceptingStatuses.map((s) => d.statuses.get(s)));
    const near = criteria.near;
    const radiusKm = near ? criteria.radiusKm : undefined;
    if (geoOnly || radiusKm !== undefined) andInto(bits, d.geo);
    if (moments?.filter) andInto(bits, this.open.at(moments.filter));
    if (near && radiusKm !== undefined) this.near.within(bits, near, radiusKm * 1000);
    return bits;
  }

  /** `bits` = the doctors passing the filters on the doctor's own attributes. */
  private attributes(
    bits: Bits,
    criteria: DoctorAttributeCriteria,
    ids: ResolvedNames,
    now: Date,
  ): void {
    const d = this.d;
    bits.set(this.all);
    const anyOf = (sets: (Bits | undefined)[]) => andInto(bits, unionInto(this.work, sets));
    if (ids.specialtyIds) anyOf(ids.specialtyIds.map((i) => d.specialties.get(i)));
    if (ids.languageIds) anyOf(ids.languageIds.map((i) => d.languages.get(i)));
    if (criteria.gender) andInto(bits, d.genders.get(criteria.gender) ?? this.none);
    const lowest =
      criteria.maxYears !== undefined ? latestStartYearFor(criteria.maxYears, now) : undefined;
    const highest =
      criteria.minYears !== undefined ? latestStartYearFor(criteria.minYears, now) : undefined;
    // A range of start years: the rows up to its last year, less the rows before its first.
    if (highest !== undefined) andInto(bits, this.startedBy(highest));
    if (lowest !== undefined) andNotInto(bits, this.startedBy(lowest - 1));
  }

  /**
   * `into` (a set of clinics, cleared) = the clinics where one doctor passes every doctor filter
   * of `criteria` (clinic_doctor_search: any clinic the doctor practises at).
   */
  clinicsOfDoctors(
    criteria: DoctorAttributeCriteria,
    ids: ResolvedNames,
    now: Date,
    into: Bits,
  ): void {
    const year = now.getUTCFullYear();
    const key = JSON.stringify([
      ids.specialtyIds ?? null,
      ids.languageIds ?? null,
      criteria.gender ?? null,
      criteria.minYears === undefined ? null : year - criteria.minYears,
      criteria.maxYears === undefined ? null : year - criteria.maxYears,
    ]);
    const known = this.clinicSets.get(key);
    if (known) {
      into.set(known);
      return;
    }
    const doctors = this.spares[0];
    this.attributes(doctors, criteria, ids, now);
    into.fill(0);
    const { start, clinics } = this.d.doctorClinics;
    for (let w = 0; w < doctors.length; w++) {
      let v = doctors[w];
      while (v !== 0) {
        const low = v & -v;
        v ^= low;
        const i = (w << 5) + 31 - Math.clz32(low);
        for (let k = start[i]; k < start[i + 1]; k++) {
          const c = clinics[k];
          into[c >>> 5] |= 1 << (c & 31);
        }
      }
    }
    if (this.clinicSets.size >= CLINIC_SETS_KEPT)
      this.clinicSets.delete(this.clinicSets.keys().next().value!);
    this.clinicSets.set(key, into.slice());
  }

  /**
   * The clinics' sets of doctor filters computed (clinicsOfDoctors), by the filters: a pass over
   * every matching doctor's clinics (half a million at 1,000,000 doctors for one gender, 3 to 5
   * ms) is made once per copy and filter. 256 at most (33 KB each at 266,667 clinics).
   */
  private readonly clinicSets = new Map<string, Bits>();

  /** The rows whose start year is known and at most `year` (d.startedBy's sets, cumulative). */
  private startedBy(year: number): Bits {
    // The last year of the list at or before `year`.
    const lo = countAtMost(this.d.years, year);
    return lo === 0 ? this.none : this.d.startedBy[lo - 1];
  }

  count(bits: Bits): number {
    return countBits(bits);
  }

  /** A page in name order: `limit` rows of the set from position `from`, `offset` skipped. */
  byName(bits: Bits, from: number, offset: number, limit: number): number[] {
    return positionsFrom(bits, from, offset, limit);
  }

  /** The rows' names and CPSO numbers: cursors' places, prefixes, CPSO lookups (doctor-names.ts). */
  readonly names: DoctorNames;

  /** The list items read of this copy's rows, by position (kept-rows.ts). */
  readonly kept = new KeptRows<DoctorRecord>();
  /** PostgreSQL's distances read for the cursors of kept pages (kept-rows.ts). */
  readonly keptDistances = new KeptDistances();

  /**
   * Whether `change` can be applied in place: it names a row of this copy and, when the doctor is
   * still served, keeps the row where it is (the same name and CPSO number: its place in name
   * order), its point (its primary clinic's, which the geometry indexes) and a start year the
   * copy has a set for. Anything else (a new doctor, a new name, a move) needs a load.
   */
  canApply(change: RowChange): boolean {
    const d = this.d;
    const p = change.position;
    if (!(p >= 0 && p < d.n)) return false;
    const now = change.now;
    if (!now) return true;
    const r = now.row;
    if (this.names.nameAt(p) !== r.name_key || this.names.cpsoAt(p) !== r.cpso_number) return false;
    const year = r.practice_start_year;
    if (year !== null && !d.years.includes(year)) return false;
    const cd = d.clinics.d;
    const c = now.clinic;
    if (!(c >= 0 && c < cd.n) || now.clinics.some((k) => !(k >= 0 && k < cd.n))) return false;
    const point = hasBit(cd.geo, c);
    if (point !== hasBit(d.geo, p)) return false;
    return !point || (cd.x[c] === d.x[p] && cd.y[c] === d.y[p] && cd.z[c] === d.z[p]);
  }

  /**
   * Applies changes of rows in place (issue 49, item 1), all of them or none (false: one cannot
   * be, see canApply): each row leaves every set and, when still served, goes into the sets of its
   * values as doctor_search has them now, read by the same rule as a load (setDoctorRowBits);
   * its clinics are replaced; what was computed of the copy (open sets, clinic sets, the rows
   * and distances kept, the offerings' languages) is dropped or computed again. Synchronous: an
   * answer computed between two awaits sees the copy before or after, never in between.
   */
  applyRows(
    changes: readonly RowChange[],
    /**
     * The clinics whose doctors changed (those the rows practised and practise at, and any
     * clinic changed) and their practising doctors now: their offerings' languages.
     */
    offerings: { readonly clinics: Iterable<number>; readonly doctors: readonly OfferingDoctor[] },
  ): boolean {
    if (!changes.every((c) => this.canApply(c))) return false;
    const d = this.d;
    const sets = new SetBuilder(d.n);
    const rowSets: DoctorRowSets = {
      of: (m, k) => sets.of(m, k),
      startedIn: (year) => d.startedBy.slice(d.years.indexOf(year)),
      specialties: d.specialties as Map<number, Bits>,
      languages: d.languages as Map<number, Bits>,
      genders: d.genders as Map<string, Bits>,
      statuses: d.statuses as Map<string, Bits>,
      flags: d.flags,
    };
    const clinicsOf = new Map<number, readonly number[]>();
    for (const { position: p, now } of changes) {
      const bit = ~(1 << (p & 31));
      const w = p >>> 5;
      const clear = (b: Bits) => (b[w] &= bit);
      for (const m of [d.specialties, d.languages, d.genders, d.statuses])
        for (const b of m.values()) clear(b);
      for (const f of d.flags.values()) {
        clear(f.yes);
        clear(f.no);
      }
      for (const b of d.startedBy) clear(b);
      if (hasBit(this.all, p)) this.servedCount--;
      clear(this.all);
      clinicsOf.set(p, now ? now.clinics : []);
      if (!now) continue;
      setBit(this.all, p);
      this.servedCount++;
      d.clinic[p] = now.clinic;
      setDoctorRowBits(rowSets, p, now.row, this.statusOf(now.clinic));
    }
    (d as { doctorClinics: DoctorColumnData['doctorClinics'] }).doctorClinics = withClinics(
      d.doctorClinics,
      clinicsOf,
    );
    if (
      this.offeringLanguages &&
      !this.offeringLanguages.replace(offerings.clinics, d.specialties.keys(), offerings.doctors)
    )
      this.offeringLanguages = undefined;
    this.open.clear();
    this.clinicSets.clear();
    this.kept.clear();
    this.keptDistances.clear();
    this.revision++;
    return true;
  }

  /** The graded status of clinic `c` (its doctors' rows carry it). */
  private statusOf(c: number): string {
    for (const [status, set] of this.d.clinics.d.statuses) if (hasBit(set, c)) return status;
    throw new Error(`clinic ${c} has no status`);
  }

  /** The doctor_id of row `i`, as PostgreSQL writes a uuid. */
  doctorId(i: number): string {
    return uuidAt(this.d.ids, i);
  }
}

/** A change of one row of a copy, to apply in place (DoctorColumns.applyRows). */
export interface RowChange {
  /** The row's position in the copy. */
  readonly position: number;
  /**
   * The row as doctor_search has it now, its primary clinic's position and every clinic's it
   * practises at; undefined when the doctor is no longer served.
   */
  readonly now?: {
    readonly row: DoctorRow;
    readonly clinic: number;
    readonly clinics: readonly number[];
  };
}

/** The doctors' clinics with the rows of `replaced` given their new lists (one pass). */
function withClinics(
  old: DoctorColumnData['doctorClinics'],
  replaced: ReadonlyMap<number, readonly number[]>,
): DoctorColumnData['doctorClinics'] {
  if (replaced.size === 0) return old;
  // Every list as long as before (a change of attributes, not of links): written in place.
  if ([...replaced].every(([p, list]) => list.length === old.start[p + 1] - old.start[p])) {
    for (const [p, list] of replaced) old.clinics.set(list, old.start[p]);
    return old;
  }
  const n = old.start.length - 1;
  let length = old.clinics.length;
  for (const [p, list] of replaced) length += list.length - (old.start[p + 1] - old.start[p]);
  const start = new Int32Array(n + 1);
  const clinics = new Int32Array(length);
  let at = 0;
  let from = 0;
  // Unchanged runs are copied whole; a replaced row's list is written in its place.
  for (const p of [...replaced.keys()].sort((a, b) => a - b)) {
    clinics.set(old.clinics.subarray(old.start[from], old.start[p]), at);
    for (let i = from; i < p; i++) start[i + 1] = old.start[i + 1] - old.start[from] + at;
    at += old.start[p] - old.start[from];
    for (const c of replaced.get(p)!) clinics[at++] = c;
    start[p + 1] = at;
    from = p + 1;
  }
  clinics.set(old.clinics.subarray(old.start[from], old.start[n]), at);
  for (let i = from; i < n; i++) start[i + 1] = old.start[i + 1] - old.start[from] + at;
  return { start, clinics };
}
