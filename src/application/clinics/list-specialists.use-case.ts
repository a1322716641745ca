import { Injectable } from '@nestjs/common';
import { SpecialistRecord } from '../../domain/clinics/clinic';
import { SpecialistCriteria } from '../../domain/directory/criteria';
import { distanceKm } from '../../domain/geo/location';
import { Page, PageRequest } from '../../domain/shared/page';
import { CatalogueNames } from '../metadata/catalogue-names';
import { Clock } from '../shared/clock';
import { ListMomentsResolver } from '../shared/list-moments';
import { ClinicReadRepository } from './clinic-read.repository';

/** A (clinic, specialty) pair; `distanceKm` only when the client gave a location. */
export type SpecialistView = SpecialistRecord & { distanceKm?: number };

@Injectable()
export class ListSpecialistsUseCase {
  constructor(
    private readonly clinics: ClinicReadRepository,
    private readonly clock: Clock,
    private readonly moments: ListMomentsResolver,
    private readonly catalogue: CatalogueNames,
  ) {}

  async execute(asked: SpecialistCriteria, page: PageRequest): Promise<Page<SpecialistView>> {
    const criteria = await this.catalogue.canonical(asked);
    const now = this.clock.now();
    const moments = this.moments.resolve(criteria, now);
    const result = await this.clinics.specialists(criteria, page, now, moments);
    const from = criteria.near;
    if (!from) return result;
    return {
      total: result.total,
      items: result.items.map((s) => ({ ...s, distanceKm: distanceKm(from, s.lat, s.lng) })),
      lastKey: result.lastKey,
    };
  }
}
