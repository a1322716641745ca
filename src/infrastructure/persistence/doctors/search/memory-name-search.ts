import { parseNameQuery } from '../../../../application/doctors/name-match';
import { DoctorCriteria, ListMoments } from '../../../../domain/directory/criteria';
import { DoctorRecord } from '../../../../domain/doctors/doctor';
import { Page, PageRequest } from '../../../../domain/shared/page';
import { pointOf } from '../../directory/criteria-sql';
import { Bits, countFrom, countRange, hasBit, positionsFrom } from '../../directory/memory/bitset';
import { DoctorColumns } from '../../directory/memory/doctor-columns';
import { llToEarth } from '../../directory/memory/earth';
import { NameMatches, SEARCH_RULES } from '../../directory/memory/name-index';
import { ResolvedNames } from '../../directory/reference-ids';
import { SqlParams } from '../../directory/sql-params';
import { DoctorPageReader, SortKeyOf } from '../doctor-page.reader';
import { chosenRows, distanceOf } from '../doctor-memory-list';

const byRank: SortKeyOf = (r) => [r.page_rank, r.page_k, r.page_name, r.cpso_number];

/** A CPSO number's row ranks first (0); names by 1 + their match's rank (name-match.ts). */
const CPSO_BUCKET = 0;

/** Where a cursor leaves a rank: its distance (nearest first) and the first position after it. */
interface Past {
  readonly k: number;
  readonly from: number;
}

/** `into` |= the bits of `src` in [from, to). */
function orRange(into: Bits, src: Bits, from: number, to: number): void {
  if (from >= to) return;
  const w0 = from >>> 5;
  const w1 = (to - 1) >>> 5;
  const head = ~((2 ** (from & 31) - 1) >>> 0);
  const tail = ((to - 1) & 31) === 31 ? -1 : (2 ** (((to - 1) & 31) + 1) - 1) | 0;
  if (w0 === w1) {
    into[w0] |= src[w0] & head & tail;
    return;
  }
  into[w0] |= src[w0] & head;
  for (let w = w0 + 1; w < w1; w++) into[w] |= src[w];
  into[w1] |= src[w1] & tail;
}

/** A rank's groups (positions into the matches) and its rows within the filters. */
interface Bucket {
  readonly rank: number;
  readonly members: number[];
  count: number;
}

/**
 * The name search (issue 50), answered from the columns in memory for every request: the query
 * read by parseNameQuery (a CPSO number, folded words, a title dropped), its names matched by the
 * name index (name-index.ts, the rules of name-match.ts), the rows of each rank within the
 * filters' set; the page by rank, then by name (the rows' order) or nearest first; the total
 * every match. The page's rows are read by id with their rank, one statement (or from kept rows).
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
  ): Promise<Page<DoctorRecord>> {
    const near = criteria.near;
    const query = parseNameQuery(q);
    // Near a point the search keeps only doctors with a point (within the radius, if any).
    const filtered = m.select(criteria, ids, now, moments, near !== undefined);
    const cpsoText = query.cpso ?? q.trim();
    const exact = m.names.rowsOfCpso(cpsoText).filter((i) => hasBit(filtered, i));
    const index = m.d.nameIndex;
    const matches: NameMatches = query.cpso
      ? { groups: new Int32Array(0), ranks: new Int32Array(0) }
      : index.match(query.words, SEARCH_RULES);
    const { groups, ranks } = matches;
    const start = index.groupStart;

    // Buckets of equal rank, in rank order, each one's groups in name order.
    const byRankValue = new Map<number, Bucket>();
    let total = exact.length;
    for (let j = 0; j < groups.length; j++) {
      const g = groups[j];
      const c = countRange(filtered, start[g], start[g + 1]);
      if (c === 0) continue;
      let b = byRankValue.get(ranks[j]);
      if (!b) byRankValue.set(ranks[j], (b = { rank: ranks[j], members: [], count: 0 }));
      b.members.push(g);
      b.count += c;
      total += c;
    }
    const buckets = [...byRankValue.values()].sort((a, b) => a.rank - b.rank);

    const p = near ? llToEarth(near.lat, near.lng) : undefined;
    const keyOf = (i: number) => (p ? m.near.line(i, p.x, p.y, p.z) : 0);
    const after = page.after;
    let skip = page.offset;
    const rows: { i: number; rank: number }[] = [];
    const pastOf = (bucket: number): Past | undefined => {
      if (!after || bucket !== Number(after[0])) return undefined;
      const at = m.names.after(String(after[2]), String(after[3]));
      return { k: at.exact && p ? keyOf(at.from - 1) : Number(after[1]), from: at.from };
    };
    // The CPSO number's row (one, at most).
    if (!after || Number(after[0]) <= CPSO_BUCKET) {
      const past = pastOf(CPSO_BUCKET);
      const ordered = exact
        .map((i) => ({ i, k: keyOf(i) }))
        .filter(({ i, k }) => !past || k > past.k || (k === past.k && i >= past.from))
        .sort((a, b) => a.k - b.k || a.i - b.i)
        .map((r) => r.i);
      for (const i of ordered.slice(skip, skip + page.limit)) rows.push({ i, rank: CPSO_BUCKET });
      skip = Math.max(0, skip - ordered.length);
    }
    const set = m.spares[0];
    for (const b of buckets) {
      if (rows.length >= page.limit) break;
      const bucket = 1 + b.rank;
      if (after && bucket < Number(after[0])) continue;
      const past = pastOf(bucket);
      if (!past && skip >= b.count) {
        skip -= b.count;
        continue;
      }
      const need = page.limit - rows.length;
      set.fill(0);
      for (const g of b.members) orRange(set, filtered, start[g], start[g + 1]);
      for (const i of exact) set[i >>> 5] &= ~(1 << (i & 31));
      let got: number[];
      let available: number;
      if (near) {
        const counted = { n: 0 };
        got = m.near.nearest(set, near.lat, near.lng, skip, need, past, counted);
        available = counted.n;
      } else {
        const from = past?.from ?? 0;
        got = positionsFrom(set, from, skip, need);
        available = got.length < need ? countFrom(set, from) : Infinity;
      }
      for (const i of got) rows.push({ i, rank: bucket });
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
    const rankOfRows = rows.map((r) => r.rank);
    // Nearest first, PostgreSQL's own distances (the order and the cursor's key are its).
    const sql = near
      ? `SELECT s.doctor_id, s.clinic_id, s.name_key, s.cpso_number, r.rank, s.earth <-> ${pointOf(near, sp)} AS k
           FROM unnest(${sp.add(rowIds)}::uuid[], ${sp.add(rankOfRows)}::int[]) AS r(id, rank)
           JOIN doctor_geo s ON s.doctor_id = r.id`
      : chosenRows(m, positions, sp, rankOfRows);
    return this.pages.read(sql, sp, page, Promise.resolve(total), 'fixed', byRank, moments?.now, {
      m,
      positions,
      ids: rowIds,
    });
  }
}
