import { Injectable } from '@nestjs/common';
import { coveragePct, freshCutoff } from '../../domain/doctors/freshness';
import { Clock } from '../shared/clock';
import { DirectorySettings } from '../shared/directory-settings';
import { ReadCache } from '../shared/read-cache';
import { DoctorReadRepository } from './doctor-read.repository';

export interface DirectorySummary {
  totalDoctors: number;
  acceptingNewPatients: number;
  bySpecialty: { specialty: string; count: number }[];
  dataFreshness: { fresh: number; stale: number; unknown: number; coveragePct: number };
}

/** Freshness moves with the clock, so the cached summary is kept for a minute at most. */
const SUMMARY_TTL_MS = 60_000;

@Injectable()
export class GetDoctorSummaryUseCase {
  constructor(
    private readonly doctors: DoctorReadRepository,
    private readonly clock: Clock,
    private readonly settings: DirectorySettings,
    private readonly cache: ReadCache,
  ) {}

  execute(): Promise<DirectorySummary> {
    return this.cache.getOrLoad('doctors:summary', SUMMARY_TTL_MS, async () => {
      const c = await this.doctors.counts(
        freshCutoff(this.clock.now(), this.settings.freshnessDays),
      );
      return {
        totalDoctors: c.totalDoctors,
        acceptingNewPatients: c.acceptingNewPatients,
        bySpecialty: c.bySpecialty,
        dataFreshness: {
          fresh: c.fresh,
          stale: c.stale,
          unknown: c.unknown,
          coveragePct: coveragePct(c.fresh, c.stale, c.totalDoctors),
        },
      };
    });
  }
}
