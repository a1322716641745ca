import { Injectable } from '@nestjs/common';
import { buildSignals, Signal } from '../../domain/reviews/signals';
import { assertClinicIdShape, clinicNotFound } from '../clinics/clinic-id';
import { DirectorySettings } from '../shared/directory-settings';
import { ReviewReadRepository } from './review-read.repository';

export interface ClinicSignals {
  clinicId: string;
  minSample: number;
  reviewCount: number;
  signals: Signal[];
}

@Injectable()
export class GetClinicSignalsUseCase {
  constructor(
    private readonly reviews: ReviewReadRepository,
    private readonly settings: DirectorySettings,
  ) {}

  async execute(clinicId: string): Promise<ClinicSignals> {
    assertClinicIdShape(clinicId);
    const t = await this.reviews.tallies({ kind: 'clinic', id: clinicId });
    if (!t) throw clinicNotFound(clinicId);
    const minSample = this.settings.signalsMinSample;
    return {
      clinicId,
      minSample,
      reviewCount: t.reviewCount,
      signals: buildSignals(t.dimensions, minSample),
    };
  }
}
