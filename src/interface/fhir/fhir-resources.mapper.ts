import {
  AcceptingStatus,
  PLAN_NET_ACCEPTING_CODE,
  PLAN_NET_ACCEPTING_DISPLAY,
} from '../../domain/clinics/accepting-status';
import {
  FhirClinicRecord,
  FhirPractitionerRecord,
  FhirRoleRecord,
  FhirServiceRecord,
} from '../../application/fhir/fhir-records';
import {
  BCP47_BY_LANGUAGE,
  BCP47_SYSTEM,
  CLINIC_ID_SYSTEM,
  CPSO_SYSTEM,
  NUCC_BY_SPECIALTY,
  NUCC_SYSTEM,
  PN,
  SPECIALTY_SYSTEM,
  specialtyCode,
  UCUM,
  V2_0203,
  WAIT_WEEKS_EXTENSION,
} from './fhir-codes';
import { availableTime, hoursOfOperation } from './fhir-hours';

export interface FhirResource {
  resourceType: string;
  id: string;
  [element: string]: unknown;
}

const GENDER = { male: 'male', female: 'female', 'non-binary': 'other' } as const;

const meta = (profile: string, at: Date) => ({
  lastUpdated: at.toISOString(),
  profile: [PN.profile(profile)],
});

/** A specialty: our own code always, NUCC's where the name has one. */
export function specialtyConcept(name: string) {
  const nucc = NUCC_BY_SPECIALTY[name];
  return {
    coding: [
      ...(nucc ? [{ system: NUCC_SYSTEM, code: nucc[0], display: nucc[1] }] : []),
      { system: SPECIALTY_SYSTEM, code: specialtyCode(name), display: name },
    ],
    text: name,
  };
}

/**
 * Plan-Net's `newpatients` from the graded status (issue 33): its AcceptingPatientsCS code
 * (accepting newpt, existing-patients-only existptonly, existing-patients-family existptfam,
 * not-accepting nopt) in a list of one, or none for `unknown` (Plan-Net leaves it out).
 */
export const newPatients = (status: AcceptingStatus): FhirExtension[] => {
  const code = PLAN_NET_ACCEPTING_CODE[status];
  if (code === null) return [];
  return [
    {
      url: PN.newpatients,
      extension: [
        {
          url: 'acceptingPatients',
          valueCodeableConcept: {
            coding: [
              { system: PN.acceptingPatientsCS, code, display: PLAN_NET_ACCEPTING_DISPLAY[code] },
            ],
          },
        },
      ],
    },
  ];
};
type FhirExtension = Record<string, unknown>;

const accessibility = (code: string, display: string) => ({
  url: PN.accessibility,
  valueCodeableConcept: { coding: [{ system: PN.accessibilityCS, code, display }] },
});

export const roleId = (r: { cpso: string; clinicId: string }) => `${r.cpso}-${r.clinicId}`;
export const serviceId = (s: { clinicId: string; specialty: string }) =>
  `${s.clinicId}-${specialtyCode(s.specialty)}`;

export function practitioner(d: FhirPractitionerRecord): FhirResource {
  const words = d.name.trim().split(/\s+/);
  return {
    resourceType: 'Practitioner',
    id: d.cpso,
    meta: meta('Practitioner', d.updatedAt),
    identifier: [
      {
        use: 'official',
        type: { coding: [{ system: V2_0203, code: 'MD', display: 'Medical License number' }] },
        system: CPSO_SYSTEM,
        value: d.cpso,
      },
    ],
    active: d.active,
    name: [
      {
        use: 'official',
        text: d.name,
        // The given name is the first word, the family name the words after it (`De Luca`,
        // `van der Berg`), as Practitioner?given= and family= search them (issue 50).
        family: words.length > 1 ? words.slice(1).join(' ') : words[0],
        ...(words.length > 1 ? { given: [words[0]] } : {}),
      },
    ],
    gender: GENDER[d.gender],
    ...(d.specialties.length
      ? { qualification: d.specialties.map((s) => ({ code: specialtyConcept(s) })) }
      : {}),
    ...(d.languages.length
      ? {
          communication: d.languages.map((l) => {
            const tag = BCP47_BY_LANGUAGE[l];
            return tag
              ? { coding: [{ system: BCP47_SYSTEM, code: tag, display: l }], text: l }
              : { text: l };
          }),
        }
      : {}),
  };
}

