import { isCpsoNumberShape } from '../../domain/doctors/cpso-number';
import { Injectable } from '@nestjs/common';
import { ratingCounts } from '../../domain/reviews/review';
import { NotFoundError } from '../../domain/shared/domain-error';
import { ClinicOpening, scheduleFromDate } from '../clinics/clinic-opening';
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
    private readonly opening: ClinicOpening,
  ) {}

  async execute(cpso: string): Promise<DoctorDetailView> {
    if (!isCpsoNumberShape(cpso)) throw doctorNotFound(cpso);
    const now = this.clock.now();
    // The clinic's exceptions from Toronto's today on, read in the detail's one statement.
    const d = await this.doctors.findByCpso(cpso, scheduleFromDate(now));
    if (!d) throw doctorNotFound(cpso);
    const view = toDoctorView(d, now, this.settings.freshnessDays);
    const opening = this.opening.answer(d.clinicSchedule, now);
    return {
      ...view,
      // openNow as the clinic detail answers it (the same schedule, holidays and exceptions).
      clinic: { ...view.clinic, ...d.clinicHours, openNow: opening.openNow, opening },
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
