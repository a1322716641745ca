import { FhirDirectoryReader } from '../../src/application/fhir/fhir-directory.reader';
import { PageRequest } from '../../src/domain/shared/page';
import { Samples } from './endpoints';
import { PlanCase } from './plan-cases';

const PAGE: PageRequest = { limit: 25, offset: 0 };

/**
 * The FHIR view's searches (issue 35) through its own reader, with the bench's samples: each
 * parameter alone, the combinations a client makes, `_lastUpdated`, and the include reads. A
 * Location search with only `near` is v1's clinic list (its cases above).
 */
export function fhirPlanCases(s: Samples, reader: FhirDirectoryReader): PlanCase[] {
  const spec = s.specialties.includes('Cardiology') ? 'Cardiology' : s.specialties[1];
  const commonSpec = s.specialties[0];
  const [p1] = s.points;
  const clinic = s.clinicIds[0];
  const cpsos = s.cpsos.slice(0, 3);
  const [given2] = s.prefixes2;
  const [name3] = s.prefixes3;
  // An incremental sync: what changed since now. Taken here, once the samples are read (after
  // the seed): taken when the module loaded, a run that seeded its database saw every row as
  // changed since (a Seq Scan, rightly, of all 100,000 doctors).
  const RECENT = { op: 'ge' as const, at: new Date() };
  const c = (name: string, kind: PlanCase['kind'], run: () => Promise<unknown>): PlanCase => ({
    name: `fhir ${name}`,
    kind,
    target: { path: `/fhir/${name}`, call: () => run() },
  });
  return [
    c('Practitioner (no filter)', 'list', () => reader.practitioners({}, PAGE)),
    c('Practitioner deep page', 'list', () =>
      reader.practitioners({}, { limit: 25, offset: 5000 }),
    ),
    c(`Practitioner?name=${given2}`, 'list', () =>
      reader.practitioners({ name: given2.toLowerCase() }, PAGE),
    ),
    c(`Practitioner?name=${name3}`, 'list', () =>
      reader.practitioners({ name: name3.toLowerCase() }, PAGE),
    ),
    c(`Practitioner?family=${name3}`, 'list', () =>
      reader.practitioners({ family: name3.toLowerCase() }, PAGE),
    ),
    c(`Practitioner?given=${name3}`, 'list', () =>
      reader.practitioners({ given: name3.toLowerCase() }, PAGE),
    ),
    c('Practitioner?identifier', 'item', () => reader.practitioners({ cpsos: [s.cpsos[0]] }, PAGE)),
    c('Practitioner?_lastUpdated', 'list', () =>
      reader.practitioners({ lastUpdated: RECENT }, PAGE),
    ),
    c('Practitioner includes', 'item', () => reader.practitionersByCpso(cpsos)),
    // Its total counts every link (there is no per-facet count of links, as for doctors): a
    // whole-directory count by nature, as the summary's.
    c('PractitionerRole (no filter)', 'aggregate', () => reader.roles({}, PAGE)),
    c(`PractitionerRole?specialty=${spec}`, 'list', () =>
      reader.roles({ specialties: [spec] }, PAGE),
    ),
    c(`PractitionerRole?specialty=${commonSpec}&newpatients=newpt`, 'list', () =>
      reader.roles({ specialties: [commonSpec], acceptingStatuses: ['accepting'] }, PAGE),
    ),
    c('PractitionerRole?location', 'list', () => reader.roles({ clinicIds: [clinic] }, PAGE)),
    c(`PractitionerRole?location&specialty=${commonSpec}`, 'list', () =>
      reader.roles({ clinicIds: s.clinicIds.slice(0, 5), specialties: [commonSpec] }, PAGE),
    ),
    c('PractitionerRole?practitioner', 'list', () => reader.roles({ cpsos }, PAGE)),
    c('PractitionerRole?_lastUpdated', 'list', () => reader.roles({ lastUpdated: RECENT }, PAGE)),
    // A city of the GTA other than Toronto (Toronto is most clinics: a scan is the right plan).
    c('Location?address-city=Markham', 'list', () => reader.clinics({ city: 'markham' }, PAGE)),
    c('Location?address-postalcode=M5', 'list', () => reader.clinics({ postalCode: 'M5' }, PAGE)),
    c('Location?near&address-city', 'list', () =>
      reader.clinics({ near: p1, radiusKm: 5, city: 'markham' }, PAGE),
    ),
    c('Location?_lastUpdated', 'list', () => reader.clinics({ lastUpdated: RECENT }, PAGE)),
    c('Location?_id', 'item', () => reader.clinics({ ids: [clinic] }, PAGE)),
    c('Organization?name', 'list', () => reader.clinics({ name: 'north' }, PAGE)),
    c('Location includes', 'item', () => reader.clinicsById(s.clinicIds.slice(0, 3))),
    c('HealthcareService (no filter)', 'aggregate', () => reader.services({}, PAGE)),
    c(`HealthcareService?specialty=${spec}`, 'list', () =>
      reader.services({ specialties: [spec] }, PAGE),
    ),
    c('HealthcareService?location', 'list', () => reader.services({ clinicIds: [clinic] }, PAGE)),
    c('HealthcareService?_lastUpdated', 'list', () =>
      reader.services({ lastUpdated: RECENT }, PAGE),
    ),
  ];
}
