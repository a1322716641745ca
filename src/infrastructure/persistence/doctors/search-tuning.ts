import { WALK_BUDGET } from '../directory/short-walk';

/** How the doctor lists choose between their ways of reading a page (tests tune them). */
export interface SearchTuning {
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

export const DEFAULT_SEARCH_TUNING: SearchTuning = {
  listWalkBudget: WALK_BUDGET,
  shortWalkMinRows: SHORT_WALK_MIN_ROWS,
  shortWalkMinShare: SHORT_WALK_MIN_SHARE,
  shortWalkPassOverPages: SHORT_WALK_PASS_OVER_PAGES,
};
