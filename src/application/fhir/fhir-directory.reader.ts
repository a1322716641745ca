import { Page, PageRequest } from '../../domain/shared/page';
import {
  ClinicCriteriaFhir,
  PractitionerCriteria,
  RoleCriteria,
  ServiceCriteria,
} from './fhir-criteria';
import {
  FhirClinicRecord,
  FhirPractitionerRecord,
  FhirRoleRecord,
  FhirServiceRecord,
} from './fhir-records';

/**
 * Port: the reads of the FHIR view that v1's ports do not offer (address parts, weekly hours,
 * last change, doctor-clinic links, offerings as rows). Every search is ordered in SQL with a
 * unique key last, runs on an index and counts its total exactly.
 */
export abstract class FhirDirectoryReader {
  /** Practising doctors by lower-cased name, then CPSO number. */
  abstract practitioners(
    c: PractitionerCriteria,
    page: PageRequest,
  ): Promise<Page<FhirPractitionerRecord>>;
  /** Doctors by CPSO number, withdrawn ones too (reads and includes). */
  abstract practitionersByCpso(cpsos: readonly string[]): Promise<FhirPractitionerRecord[]>;
  /** Clinics nearest first from `near` (then id), else by lower-cased name, then id. */
  abstract clinics(c: ClinicCriteriaFhir, page: PageRequest): Promise<Page<FhirClinicRecord>>;
  abstract clinicsById(ids: readonly string[]): Promise<FhirClinicRecord[]>;
  /** Links of practising doctors, by CPSO number then clinic id. */
  abstract roles(c: RoleCriteria, page: PageRequest): Promise<Page<FhirRoleRecord>>;
  /** Offerings by clinic id, then specialty name. */
  abstract services(c: ServiceCriteria, page: PageRequest): Promise<Page<FhirServiceRecord>>;
  /** Every specialty name of the directory. */
  abstract specialtyNames(): Promise<string[]>;
}
