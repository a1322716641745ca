import { Injectable } from '@nestjs/common';
import { isCpsoNumberShape } from '../../domain/doctors/cpso-number';
import { BatchCap, batchKeys, notFoundOf } from '../shared/batch-lookup';
import { Clock } from '../shared/clock';
import { DirectorySettings } from '../shared/directory-settings';
import { ListMomentsResolver } from '../shared/list-moments';
import { DoctorReadRepository } from './doctor-read.repository';
import { DoctorView, toDoctorView } from './doctor-views';

/** Doctors found, in the order asked, and the numbers of no practising doctor. */
export interface DoctorLookup {
  readonly items: DoctorView[];
  readonly notFound: string[];
}

/**
 * Many doctors in one call (`GET /doctors?cpso=`, issue 34, item 4): up to 100 distinct CPSO
 * numbers, answered as list rows in the order asked (a repeated number once, where it first
 * appears), in one statement; `notFound` holds the numbers of no practising doctor (unknown, or
 * expired: lists leave expired doctors out, and so does this).
 */
@Injectable()
export class LookupDoctorsUseCase {
  constructor(
    private readonly doctors: DoctorReadRepository,
    private readonly clock: Clock,
    private readonly settings: DirectorySettings,
    private readonly moments: ListMomentsResolver,
  ) {}

  async execute(asked: readonly string[], cap?: BatchCap): Promise<DoctorLookup> {
    const cpsos = batchKeys(
      'cpso',
      'CPSO numbers (digits)',
      asked,
      isCpsoNumberShape,
      (k) => k,
      cap,
    );
    const now = this.clock.now();
    const found = await this.doctors.findManyByCpso(cpsos, this.moments.momentOf(now.getTime()));
    return {
      items: found.map((d) => toDoctorView(d, now, this.settings.freshnessDays)),
      notFound: notFoundOf(cpsos, new Set(found.map((d) => d.cpsoNumber))),
    };
  }
}
