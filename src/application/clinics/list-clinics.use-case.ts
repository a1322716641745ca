import { Injectable } from '@nestjs/common';
import { ClinicListRecord } from '../../domain/clinics/clinic';
import { ClinicCriteria, ClinicInclude } from '../../domain/directory/criteria';
import { Page, PageRequest } from '../../domain/shared/page';
import { Clock } from '../shared/clock';
import { ClinicReadRepository } from './clinic-read.repository';

@Injectable()
export class ListClinicsUseCase {
  constructor(
    private readonly clinics: ClinicReadRepository,
    private readonly clock: Clock,
  ) {}

  execute(
    criteria: ClinicCriteria,
    include: ReadonlySet<ClinicInclude>,
    page: PageRequest,
  ): Promise<Page<ClinicListRecord>> {
    return this.clinics.list(criteria, include, page, this.clock.now());
  }
}
