export const FRESHNESS_VALUES = ['fresh', 'stale', 'unknown'] as const;
export type DataFreshness = (typeof FRESHNESS_VALUES)[number];

const DAY_MS = 86_400_000;

/**
 * decisions.md, Freshness: availability checked within `freshnessDays` of now is fresh, older is
 * stale, never checked is unknown.
 */
export function dataFreshness(
  checkedAt: Date | null,
  now: Date,
  freshnessDays: number,
): DataFreshness {
  if (checkedAt === null) return 'unknown';
  return checkedAt.getTime() >= freshCutoff(now, freshnessDays).getTime() ? 'fresh' : 'stale';
}

/** The oldest check time that still counts as fresh. */
export function freshCutoff(now: Date, freshnessDays: number): Date {
  return new Date(now.getTime() - freshnessDays * DAY_MS);
}

/** coveragePct = (fresh + stale) / total x 100, one decimal; 0 when empty. */
export function coveragePct(fresh: number, stale: number, total: number): number {
  if (total === 0) return 0;
  return Math.round(((fresh + stale) / total) * 1000) / 10;
}
