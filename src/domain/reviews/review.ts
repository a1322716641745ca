export const REVIEW_DIMENSIONS = ['punctuality', 'helpfulness', 'knowledge', 'staff'] as const;
export type ReviewDimension = (typeof REVIEW_DIMENSIONS)[number];

export interface Review {
  readonly author: string;
  readonly rating: number;
  readonly text: string;
  /** YYYY-MM-DD */
  readonly date: string;
  readonly sourceUrl: string | null;
}

/** Count and sum of one dimension's ratings, as read from storage. */
export interface DimensionTally {
  readonly dimension: ReviewDimension;
  readonly count: number;
  readonly sum: number;
}

export interface RatingCounts {
  readonly positive: number;
  readonly negative: number;
  readonly reviewCount: number;
}

/** decisions.md: positive counts ratings 4-5, negative 1-2, reviewCount all of them. */
export function ratingCounts(histogram: Readonly<Record<1 | 2 | 3 | 4 | 5, number>>): RatingCounts {
  return {
    positive: histogram[4] + histogram[5],
    negative: histogram[1] + histogram[2],
    reviewCount: histogram[1] + histogram[2] + histogram[3] + histogram[4] + histogram[5],
  };
}

export function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
