import { isCpsoNumberShape } from '../../domain/doctors/cpso-number';
import { Injectable } from '@nestjs/common';
import { ratingCounts } from '../../domain/reviews/review';
import { NotFoundError } from '../../domain/shared/domain-error';
import { Clock } from '../shared/clock';
import { DirectorySettings } from '../shared/directory-settings';
import { DoctorReadRepository } from './doctor-read.repository';
import { DoctorDetailView, toDoctorView } from './doctor-views';

@Injectable()
export class GetDoctorUseCase {
  constructor(
    private readonly doctors: DoctorReadRepository,
    private readonly clock: Clock,
    private readonly settings: DirectorySettings,
  ) {}

  async execute(cpso: string): Promise<DoctorDetailView> {
    if (!isCpsoNumberShape(cpso)) throw doctorNotFound(cpso);
    const d = await this.doctors.findByCpso(cpso);
    if (!d) throw doctorNotFound(cpso);
    return {
      ...toDoctorView(d, this.clock.now(), this.settings.freshnessDays),
      referralRequired: d.referralRequired,
      bookingMethod: {
        phone: d.bookingPhone,
        online: d.bookingOnline,
        referralOnly: d.referralOnly,
      },
      rating: ratingCounts(d.ratingHistogram),
      reviews: d.recentReviews,
      expiredAt: d.expiredAt,
      source: d.source,
    };
  }
}

export function doctorNotFound(cpso: string): NotFoundError {
  return new NotFoundError(`No doctor with CPSO number ${JSON.stringify(cpso.slice(0, 40))}.`);
}
