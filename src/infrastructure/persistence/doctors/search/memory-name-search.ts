import { DoctorCriteria, ListMoments } from '../../../../domain/directory/criteria';
import { DoctorRecord } from '../../../../domain/doctors/doctor';
import { Page, PageRequest } from '../../../../domain/shared/page';
import { pointOf } from '../../directory/criteria-sql';
import {
  Bits,
  clearRange,
  countBits,
  countFrom,
  hasBit,
  positionsFrom,
  rangeOf,
} from '../../directory/memory/bitset';
import { DoctorColumns } from '../../directory/memory/doctor-columns';
import { llToEarth } from '../../directory/memory/earth';
import { ResolvedNames } from '../../directory/reference-ids';
import { C_ORDERED } from '../../directory/memory/uuid-words';
import { SqlParams } from '../../directory/sql-params';
import { DoctorPageReader, SortKeyOf } from '../doctor-page.reader';
import { chosenRows, distanceOf } from '../doctor-memory-list';

const byRank: SortKeyOf = (r) => [r.page_rank, r.page_k, r.page_name, r.cpso_number];

/** Where a cursor leaves a rank: its distance (nearest first) and the first position after it. */
interface Past {
  readonly k: number;
  readonly from: number;
}

/**
 * The name search answered from the columns in memory (issue 32): the same three ranks as
 * name-search.sql.ts (the exact CPSO number; names starting with q, a range of the name order;
 * other names containing q, from the names' pieces, NameGrams), each within the filters' set,
 * each by name or nearest first; the exact total the three ranks' counts; the page's rows read
 * by id with their rank, one statement.
 */
export class MemoryNameSearch {
  constructor(private readonly pages: DoctorPageReader) {}

  read(
    m: DoctorColumns,
    q: string,
    criteria: DoctorCriteria,
    ids: ResolvedNames,
    page: PageRequest,
    now: Date,
    moments?: ListMoments,
  ): Promise<Page<DoctorRecord>> | undefined {
    if (!DoctorColumns.answers(criteria) || !C_ORDERED.test(q)) return undefined;
    if (page.after?.some((v) => typeof v === 'string' && !C_ORDERED.test(v))) return undefined;
    const lower = q.toLowerCase();
    if (lower.length < 2) return undefined;
    const near = criteria.near;
    // Near a point the search reads doctor_geo: only doctors with a point, within the radius.
    const filtered = m.select(criteria, ids, now, moments, near !== undefined);
    const [starting, containing] = m.spares;
    const exact = m.names.rowsOfCpso(q).filter((i) => hasBit(filtered, i));
    const prefix = m.names.startingWith(lower);
    rangeOf(starting, filtered, prefix.from, prefix.to);
    m.d.grams.containing(lower, filtered, containing);
    clearRange(containing, prefix.from, prefix.to);
    for (const i of exact) {
      starting[i >>> 5] &= ~(1 << (i & 31));
      containing[i >>> 5] &= ~(1 << (i & 31));
    }
    const total = exact.length + countBits(starting) + countBits(containing);

    const p = near ? llToEarth(near.lat, near.lng) : undefined;
    const keyOf = (i: number) => (p ? m.near.line(i, p.x, p.y, p.z) : 0);
    const after = page.after;
    let skip = page.offset;
    const rows: { i: number; rank: number }[] = [];
    const ranks: (Bits | number[])[] = [exact, starting, containing];
    for (let rank = 0; rank < 3 && rows.length < page.limit; rank++) {
      if (after && rank < Number(after[0])) continue;
      let past: Past | undefined;
      if (after && rank === Number(after[0])) {
        const at = m.names.after(String(after[2]), String(after[3]));
        past = { k: at.exact && p ? keyOf(at.from - 1) : Number(after[1]), from: at.from };
      }
      const need = page.limit - rows.length;
      const set = ranks[rank];
      let got: number[];
      let available: number;
      if (Array.isArray(set)) {
        const ordered = set
          .map((i) => ({ i, k: keyOf(i) }))
          .filter(({ i, k }) => !past || k > past.k || (k === past.k && i >= past.from))
          .sort((a, b) => a.k - b.k || a.i - b.i)
          .map((r) => r.i);
        available = ordered.length;
        got = ordered.slice(skip, skip + need);
      } else if (near) {
        const counted = { n: 0 };
        got = m.near.nearest(set, near.lat, near.lng, skip, need, past, counted);
        available = counted.n;
      } else {
        const from = past?.from ?? 0;
        got = positionsFrom(set, from, skip, need);
        available = got.length < need ? countFrom(set, from) : Infinity;
      }
      for (const i of got) rows.push({ i, rank });
      skip = Math.max(0, skip - available);
    }

    const positions = rows.map((r) => r.i);
    const kept = this.pages.fromKept(
      m,
      positions,
      page,
      total,
      moments?.now,
      (i, k) => [rows[rows.length - 1].rank, k, m.names.nameAt(i), m.names.cpsoAt(i)],
      near ? () => distanceOf(m, positions, near) : undefined,
    );
    if (kept) return kept;
    const sp = new SqlParams();
    const rowIds = positions.map((i) => m.doctorId(i));
    const rankOf = rows.map((r) => r.rank);
    // Nearest first, PostgreSQL's own distances (the order and the cursor's key are its).
    const sql = near
      ? `SELECT s.doctor_id, s.clinic_id, s.name_key, s.cpso_number, r.rank, s.earth <-> ${pointOf(near, sp)} AS k
           FROM unnest(${sp.add(rowIds)}::uuid[], ${sp.add(rankOf)}::int[]) AS r(id, rank)
           JOIN doctor_geo s ON s.doctor_id = r.id`
      : chosenRows(m, positions, sp, rankOf);
    return this.pages.read(sql, sp, page, Promise.resolve(total), 'fixed', byRank, moments?.now, {
      m,
      positions,
      ids: rowIds,
    });
  }
}
