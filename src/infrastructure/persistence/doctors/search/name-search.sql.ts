import { PageRequest, SortKey } from '../../../../domain/shared/page';
import { nearAfter } from '../doctor-read.sql';
import { where } from '../../directory/criteria-sql';
import { SqlParams } from '../../directory/sql-params';
import { NameSearchTerms, nameOf } from './name-search-terms.sql';
import { BranchRead, NameSearchPlan } from './name-search.planner';

/** Practising doctors' ids, names and CPSO numbers in name order, with the tail's indexes. */
const NAME_ORDER = 'doctor_name_order s';

/**
 * The page statement of a name search: exact CPSO first, then names starting with q, then other
 * name matches, each by name (or by distance, with a location). Each rank is its own ordered
 * branch that stops at offset + limit rows (the reach, a parameter added here), so a common
 * two-letter q does not sort every match; each branch reads as the plan says.
 */
export class NameSearchSql {
  private readonly k: string;
  private readonly reachParam: string;

  /**
   * `from` is doctor_search, or near a point doctor_geo (the same columns and name indexes plus
   * the point, so no join); `pt` the point's expression, whose parameters are already added.
   */
  constructor(
    private readonly p: SqlParams,
    private readonly terms: NameSearchTerms,
    private readonly from: string,
    private readonly filters: string[],
    private readonly pt: string | undefined,
    reach: number,
    /** A cursor's (rank, distance, name, CPSO number): the page starts after that row. */
    private readonly after?: SortKey,
  ) {
    this.k = pt ? `s.earth <-> ${pt}` : '0::float8';
    this.reachParam = p.add(reach);
  }

  /** The page: the ranks the plan reads, in order, cut to the page. */
  page(plan: NameSearchPlan, page: PageRequest): string {
    const { p, terms } = this;
    const before: string[] = [];
    if (this.reads(0))
      before.push(this.branch(0, this.past(0, `s.cpso_number = ${terms.exact}`), 'planner'));
    if (plan.prefix !== 'none' && this.reads(1)) {
      const byPrefix = terms.startingWith(plan.prefix, this.pt !== undefined);
      const cond = `${byPrefix} AND s.cpso_number <> ${terms.exact}`;
      before.push(this.branch(1, this.past(1, cond), plan.prefix));
    }
    // (After a cursor each rank is the planner's, so rank 2, the last, is always read.)
    const rest = plan.rest !== 'none' && this.reads(2) ? this.rest(plan.rest, plan.walkBound) : '';
    const order = `ORDER BY h.rank, h.k, h.name_key, h.cpso_number LIMIT ${p.add(page.limit)} OFFSET ${p.add(page.offset)}`;
    if (!rest || before.length === 0)
      return `SELECT h.* FROM (${[...before, rest].filter(Boolean).join(' UNION ALL ')}) h ${order}`;
    // Rank 2 is read only for the part of the reach the ranks before it leave: a LIMIT of 0
    // does not start its scan. Without counts (a search with filters) the planner cannot know
    // that names starting with q fill the page, and q=ji&minYears=2&maxYears=30 at 1,000,000
    // doctors walked 234,717 names for rank 2's 25 rows, none of which the page showed (90 ms).
    const ranks = before.map((b, i) => `r${i} AS (${b})`);
    const counted = before.map((_, i) => `(SELECT count(*) FROM r${i})`).join(' - ');
    return `WITH ${ranks.join(', ')}
            SELECT h.* FROM (${before.map((_, i) => `SELECT * FROM r${i}`).join(' UNION ALL ')}
                             UNION ALL
                             (SELECT * FROM ${rest} r2 LIMIT GREATEST(0, ${this.reachParam} - ${counted}))) h ${order}`;
  }

  /** Whether a rank has rows past the cursor (every rank without one). */
  private reads(rank: number): boolean {
    return !this.after || rank >= (this.after[0] as number);
  }

  /**
   * `cond`, and in the cursor's rank only the rows past its (distance, name, CPSO number), for
   * rows of `s`.
   */
  private past(rank: number, cond: string): string {
    const { after, p, pt } = this;
    if (!after || rank !== after[0]) return cond;
    const key = pt
      ? nearAfter(this.k, 's', after.slice(1), p)
      : `(s.name_key, s.cpso_number) > (${p.add(after[2])}, ${p.add(after[3])})`;
    return `${cond} AND ${key}`;
  }

  /** Rank 2: names containing q that do not start with it. */
  private rest(how: BranchRead, walkBound: number | undefined): string {
    const { p, terms, from, k, reachParam } = this;
    const others = terms.others();
    if (how === 'walk' && !this.pt) {
      // The walk in name order is bounded by the checkpoint that holds the page's reach of
      // matches; should it end short of the page (it does not, while doctor_name_grams is
      // refreshed with the names, as it is), the matches are collected instead (a one-time
      // filter: the collection does not run when the walk was enough). The LIMIT keeps the
      // name's check out of the index scan, so it needs no `|| ''` (a copy of every name).
      const bound = p.add(walkBound);
      const found = `(SELECT count(*) FROM walked)`;
      return `(WITH walked AS (
                      SELECT s.doctor_id, s.clinic_id, s.name_key, s.cpso_number
                        FROM (SELECT s.doctor_id, s.clinic_id, s.name_key, s.cpso_number FROM ${from}
                               ORDER BY s.name_key, s.cpso_number LIMIT ${bound}) s
                       WHERE s.name_key LIKE ${terms.contains()} AND ${others}
                       ORDER BY s.name_key, s.cpso_number LIMIT ${reachParam})
                    SELECT w.*, 2 AS rank, ${k} AS k FROM walked w WHERE ${found} >= ${reachParam}
                    UNION ALL
                    ${this.branch(2, this.past(2, `${terms.byTail()} AND ${others} AND ${found} < ${reachParam}`), 'collect', NAME_ORDER)})`;
    }
    if (how === 'collect' && !this.pt)
      return this.branch(2, this.past(2, `${terms.byTail()} AND ${others}`), how, NAME_ORDER);
    const matching = how === 'walk' ? `${nameOf('walk')} LIKE ${terms.contains()}` : terms.byName();
    return this.branch(2, this.past(2, `${matching} AND ${others}`), how);
  }

  /** One rank's rows matching `cond` and the filters, in order, cut at the reach. */
  private branch(rank: number, cond: string, how: BranchRead, rel = this.from): string {
    const { from, filters, pt, k, reachParam } = this;
    return how === 'walk' && pt
      ? // The distance index has no name order to break ties with, so (as in a nearest-first
        // list) a nearest-neighbour scan reads the branch's rows and every row tied with the last
        // of them (WITH TIES), which are then sorted exactly.
        `(SELECT s.doctor_id, s.clinic_id, s.name_key, s.cpso_number, ${rank} AS rank, s.k
              FROM (SELECT s.doctor_id, s.clinic_id, s.name_key, s.cpso_number, ${k} AS k
                      FROM ${from} ${where([cond, ...filters])}
                     ORDER BY ${k} FETCH FIRST (${reachParam}) ROWS WITH TIES) s
             ORDER BY s.k, s.name_key, s.cpso_number LIMIT ${reachParam})`
      : `(SELECT s.doctor_id, s.clinic_id, s.name_key, s.cpso_number, ${rank} AS rank, ${k} AS k
              FROM ${rel} ${where([cond, ...filters])}
             ORDER BY ${pt ? 'k, ' : ''}${how === 'collect' ? `(s.name_key || '')` : 's.name_key'}, s.cpso_number
             LIMIT ${reachParam})`;
  }
}
