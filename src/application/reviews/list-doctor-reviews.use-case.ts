import { isCpsoNumberShape } from '../../domain/doctors/cpso-number';
import { Injectable } from '@nestjs/common';
import { Review } from '../../domain/reviews/review';
import { Page, PageRequest } from '../../domain/shared/page';
import { doctorNotFound } from '../doctors/get-doctor.use-case';
import { ReviewReadRepository } from './review-read.repository';

@Injectable()
export class ListDoctorReviewsUseCase {
  constructor(private readonly reviews: ReviewReadRepository) {}

  async execute(
    cpso: string,
    page: PageRequest,
  ): Promise<{ doctorCpso: string; page: Page<Review> }> {
    if (!isCpsoNumberShape(cpso)) throw doctorNotFound(cpso);
    const reviews = await this.reviews.list({ kind: 'doctor', cpso }, page);
    if (!reviews) throw doctorNotFound(cpso);
    return { doctorCpso: cpso, page: reviews };
  }
}
