import { Injectable } from '@nestjs/common';
import { DoctorCriteria } from '../../domain/directory/criteria';
import { MissingParamError } from '../../domain/shared/domain-error';
import { Page, PageRequest } from '../../domain/shared/page';
import { CatalogueNames } from '../metadata/catalogue-names';
import { Clock } from '../shared/clock';
import { DirectorySettings } from '../shared/directory-settings';
import { ListMomentsResolver } from '../shared/list-moments';
import { DoctorReadRepository } from './doctor-read.repository';
import { DoctorView, toDoctorView } from './doctor-views';

export const MIN_QUERY_LENGTH = 2;

@Injectable()
export class SearchDoctorsUseCase {
  constructor(
    private readonly doctors: DoctorReadRepository,
    private readonly clock: Clock,
    private readonly settings: DirectorySettings,
    private readonly moments: ListMomentsResolver,
    private readonly catalogue: CatalogueNames,
  ) {}

  async execute(
    q: string | undefined,
    asked: DoctorCriteria,
    page: PageRequest,
  ): Promise<Page<DoctorView>> {
    const term = (q ?? '').trim();
    if (term.length < MIN_QUERY_LENGTH) {
      throw new MissingParamError(
        `q is required: at least ${MIN_QUERY_LENGTH} characters of a name or a CPSO number.`,
      );
    }
    const criteria = await this.catalogue.canonical(asked);
    const now = this.clock.now();
    const moments = this.moments.resolve(criteria, now);
    const result = await this.doctors.search(term, criteria, page, now, moments);
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
