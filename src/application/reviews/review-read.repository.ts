import { ClinicReviewAggregate } from '../../domain/clinics/clinic';
import { ReviewTallies } from '../../domain/doctors/doctor';
import { Review } from '../../domain/reviews/review';
import { Page, PageRequest } from '../../domain/shared/page';

export type ReviewSubject = { kind: 'doctor'; id: string } | { kind: 'clinic'; id: string };

/** Port: reviews of a doctor or a clinic, newest first. */
export abstract class ReviewReadRepository {
  abstract list(subject: ReviewSubject, page: PageRequest): Promise<Page<Review>>;
  abstract tallies(subject: ReviewSubject): Promise<ReviewTallies>;
  abstract clinicAggregate(clinicId: string): Promise<ClinicReviewAggregate>;
}
