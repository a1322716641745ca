import { DoctorCriteria, GeoPoint, ListMoments } from '../../../domain/directory/criteria';
import { hasOpeningFilters } from './doctor-read.sql';
import { DoctorRecord } from '../../../domain/doctors/doctor';
import { Page, PageRequest } from '../../../domain/shared/page';
import { pointOf } from '../directory/criteria-sql';
import { andInto, countBits, hasBit } from '../directory/memory/bitset';
import { DoctorColumns } from '../directory/memory/doctor-columns';
import { llToEarth } from '../directory/memory/earth';
import { ResolvedNames } from '../directory/reference-ids';
import { C_ORDERED } from '../directory/memory/uuid-words';
import { SqlParams } from '../directory/sql-params';
import { DistanceRead, DoctorPageReader, SortKeyOf } from './doctor-page.reader';
import { SearchTuning } from './search-tuning';

const byName: SortKeyOf = (r) => [r.page_name, r.cpso_number];
const nearest: SortKeyOf = (r) => [r.page_k, r.page_name, r.cpso_number];

/** What the columns counted of a list nearest first: its filters' matches, and its total. */
export interface NearCounts {
  readonly matches: number;
  readonly total: number;
  /** The practising doctors (the walk's length is matches against these). */
  readonly everyone: number;
}

/** Lists whose counts are kept per copy of the columns (the oldest dropped past it). */
const NEAR_COUNTS_KEPT = 10_000;

/**
 * Doctor lists answered from the columns in memory (DoctorColumns): the exact total is a count of
 * the filters' set, the page's rows are chosen in memory (in name order, or nearest first through
 * the columns' grid of cells) and read by their ids, one statement by primary key. A page nearest
 * first that a short walk of doctor_geo's index reaches is left to that walk, with the counts
 * made here (`shortWalkNear`).
 */
export class DoctorMemoryList {
  constructor(private readonly pages: DoctorPageReader) {}

  read(
    m: DoctorColumns,
    criteria: DoctorCriteria,
    ids: ResolvedNames,
    page: PageRequest,
    now: Date,
    moments?: ListMoments,
  ): Promise<Page<DoctorRecord>> | undefined {
    if (!DoctorColumns.answers(criteria)) return undefined;
    if (page.after?.some((v) => typeof v === 'string' && !C_ORDERED.test(v))) return undefined;
    if (!criteria.near) return this.byName(m, criteria, ids, page, now, moments);
    const radius = criteria.radiusKm !== undefined;
    const bits = m.select(criteria, ids, now, moments, radius);
    const total = countBits(bits);
    // Without a radius the total counts doctors without a point too; the page reads those with one.
    if (!radius) andInto(bits, m.d.geo);
    let after: { k: number; from: number } | undefined;
    if (page.after) {
      const [k, name, cpso] = page.after;
      const at = m.names.after(String(name), String(cpso));
      const p = criteria.near;
      after = {
        // The cursor's own row, still listed: its distance as computed here (not PostgreSQL's,
        // which may differ in the last digit), so the rows after it are exactly those after it.
        k: at.exact && hasBit(m.d.geo, at.from - 1) ? lineOf(m, at.from - 1, p) : Number(k),
        from: at.from,
      };
    }
    const positions = m.near.nearest(
      bits,
      criteria.near.lat,
      criteria.near.lng,
      page.offset,
      page.limit,
      after,
    );
    const kept = this.pages.fromKept(
      m,
      positions,
      page,
      total,
      moments?.now,
      (i, k) => [k, m.names.nameAt(i), m.names.cpsoAt(i)],
      () => distanceOf(m, positions, criteria.near!),
    );
    if (kept) return kept;
    const q = new SqlParams();
    const pt = pointOf(criteria.near, q);
    const rowIds = positions.map((i) => m.doctorId(i));
    const sql = `SELECT g.doctor_id, g.clinic_id, g.name_key, g.cpso_number, 0 AS rank, g.earth <-> ${pt} AS k
                   FROM doctor_geo g WHERE g.doctor_id = ANY(${q.add(rowIds)}::uuid[])`;
    return this.pages.read(sql, q, page, Promise.resolve(total), 'fixed', nearest, moments?.now, {
      m,
      positions,
      ids: rowIds,
    });
  }

  /** Counts per copy of the columns and list (a copy is replaced at every change). */
  private readonly nearCounts = new WeakMap<DoctorColumns, Map<string, NearCounts>>();

