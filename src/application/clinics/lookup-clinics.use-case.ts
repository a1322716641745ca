import { Injectable } from '@nestjs/common';
import { ClinicListRecord } from '../../domain/clinics/clinic';
import { ClinicInclude } from '../../domain/directory/criteria';
import { BatchCap, batchKeys, notFoundOf } from '../shared/batch-lookup';
import { Clock } from '../shared/clock';
import { ListMomentsResolver } from '../shared/list-moments';
import { ClinicReadRepository } from './clinic-read.repository';
import { isClinicIdShape } from './clinic-id';

/** Clinics found, in the order asked, and the ids of no clinic. */
export interface ClinicLookup {
  readonly items: ClinicListRecord[];
  readonly notFound: string[];
}

/**
 * Many clinics in one call (`GET /clinics?id=`, issue 34, item 4): up to 100 distinct clinic
 * ids (UUIDs, compared in lower case), answered as list rows in the order asked (a repeated id
 * once, where it first appears), in one statement; `notFound` holds the ids of no clinic.
 */
@Injectable()
export class LookupClinicsUseCase {
  constructor(
    private readonly clinics: ClinicReadRepository,
    private readonly clock: Clock,
    private readonly moments: ListMomentsResolver,
  ) {}

  async execute(
    asked: readonly string[],
    include: ReadonlySet<ClinicInclude>,
    cap?: BatchCap,
  ): Promise<ClinicLookup> {
    const ids = batchKeys(
      'id',
      'clinic ids (UUIDs)',
      asked,
      isClinicIdShape,
      (id) => id.toLowerCase(),
      cap,
    );
    const now = this.moments.momentOf(this.clock.now().getTime());
    const found = await this.clinics.findManyById(ids, include, now);
    return { items: found, notFound: notFoundOf(ids, new Set(found.map((c) => c.id))) };
  }
}
