import { Injectable } from '@nestjs/common';
import { ClinicListRecord } from '../../domain/clinics/clinic';
import { ClinicCriteria, ClinicInclude } from '../../domain/directory/criteria';
import { distanceKm } from '../../domain/geo/location';
import { Page, PageRequest } from '../../domain/shared/page';
import { CatalogueNames } from '../metadata/catalogue-names';
import { Clock } from '../shared/clock';
import { ListMomentsResolver } from '../shared/list-moments';
import { ClinicReadRepository } from './clinic-read.repository';

/** A clinic of a list; `distanceKm` only when the client gave a location. */
export type ClinicListView = ClinicListRecord & { distanceKm?: number };

@Injectable()
export class ListClinicsUseCase {
  constructor(
    private readonly clinics: ClinicReadRepository,
    private readonly clock: Clock,
    private readonly moments: ListMomentsResolver,
    private readonly catalogue: CatalogueNames,
  ) {}

  async execute(
    asked: ClinicCriteria,
    include: ReadonlySet<ClinicInclude>,
    page: PageRequest,
  ): Promise<Page<ClinicListView>> {
    const criteria = await this.catalogue.canonical(asked);
    const now = this.clock.now();
    const moments = this.moments.resolve(criteria, now);
    const result = await this.clinics.list(criteria, include, page, now, moments);
    const from = criteria.near;
    if (!from) return result;
    return {
      total: result.total,
      items: result.items.map((c) => ({ ...c, distanceKm: distanceKm(from, c.lat, c.lng) })),
      lastKey: result.lastKey,
    };
  }
}