const address = (c: FhirClinicRecord) => ({
  use: 'work',
  type: 'physical',
  text: `${c.street}, ${c.city}, ON ${c.postalCode}`,
  line: [c.street],
  city: c.city,
  state: 'ON',
  postalCode: c.postalCode,
  country: 'CA',
});

const clinicTelecom = (c: FhirClinicRecord) => [
  { system: 'phone', value: c.phone, use: 'work' },
  ...(c.website ? [{ system: 'url', value: c.website, use: 'work' }] : []),
];

const clinicIdentifier = (c: FhirClinicRecord) => [{ system: CLINIC_ID_SYSTEM, value: c.id }];

export function location(c: FhirClinicRecord): FhirResource {
  const hours = hoursOfOperation(c.hours);
  const extension = [
    ...newPatients(c.acceptingStatus),
    ...(c.wheelchair ? [accessibility('handiaccess', 'handicap accessible')] : []),
    ...(c.nearTTC ? [accessibility('pubtrans', 'public transit options')] : []),
  ];
  return {
    resourceType: 'Location',
    id: c.id,
    meta: meta('Location', c.updatedAt),
    // FHIR has no empty arrays: a clinic of unknown status with no accessibility has none.
    ...(extension.length ? { extension } : {}),
    identifier: clinicIdentifier(c),
    status: 'active',
    name: c.name,
    telecom: clinicTelecom(c),
    address: address(c),
    position: { longitude: c.lng, latitude: c.lat },
    managingOrganization: { reference: `Organization/${c.id}`, display: c.name },
    ...(hours.length ? { hoursOfOperation: hours } : {}),
  };
}

export function organization(c: FhirClinicRecord): FhirResource {
  return {
    resourceType: 'Organization',
    id: c.id,
    meta: meta('Organization', c.updatedAt),
    identifier: clinicIdentifier(c),
    active: true,
    type: [{ coding: [{ system: PN.orgTypeCS, code: 'prvgrp', display: 'Provider Group' }] }],
    name: c.name,
    telecom: clinicTelecom(c),
    address: [address(c)],
  };
}

export function practitionerRole(r: FhirRoleRecord): FhirResource {
  const hours = availableTime(r.hours);
  return {
    resourceType: 'PractitionerRole',
    id: roleId(r),
    meta: meta('PractitionerRole', r.updatedAt),
    ...(r.acceptingStatus === 'unknown' ? {} : { extension: newPatients(r.acceptingStatus) }),
    active: true,
    practitioner: { reference: `Practitioner/${r.cpso}` },
    organization: { reference: `Organization/${r.clinicId}` },
    code: [{ coding: [{ system: PN.providerRoleCS, code: 'ph', display: 'Physician' }] }],
    ...(r.specialties.length ? { specialty: r.specialties.map(specialtyConcept) } : {}),
    location: [{ reference: `Location/${r.clinicId}` }],
    telecom: [{ system: 'phone', value: r.bookingPhone, use: 'work' }],
    ...(hours.length ? { availableTime: hours } : {}),
  };
}

export function healthcareService(s: FhirServiceRecord): FhirResource {
  const hours = availableTime(s.hours);
  return {
    resourceType: 'HealthcareService',
    id: serviceId(s),
    meta: meta('HealthcareService', s.updatedAt),
    extension: [
      ...newPatients(s.acceptingStatus),
      {
        url: WAIT_WEEKS_EXTENSION,
        valueQuantity: { value: s.waitWeeks, unit: 'weeks', system: UCUM, code: 'wk' },
      },
    ],
    active: true,
    providedBy: { reference: `Organization/${s.clinicId}`, display: s.clinicName },
    category: [
      {
        coding: [
          { system: PN.categoryCS, code: 'outpat', display: 'Clinic or Outpatient Facility' },
        ],
      },
    ],
    specialty: [specialtyConcept(s.specialty)],
    location: [{ reference: `Location/${s.clinicId}` }],
    name: `${s.specialty} at ${s.clinicName}`,
    telecom: [{ system: 'phone', value: s.phone, use: 'work' }],
    ...(hours.length ? { availableTime: hours } : {}),
  };
}
