import { DimensionTally, REVIEW_DIMENSIONS, ReviewDimension, round2 } from './review';

export interface Signal {
  readonly dimension: ReviewDimension;
  readonly count: number;
  readonly avgRating: number | null;
  readonly sufficient: boolean;
}

/**
 * decisions.md, Review signals: one entry per dimension in the enumeration's order; the average
 * is shown (2 decimals) only when the dimension has at least `minSample` ratings.
 */
export function buildSignals(tallies: readonly DimensionTally[], minSample: number): Signal[] {
  return REVIEW_DIMENSIONS.map((dimension) => {
    const t = tallies.find((x) => x.dimension === dimension);
    const count = t?.count ?? 0;
    const sufficient = count >= minSample && count > 0;
    return { dimension, count, avgRating: sufficient ? round2(t!.sum / count) : null, sufficient };
  });
}
