import { Injectable } from '@nestjs/common';
import { REVIEW_DIMENSIONS, Review, ReviewDimension, round2 } from '../../domain/reviews/review';
import { Page, PageRequest } from '../../domain/shared/page';
import { assertClinicIdShape, clinicNotFound } from '../clinics/clinic-id';
import { ReviewReadRepository } from './review-read.repository';

export interface ClinicReviewAggregateView {
  avgRating: number | null;
  count: number;
  byDimension: { dimension: ReviewDimension; avgRating: number; count: number }[];
}

@Injectable()
export class ListClinicReviewsUseCase {
  constructor(private readonly reviews: ReviewReadRepository) {}

  async execute(
    clinicId: string,
    page: PageRequest,
  ): Promise<{ clinicId: string; aggregate: ClinicReviewAggregateView; page: Page<Review> }> {
    assertClinicIdShape(clinicId);
    const found = await this.reviews.clinicReviews(clinicId, page);
    if (!found) throw clinicNotFound(clinicId);
    const { aggregate: agg, page: reviews } = found;
    // Dimensions in the enumeration's order; a dimension nobody rated has no average to show.
    const byDimension = REVIEW_DIMENSIONS.flatMap((dimension) => {
      const t = agg.dimensions.find((d) => d.dimension === dimension);
      return t && t.count > 0
        ? [{ dimension, avgRating: round2(t.sum / t.count), count: t.count }]
        : [];
    });
    return {
      clinicId,
      aggregate: {
        avgRating: agg.count > 0 ? round2(agg.sum / agg.count) : null,
        count: agg.count,
        byDimension,
      },
      page: reviews,
    };
  }
}
