import { WALK_BUDGET } from '../directory/short-walk';

/** How far a walk in name order goes before the search collects its matches instead. */
export interface SearchTuning {
  /**
   * The most rows of the name index a walk in name order reads (tests: a short walk ends short
   * of the page and the matches are collected instead); by default as far as doctor_name_grams
   * says a page's worth of matches lie.
   */
  readonly walkLimit: number;
  /** Near a point, walk a branch when its matches squared exceed its reach times this. */
  readonly nearWalkBreakEven: number;
  /**
   * A list page (in name order, or nearest first) runs on its generic plan (prepared-reads.ts,
   * `walk`) when the index entries it is expected to walk, (offset + limit) x rows of the index /
   * matches, are at most this many.
   */
  readonly listWalkBudget: number;
  /**
   * With the columns in memory, a page nearest first is left to a short walk of doctor_geo's
   * index only in directories of at least this many doctors (doctor-memory-list.ts; tests: 0).
   */
  readonly shortWalkMinRows: number;
  /**
   * With the columns in memory, the least share of the doctors a list's filters must match for
   * such a short walk nearest first (which then reads about (offset + limit) / share entries of
   * the index); below it the columns answer.
   */
  readonly shortWalkMinShare: number;
  /**
   * And the most entries such a walk is expected to read and pass over, in pages' worth (2 x
   * limit + 20 each, `npm run plans`'s measure): a deep page of a filter 85% of the doctors pass
   * (offset 3,144) passed over 576 entries; the columns' heap reads none.
   */
  readonly shortWalkPassOverPages: number;
}

/**
 * Below this many rows the columns answer every page nearest first themselves: their sets cost
 * about 0.2 ms at 100,000 doctors, less than a walk of doctor_geo's index and its page statement
 * (measured: 497 -> 619 req/s with the walk's rows kept, at 32 connections); at 1,000,000 they
 * cost 2 ms, which the walk beats (c625682).
 */
export const SHORT_WALK_MIN_ROWS = 250_000;

/**
 * A short walk nearest first with the columns loaded is taken only for filters that half the
 * doctors or more match, so that it reads about twice the page's reach of doctor_geo's index (a
 * page's worth for `npm run plans`, which flagged a walk of 365 entries for 147 rows). Read cold,
 * a walk of 1,300 entries (non-binary doctors within 25 km) took 23 to 51 ms on its first request
 * at 1,000,000 doctors, where the columns' page took 8 to 13 ms; since the radius sets are kept
 * (64 per copy), the columns' page of a dense filter costs no more than the walk (the
 * doctors-near class at 32 connections: 957-969 req/s, p99 66 ms, without walks; 945 req/s, p99
 * 88 ms, with walks of up to 5,000 entries).
 */
export const SHORT_WALK_MIN_SHARE = 0.5;
export const SHORT_WALK_PASS_OVER_PAGES = 1;

/** Injection token of a SearchTuning (tests); the default otherwise. */
export const SEARCH_TUNING = 'SEARCH_TUNING';

/**
 * Near a point, a walk beats collecting the matches of a name branch once its matches squared
 * exceed the page's reach times this. Measured on two cores, page of 25: at 100,000 doctors the
 * two broke even near 800 matches (1,221 matches: walk 0.53 ms, collect 0.88 ms; 407: walk
 * 7.6 ms, collect 0.28 ms); at a million doctors, 1,354 matches walked in 2 ms, where the
 * page that collected them took 22-26 ms. A collected match costs more as the directory outgrows
 * memory, while a walk checks names inside doctor_geo_earth_name_idx, so the break-even stays
 * near the same count.
 */
export const NEAR_WALK_BREAK_EVEN = 25_000;

export const DEFAULT_SEARCH_TUNING: SearchTuning = {
  walkLimit: Number.POSITIVE_INFINITY,
  nearWalkBreakEven: NEAR_WALK_BREAK_EVEN,
  listWalkBudget: WALK_BUDGET,
  shortWalkMinRows: SHORT_WALK_MIN_ROWS,
  shortWalkMinShare: SHORT_WALK_MIN_SHARE,
  shortWalkPassOverPages: SHORT_WALK_PASS_OVER_PAGES,
};
