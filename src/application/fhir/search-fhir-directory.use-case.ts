import { Injectable } from '@nestjs/common';
import { Page, PageRequest } from '../../domain/shared/page';
import { ListClinicsUseCase } from '../clinics/list-clinics.use-case';
import {
  ClinicCriteriaFhir,
  PractitionerCriteria,
  RoleCriteria,
  ServiceCriteria,
} from './fhir-criteria';
import { FhirDirectoryReader } from './fhir-directory.reader';
import {
  FhirClinicRecord,
  FhirPractitionerRecord,
  FhirRoleRecord,
  FhirServiceRecord,
} from './fhir-records';

/**
 * The FHIR view's searches and reads. A clinic search that v1's clinic list can answer (nothing
 * but a point, a radius and the accepting status) is v1's list itself, so its order, totals and
 * distances are v1's to the digit; the rest read through the FHIR port.
 */
@Injectable()
export class SearchFhirDirectoryUseCase {
  constructor(
    private readonly reader: FhirDirectoryReader,
    private readonly listClinics: ListClinicsUseCase,
  ) {}

  practitioners(c: PractitionerCriteria, page: PageRequest): Promise<Page<FhirPractitionerRecord>> {
    return this.reader.practitioners(c, page);
  }

  practitionersByCpso(cpsos: readonly string[]): Promise<FhirPractitionerRecord[]> {
    return this.reader.practitionersByCpso(cpsos);
  }

  async clinics(c: ClinicCriteriaFhir, page: PageRequest): Promise<Page<FhirClinicRecord>> {
    if (c.ids || c.name || c.city || c.postalCode || c.lastUpdated)
      return this.reader.clinics(c, page);
    const listed = await this.listClinics.execute(
      { near: c.near, radiusKm: c.radiusKm, acceptingStatuses: c.acceptingStatuses },
      new Set(),
      page,
    );
    const rows = new Map(
      (await this.reader.clinicsById(listed.items.map((i) => i.id))).map((r) => [r.id, r]),
    );
    const items = listed.items.flatMap((i) => {
      const row = rows.get(i.id);
      if (!row) return [];
      return [i.distanceKm !== undefined ? { ...row, distanceKm: i.distanceKm } : row];
    });
    return { items, total: listed.total };
  }

  clinicsById(ids: readonly string[]): Promise<FhirClinicRecord[]> {
    return this.reader.clinicsById(ids);
  }

  roles(c: RoleCriteria, page: PageRequest): Promise<Page<FhirRoleRecord>> {
    return this.reader.roles(c, page);
  }

  services(c: ServiceCriteria, page: PageRequest): Promise<Page<FhirServiceRecord>> {
    return this.reader.services(c, page);
  }

  specialtyNames(): Promise<string[]> {
    return this.reader.specialtyNames();
  }
}