  /**
   * The counts of a list nearest first when its page is a short walk of doctor_geo's index (no
   * cursor, no time or status filter, which a walk probes per row, and matches dense enough),
   * counted once per copy of the columns; else undefined (the columns answer the page). Sets
   * over most doctors within a radius cost the instance's CPU 2 ms a request at 1,000,000
   * doctors, where the walk reads a few dozen entries of the index.
   */
  shortWalkNear(
    m: DoctorColumns,
    criteria: DoctorCriteria,
    ids: ResolvedNames,
    page: PageRequest,
    now: Date,
    moments: ListMoments | undefined,
    tuning: Pick<
      SearchTuning,
      'listWalkBudget' | 'shortWalkMinRows' | 'shortWalkMinShare' | 'shortWalkPassOverPages'
    >,
  ): NearCounts | undefined {
    const budget = tuning.listWalkBudget;
    if (!criteria.near || page.after || hasOpeningFilters(criteria, moments)) return undefined;
    if (m.size < tuning.shortWalkMinRows) return undefined;
    // Near the subway is where it is: from a point away from it a walk reads past every doctor
    // nearer than the first station's (164 to 248 ms first, 14 to 22 ms warm, at 1,000,000).
    if (criteria.nearTTC !== undefined) return undefined;
    if (!DoctorColumns.answers(criteria)) return undefined;
    let memo = this.nearCounts.get(m);
    if (!memo) this.nearCounts.set(m, (memo = new Map<string, NearCounts>()));
    // The copy's revision too: a change applied in place changes the counts.
    const key = JSON.stringify([
      m.revision,
      criteria,
      ids.specialtyIds,
      ids.languageIds,
      now.getUTCFullYear(),
    ]);
    let counts = memo.get(key);
    if (!counts) {
      const matches = countBits(
        m.select({ ...criteria, radiusKm: undefined }, ids, now, moments, false),
      );
      const total =
        criteria.radiusKm === undefined
          ? matches
          : countBits(m.select(criteria, ids, now, moments, true));
      counts = { matches, total, everyone: m.size };
      if (memo.size >= NEAR_COUNTS_KEPT) memo.delete(memo.keys().next().value!);
      memo.set(key, counts);
    }
    const reach = page.offset + page.limit;
    const short =
      counts.matches > 0 &&
      counts.matches >= tuning.shortWalkMinShare * m.size &&
      reach * m.size <= counts.matches * budget &&
      // The entries expected to be read and passed over: reach x (doctors - matches) / matches.
      reach * (m.size - counts.matches) <=
        tuning.shortWalkPassOverPages * (2 * page.limit + 20) * counts.matches;
    return short ? counts : undefined;
  }

  private byName(
    m: DoctorColumns,
    criteria: DoctorCriteria,
    ids: ResolvedNames,
    page: PageRequest,
    now: Date,
    moments?: ListMoments,
  ): Promise<Page<DoctorRecord>> {
    const bits = m.select(criteria, ids, now, moments, false);
    const total = countBits(bits);
    const from = page.after ? m.names.after(String(page.after[0]), String(page.after[1])).from : 0;
    const positions = m.byName(bits, from, page.offset, page.limit);
    const kept = this.pages.fromKept(m, positions, page, total, moments?.now, (i) => [
      m.names.nameAt(i),
      m.names.cpsoAt(i),
    ]);
    if (kept) return kept;
    const q = new SqlParams();
    const rowIds = positions.map((i) => m.doctorId(i));
    const sql = chosenRows(m, positions, q);
    return this.pages.read(sql, q, page, Promise.resolve(total), 'fixed', byName, moments?.now, {
      m,
      positions,
      ids: rowIds,
    });
  }
}

/**
 * The page statement of rows the columns chose in name order (or by rank): their ids, primary
 * clinics and sort keys from the columns, so that the page reads only the doctors' and clinics'
 * rows (doctor_search's index and rows were a quarter of the buffers a first page read from
 * outside PostgreSQL's shared buffers at 1,000,000 doctors).
 */
export function chosenRows(
  m: DoctorColumns,
  positions: readonly number[],
  q: SqlParams,
  ranks?: readonly number[],
): string {
  const column = <T>(f: (i: number, j: number) => T) => q.add(positions.map(f));
  return `SELECT u.doctor_id, u.clinic_id, u.name_key, u.cpso_number, u.rank, 0::float8 AS k
            FROM unnest(${column((i) => m.doctorId(i))}::uuid[],
                        ${column((i) => m.d.clinics.clinicId(m.d.clinic[i]))}::uuid[],
                        ${column((i) => m.names.nameAt(i))}::text[], ${column((i) => m.names.cpsoAt(i))}::text[],
                        ${column((_, j) => ranks?.[j] ?? 0)}::int[])
              AS u(doctor_id, clinic_id, name_key, cpso_number, rank)`;
}

/**
 * The statement reading the last row's distance from `near` as the page statement computes it
 * (a cursor's key nearest first), for a page answered from kept rows.
 */
export function distanceOf(
  m: DoctorColumns,
  positions: readonly number[],
  near: GeoPoint,
): DistanceRead {
  const p = new SqlParams();
  const pt = pointOf(near, p);
  const last = positions[positions.length - 1];
  const id = p.add(m.doctorId(last));
  return {
    key: `${near.lat}|${near.lng}|${last}`,
    sql: `SELECT g.earth <-> ${pt} AS k FROM doctor_geo g WHERE g.doctor_id = ${id}::uuid`,
    p,
  };
}

function lineOf(m: DoctorColumns, i: number, near: GeoPoint): number {
  const p = llToEarth(near.lat, near.lng);
  return m.near.line(i, p.x, p.y, p.z);
}
