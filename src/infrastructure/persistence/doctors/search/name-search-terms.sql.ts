import { where } from '../../directory/criteria-sql';
import { charLength } from '../../directory/name-gram-counts';
import { escapeLike, prefixUpperBound, SqlParams } from '../../directory/sql-params';
import { BranchRead } from './name-search.planner';

/**
 * `(s.name_key || '')` is indexed only beside the point (doctor_geo_earth_name_idx): as a
 * filter it keeps a walk from turning into a scan of its matches through the name indexes
 * (near a point it is the walk's index); as a sort key it keeps a collection from walking
 * the name order.
 */
export function nameOf(how: BranchRead): string {
  return how === 'walk' ? `(s.name_key || '')` : 's.name_key';
}

/**
 * The conditions of a name search on q, over `s` (doctor_search, doctor_geo or
 * doctor_name_order), and q's parameters. A parameter is added when first used (a statement must
 * reference every one it is sent), so the conditions are asked for in the order the statement
 * uses them.
 */
export class NameSearchTerms {
  readonly lower: string;
  /** q itself, for the exact CPSO number. */
  readonly exact: string;
  private readonly pattern: string;
  private containsParam: string | undefined;
  private pieceParam: string | undefined;
  private prefixParam: string | undefined;

  constructor(
    private readonly p: SqlParams,
    private readonly q: string,
  ) {
    this.lower = q.toLowerCase();
    this.pattern = `%${escapeLike(this.lower)}%`;
    this.exact = p.add(q);
  }

  /** `%q%`, escaped. */
  contains(): string {
    return (this.containsParam ??= this.p.add(this.pattern));
  }

  /** `q%`, escaped. */
  prefix(): string {
    return (this.prefixParam ??= this.p.add(`${escapeLike(this.lower)}%`));
  }

  /** q as a two-letter piece. */
  private piece(): string {
    return (this.pieceParam ??= this.p.add(this.lower));
  }

  /**
   * Names containing q. Two letters are too short for the trigram index: the two-letter pieces
   * index serves them, and the piece is checked with strpos, which no index offers to serve (a
   * LIKE here once let the planner add the trigram index, which for two letters returns every
   * name: 700 ms instead of 80 at a million doctors).
   */
  byName(): string {
    if (charLength(this.lower) !== 2) return `s.name_key LIKE ${this.contains()}`;
    const piece = this.piece();
    return `(name_bigrams(s.name_key) @> ARRAY[${piece}]::text[] AND strpos(s.name_key, ${piece}) > 0)`;
  }

  /**
   * The names that contain q but do not start with it are those whose tail (all but the first
   * letter) contains it: doctor_name_order's tail indexes read those alone, where the whole
   * name's indexes also read every name starting with q, to be dropped; and its rows lie in
   * name order, so the matches of a piece, which cluster by name, share blocks. (It has no
   * filter columns: only a search without filters reads it.)
   */
  byTail(): string {
    const tail = 'substr(s.name_key, 2)';
    if (charLength(this.lower) !== 2) return `${tail} LIKE ${this.contains()}`;
    const piece = this.piece();
    return `(name_bigrams(${tail}) @> ARRAY[${piece}]::text[] AND strpos(${tail}, ${piece}) > 0)`;
  }

  /**
   * Names starting with q, read as `how` says. Without a location, they are exactly a range of
   * the name index ("C" order, prefixUpperBound), read in order and stopped at the page: a plan
   * made without the parameters' values can use it, where a LIKE prefix becomes a range only
   * once the planner sees the pattern, and without a LIKE the trigram index cannot be offered (a
   * generic plan took it with the range, collected all 7,869 'geo' names and sorted them:
   * 11.9 ms at a million doctors).
   * Near a point, a counted prefix that is collected reads the same range of
   * doctor_geo_name_idx, which carries the point (index-only, then a sort by distance): the
   * trigram index returned every name with a word starting with q as well, each fetched and
   * rechecked ('san' at 100,000 doctors: 1,466 rows for 735 names, 1.5-2.0 ms; the range
   * 0.5 ms). A walk nearest first checks the pattern in doctor_geo_earth_name_idx.
   */
  startingWith(how: BranchRead, near: boolean): string {
    const upper = prefixUpperBound(this.lower);
    return near && how !== 'collect'
      ? `${nameOf(how)} LIKE ${this.prefix()}`
      : upper === undefined
        ? `s.name_key >= ${this.p.add(this.lower)} AND (s.name_key || '') LIKE ${this.prefix()}`
        : `s.name_key >= ${this.p.add(this.lower)} AND s.name_key < ${this.p.add(upper)}`;
  }

  /** Names that do not start with q, of a doctor whose CPSO number is not q. */
  others(): string {
    return `s.name_key NOT LIKE ${this.prefix()} AND s.cpso_number <> ${this.exact}`;
  }

  /**
   * The total's statement and its parameters. Counted (`containing`, the names containing q):
   * that count, plus a lookup on the CPSO index (a CPSO number that is not also a name match).
   * Else a count of the matches of `from` with `filters`, on the search's own parameters so far.
   */
  total(
    from: string,
    filters: string[],
    containing: number | undefined,
  ): { sql: string; params: unknown[] } {
    if (containing === undefined) {
      const sql = `SELECT count(*)::int AS n FROM ${from} ${where([`(s.cpso_number = ${this.exact} OR ${this.byName()})`, ...filters])}`;
      return { sql, params: [...this.p.values] };
    }
    const t = new SqlParams();
    const sql = `SELECT ${t.add(containing)}::int + count(*)::int AS n FROM ${from}
              WHERE s.cpso_number = ${t.add(this.q)} AND s.name_key NOT LIKE ${t.add(this.pattern)}`;
    return { sql, params: t.values };
  }
}
