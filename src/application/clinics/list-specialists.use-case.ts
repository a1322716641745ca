import { Injectable } from '@nestjs/common';
import { SpecialistRecord } from '../../domain/clinics/clinic';
import { SpecialistCriteria } from '../../domain/directory/criteria';
import { Page, PageRequest } from '../../domain/shared/page';
import { Clock } from '../shared/clock';
import { ClinicReadRepository } from './clinic-read.repository';

@Injectable()
export class ListSpecialistsUseCase {
  constructor(
    private readonly clinics: ClinicReadRepository,
    private readonly clock: Clock,
  ) {}

  execute(criteria: SpecialistCriteria, page: PageRequest): Promise<Page<SpecialistRecord>> {
    return this.clinics.specialists(criteria, page, this.clock.now());
  }
}
