import { FixedHolidayCalendar } from '../../domain/clinics/hours/public-holidays';
import { NotFoundError } from '../../domain/shared/domain-error';
import { ClinicOpening } from '../clinics/clinic-opening';
import { ListDoctorReviewsUseCase } from '../reviews/list-doctor-reviews.use-case';
import { ReviewReadRepository } from '../reviews/review-read.repository';
import { Clock } from '../shared/clock';
import { DirectorySettings } from '../shared/directory-settings';
import { DoctorReadRepository } from './doctor-read.repository';
import { GetDoctorUseCase } from './get-doctor.use-case';

/** Repositories that record every lookup: text that cannot be a CPSO number must not cause one. */
function recordingDoctors(): {
  repo: DoctorReadRepository;
  reviews: ReviewReadRepository;
  lookups: string[];
} {
  const lookups: string[] = [];
  const repo = {
    findByCpso: (cpso: string) => (lookups.push(cpso), Promise.resolve(null)),
  } as unknown as DoctorReadRepository;
  const reviews = {
    list: (s: { cpso: string }) => (lookups.push(s.cpso), Promise.resolve(null)),
  } as unknown as ReviewReadRepository;
  return { repo, reviews, lookups };
}

const clock: Clock = { now: () => new Date('2026-11-21T12:00:00Z') };
const opening = new ClinicOpening(new FixedHolidayCalendar([]));

describe('CPSO numbers in paths', () => {
  it.each(['9'.repeat(11), 'abc', '12 34', '', '900001x', 'x'.repeat(10_000)])(
    '%j is not found without a database lookup',
    async (cpso) => {
      const { repo, reviews: reviewRepo, lookups } = recordingDoctors();
      const get = new GetDoctorUseCase(repo, clock, new DirectorySettings(30, 5), opening);
      const reviews = new ListDoctorReviewsUseCase(reviewRepo);
      await expect(get.execute(cpso)).rejects.toBeInstanceOf(NotFoundError);
      await expect(reviews.execute(cpso, { limit: 5, offset: 0 })).rejects.toBeInstanceOf(
        NotFoundError,
      );
      expect(lookups).toEqual([]);
    },
  );

  it('a well-formed number is looked up', async () => {
    const { repo, reviews: reviewRepo, lookups } = recordingDoctors();
    const get = new GetDoctorUseCase(repo, clock, new DirectorySettings(30, 5), opening);
    await expect(get.execute('900001')).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      new ListDoctorReviewsUseCase(reviewRepo).execute('900002', { limit: 5, offset: 0 }),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect(lookups).toEqual(['900001', '900002']);
  });
});
