import { PageRequest } from '../../../domain/shared/page';

/**
 * A walk of this many index entries, checking filters in the index, takes about a millisecond at
 * 100,000 doctors (1,621 entries in 0.3 ms), about what planning the page costs; past it a rarer
 * filter is better planned for its values (a bitmap of its matches, then a sort).
 */
export const WALK_BUDGET = 5_000;

const PENDING = Symbol('pending');

/** The value of a promise that has already settled with one, else undefined (never waits for it). */
export async function settledValue<T>(p: Promise<T>): Promise<T | undefined> {
  try {
    const v = await Promise.race([p, Promise.resolve(PENDING)]);
    return v === PENDING ? undefined : v;
  } catch {
    return undefined;
  }
}

/**
 * Whether a page is a short walk of an index holding `walked` rows, of which `matches` pass the
 * filters: reaching the page reads about (offset + limit) x walked / matches entries, at most
 * `budget`. Known only once both are counted (they are cached: totals), so the first page of a
 * filter is planned for its values. A short walk may run on its generic plan
 * (prepared-reads.ts, `walk`).
 */
export async function isShortWalk(
  matches: Promise<number>,
  walked: Promise<number>,
  page: PageRequest,
  budget = WALK_BUDGET,
): Promise<boolean> {
  const [n, rows] = await Promise.all([settledValue(matches), settledValue(walked)]);
  if (n === undefined || rows === undefined || n <= 0) return false;
  return (page.offset + page.limit) * rows <= n * budget;
}

/**
 * Whether a page is known to hold no row without reading it: no rows asked for, or its total is
 * already counted (cached) and the page starts at or past it. A filter that nothing matches, or
 * an offset past the last match, would otherwise walk its whole index to find no row (a
 * nearest-first walk for a specialty no clinic offers read all 26,386 entries of
 * specialist_search's spatial index at 100,000 doctors). A total counted before a change of the
 * directory that its notification has not yet cleared answers the page as the directory was a
 * moment before: the answer is still one consistent state.
 */
export async function isPastTheEnd(total: Promise<number>, page: PageRequest): Promise<boolean> {
  if (page.limit === 0) return true;
  const n = await settledValue(total);
  return n !== undefined && page.offset >= n;
}
