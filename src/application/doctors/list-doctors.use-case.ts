import { Injectable } from '@nestjs/common';
import { DoctorCriteria } from '../../domain/directory/criteria';
import { Page, PageRequest } from '../../domain/shared/page';
import { CatalogueNames } from '../metadata/catalogue-names';
import { Clock } from '../shared/clock';
import { DirectorySettings } from '../shared/directory-settings';
import { ListMomentsResolver } from '../shared/list-moments';
import { DoctorReadRepository } from './doctor-read.repository';
import { DoctorView, toDoctorView } from './doctor-views';

@Injectable()
export class ListDoctorsUseCase {
  constructor(
    private readonly doctors: DoctorReadRepository,
    private readonly clock: Clock,
    private readonly settings: DirectorySettings,
    private readonly moments: ListMomentsResolver,
    private readonly catalogue: CatalogueNames,
  ) {}

  async execute(asked: DoctorCriteria, page: PageRequest): Promise<Page<DoctorView>> {
    const criteria = await this.catalogue.canonical(asked);
    const now = this.clock.now();
    // openNow / openAt as Toronto wall-clock moments (a bad openAt is 400 invalid_param).
    const moments = this.moments.resolve(criteria, now);
    const result = await this.doctors.list(criteria, page, now, moments);
    return {
      total: result.total,
      items: result.items.map((d) =>
        toDoctorView(d, now, this.settings.freshnessDays, criteria.near),
      ),
      lastKey: result.lastKey,
      full: result.full,
    };
  }
}
