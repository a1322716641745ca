import { isCpsoNumberShape } from '../../domain/doctors/cpso-number';
import { Injectable } from '@nestjs/common';
import { buildSignals, Signal } from '../../domain/reviews/signals';
import { doctorNotFound } from '../doctors/get-doctor.use-case';
import { DirectorySettings } from '../shared/directory-settings';
import { ReviewReadRepository } from './review-read.repository';

export interface DoctorSignals {
  cpsoNumber: string;
  minSample: number;
  reviewCount: number;
  signals: Signal[];
}

@Injectable()
export class GetDoctorSignalsUseCase {
  constructor(
    private readonly reviews: ReviewReadRepository,
    private readonly settings: DirectorySettings,
  ) {}

  async execute(cpso: string): Promise<DoctorSignals> {
    if (!isCpsoNumberShape(cpso)) throw doctorNotFound(cpso);
    const t = await this.reviews.tallies({ kind: 'doctor', cpso });
    if (!t) throw doctorNotFound(cpso);
    const minSample = this.settings.signalsMinSample;
    return {
      cpsoNumber: cpso,
      minSample,
      reviewCount: t.reviewCount,
      signals: buildSignals(t.dimensions, minSample),
    };
  }
}
