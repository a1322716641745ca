import { ClinicReviewAggregate } from '../../domain/clinics/clinic';
import { ReviewTallies } from '../../domain/doctors/doctor';
import { Review } from '../../domain/reviews/review';
import { Page, PageRequest } from '../../domain/shared/page';

/** A doctor by CPSO number (expired doctors included) or a clinic by id. */
export type ReviewSubject = { kind: 'doctor'; cpso: string } | { kind: 'clinic'; id: string };

/**
 * Port: reviews of a doctor or a clinic, newest first. Each read finds its subject and reads its
 * reviews in one statement; null when there is no such subject.
 */
export abstract class ReviewReadRepository {
  abstract list(subject: ReviewSubject, page: PageRequest): Promise<Page<Review> | null>;
  abstract tallies(subject: ReviewSubject): Promise<ReviewTallies | null>;
  /** A page of a clinic's reviews with the aggregate of all of them. */
  abstract clinicReviews(
    clinicId: string,
    page: PageRequest,
  ): Promise<{ aggregate: ClinicReviewAggregate; page: Page<Review> } | null>;
}
