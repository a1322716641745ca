import { MAX_COUNTED_GRAM } from '../../directory/name-gram-counts';
import { SearchTuning } from '../search-tuning';

/**
 * How a name branch of a search reads its rows: not at all (it has no match, or cannot reach
 * the page), by walking an order (the name index; near a point, the distance index) and
 * stopping at the page, by collecting its matches from the name indexes and sorting them, or
 * as the planner chooses (not counted).
 */
export type BranchRead = 'none' | 'walk' | 'collect' | 'planner';

/**
 * What doctor_name_grams says about q (issue 14, item 3), for a search that read it: without
 * filters or a radius, for a q of at most three letters.
 */
export interface NameSearchCounts {
  /** Doctors in the directory. */
  readonly doctors: number;
  /** Names starting with q: undefined when q's length is not counted (one letter). */
  readonly startingWith: number | undefined;
  /** Names containing q: undefined when q's length is not counted. */
  readonly containing: number | undefined;
  /**
   * The fewest names in name order from the first that hold the page's reach of names containing
   * q without starting with it (to a checkpoint); undefined past the last checkpoint.
   */
  readonly walkRows: number | undefined;
}

/** A search's situation: its counts (undefined: not counted), the page's reach, its location. */
export interface NameSearchSituation {
  readonly counts: NameSearchCounts | undefined;
  /** offset + limit: each branch stops at this many rows. */
  readonly reach: number;
  /** Near a point: distance breaks ties within a rank, and a walk walks the distance index. */
  readonly near: boolean;
  /** q's length in characters (code points). */
  readonly pieceLength: number;
}

/** How each name rank reads, and how far a walk in name order goes. */
export interface NameSearchPlan {
  /** Rank 1: names starting with q. */
  readonly prefix: BranchRead;
  /** Rank 2: other names containing q. */
  readonly rest: BranchRead;
  /** The most rows of the name index rank 2's walk in name order reads (only for that walk). */
  readonly walkBound: number | undefined;
  /** Counted: every branch's reading is written into the statement, which runs on its generic plan. */
  readonly fixed: boolean;
}

/**
 * Rows of the name index walked (index only, the piece checked on each: 0.2-0.3 µs at a million
 * doctors) per match collected (a tail index entry, then its row of doctor_name_order, whose
 * name order keeps a piece's matches in few blocks, and the sort): 7,472 matches of 'pha'
 * collected in 282 blocks, 3 ms; 37,590 rows walked for 'bri' in 8.4 ms. Measured over the
 * bench's 40 pieces at a million doctors, 4 and 8 gave the same mean within noise.
 */
export const COLLECT_ROW_COST = 8;

/**
 * Whether a search reads doctor_name_grams: only without filters or a radius (the counts are of
 * every practising doctor), and for a q short enough to be counted.
 */
export function isCountedSearch(
  filters: number,
  radiusKm: number | undefined,
  pieceLength: number,
): boolean {
  return filters === 0 && radiusKm === undefined && pieceLength <= MAX_COUNTED_GRAM;
}

/**
 * A branch weighed near a point: a walk nearest first reads about reach x doctors / matches
 * rows, each costing `walkRowCost` matches collected; collecting reads every match and sorts.
 */
function weigh(
  matches: number | undefined,
  reach: number,
  doctors: number,
  walkRowCost: number,
): BranchRead {
  if (matches === undefined) return 'planner';
  if (matches <= 0) return 'none';
  return matches * matches > reach * doctors * walkRowCost ? 'walk' : 'collect';
}

/**
 * How each name rank of a search reads (rank 0, the exact CPSO number, is always the planner's).
 * Not counted: both ranks are the planner's. Counted (s: names starting with q, r: other names
 * containing q, n: doctors, reach: offset + limit, B: nearWalkBreakEven, w: walkRows):
 *
 * | rank      | when                         | no location                  | near a point          |
 * |-----------|------------------------------|------------------------------|-----------------------|
 * | prefix    | s unknown                    | planner (a range, in order)  | planner               |
 * | prefix    | s = 0                        | none                         | none                  |
 * | prefix    | s > 0                        | planner (a range, in order)  | walk if s² > reach·B, else collect |
 * | rest      | s - 1 >= reach (s fill it)   | none                         | none                  |
 * | rest      | r unknown                    | planner                      | planner               |
 * | rest      | r <= 0                       | none                         | none                  |
 * | rest      | r > 0                        | walk if w < 8r, else collect | walk if r² > reach·B (3 letters) or r² > reach·n (2), else collect |
 *
 * Near a point, a walk checks a name's trigrams inside doctor_geo_earth_name_idx; a piece of two
 * letters inside a name has no trigram to check, so there each passed row costs a match.
 */
export function planNameSearch(
  s: NameSearchSituation,
  tuning: Pick<SearchTuning, 'walkLimit' | 'nearWalkBreakEven'>,
): NameSearchPlan {
  const c = s.counts;
  if (c === undefined)
    return { prefix: 'planner', rest: 'planner', walkBound: undefined, fixed: false };
  const rest =
    c.containing !== undefined && c.startingWith !== undefined
      ? c.containing - c.startingWith
      : undefined;
  const nearRowCost = tuning.nearWalkBreakEven / c.doctors;
  const prefix: BranchRead = s.near
    ? weigh(c.startingWith, s.reach, c.doctors, nearRowCost)
    : c.startingWith === 0
      ? 'none'
      : 'planner';
  // Ranks come in order, so when the names starting with q (less one, should a CPSO number
  // equal q) fill the page's reach, no other name can be on the page: that rank is not read
  // (at a million doctors, 'pha' starts 25 names or more, and its other names cost 7-11 ms).
  const prefixFills = c.startingWith !== undefined && c.startingWith - 1 >= s.reach;
  // Without a location the walk in name order is weighed against collecting the matches through
  // the tail indexes: doctor_name_grams says how many names from the first hold the page's
  // reach of matches (to a checkpoint), and the walk is taken when reading them costs less
  // than the collection. Matches cluster by name ('pha' in "stephanie"), so an even spread
  // is no guide: at a million doctors, 6 of its 7,472 lay in the first 29,913 names.
  const restRead: BranchRead = prefixFills
    ? 'none'
    : s.near
      ? weigh(rest, s.reach, c.doctors, s.pieceLength >= 3 ? nearRowCost : 1)
      : rest === undefined
        ? 'planner'
        : rest <= 0
          ? 'none'
          : c.walkRows !== undefined && c.walkRows < rest * COLLECT_ROW_COST
            ? 'walk'
            : 'collect';
  const walkBound =
    restRead === 'walk' && !s.near ? Math.min(c.walkRows!, tuning.walkLimit + s.reach) : undefined;
  return { prefix, rest: restRead, walkBound, fixed: true };
}
