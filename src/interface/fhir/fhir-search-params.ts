/** The resource types of the view, each read-only (`read`, `search-type`). */
export const FHIR_TYPES = [
  'Practitioner',
  'PractitionerRole',
  'Location',
  'Organization',
  'HealthcareService',
] as const;
export type FhirType = (typeof FHIR_TYPES)[number];

export interface SearchParamDef {
  readonly name: string;
  readonly type: 'token' | 'string' | 'reference' | 'special' | 'date';
  readonly documentation: string;
  /** The definition this follows (R4 base or Plan-Net), when there is one. */
  readonly definition?: string;
}

const R4 = 'http://hl7.org/fhir/SearchParameter';
const PN = 'http://hl7.org/fhir/us/davinci-pdex-plan-net/SearchParameter';

const LAST_UPDATED: SearchParamDef = {
  name: '_lastUpdated',
  type: 'date',
  documentation: 'Changed at or after (`ge`) or after (`gt`) an instant or date (dates in UTC).',
  definition: `${R4}/Resource-lastUpdated`,
};
const ID = (what: string): SearchParamDef => ({
  name: '_id',
  type: 'token',
  documentation: what,
  definition: `${R4}/Resource-id`,
});
const NEW_PATIENTS: SearchParamDef = {
  name: 'newpatients',
  type: 'token',
  documentation:
    "Plan-Net AcceptingPatientsCS code of the clinic's graded status, any of: `newpt` (accepting), `existptonly` (existing patients only), `existptfam` (existing patients and their families), `nopt` (not accepting); a clinic of unknown status has none.",
};

/** Every search parameter supported, per type (besides _count, _page, _format and _include). */
export const SEARCH_PARAMS: Readonly<Record<FhirType, readonly SearchParamDef[]>> = {
  Practitioner: [
    ID('CPSO number'),
    {
      name: 'identifier',
      type: 'token',
      documentation: 'https://doctors.cpso.on.ca|<CPSO number> (or the number alone)',
      definition: `${R4}/Practitioner-identifier`,
    },
    {
      name: 'name',
      type: 'string',
      documentation:
        'Each word starts a word of the name (at least 2 characters; case, accents, apostrophes and hyphens aside); :exact the whole name, :contains inside words.',
      definition: `${PN}/practitioner-name`,
    },
    {
      name: 'family',
      type: 'string',
      documentation:
        'The same in the family name (the words after the first; at least 2 characters); :exact, :contains.',
      definition: `${PN}/practitioner-family-name`,
    },
    {
      name: 'given',
      type: 'string',
      documentation:
        'The same in the given name (the first word; at least 2 characters); :exact, :contains.',
      definition: `${PN}/practitioner-given-name`,
    },
    LAST_UPDATED,
  ],
  PractitionerRole: [
    ID('<CPSO number>-<clinic id>'),
    {
      name: 'practitioner',
      type: 'reference',
      documentation: 'Practitioner/<CPSO number>',
      definition: `${PN}/practitionerrole-practitioner`,
    },
    {
      name: 'location',
      type: 'reference',
      documentation: 'Location/<clinic id>',
      definition: `${PN}/practitionerrole-location`,
    },
    {
      name: 'organization',
      type: 'reference',
      documentation: 'Organization/<clinic id>',
      definition: `${PN}/practitionerrole-organization`,
    },
    {
      name: 'specialty',
      type: 'token',
      documentation:
        'A specialty code of our system (the name as a slug) or of NUCC; the doctor holds it.',
      definition: `${PN}/practitionerrole-specialty`,
    },
    NEW_PATIENTS,
    LAST_UPDATED,
  ],
  Location: [
    ID('Clinic id (UUID)'),
    {
      name: 'near',
      type: 'special',
      documentation:
        '<lat>|<lng>|<distance>|<km or m>: nearest first, within the distance (at most 100 km) when given; the entry says its distance.',
      definition: `${R4}/Location-near`,
    },
    {
      name: 'address-city',
      type: 'string',
      documentation: 'The city starts with it (case-insensitive).',
      definition: `${PN}/location-address-city`,
    },
    {
      name: 'address-postalcode',
      type: 'string',
      documentation: 'The postal code starts with it (case and spaces ignored).',
      definition: `${PN}/location-address-postalcode`,
    },
    NEW_PATIENTS,
    LAST_UPDATED,
  ],
  Organization: [
    ID('Clinic id (UUID)'),
    {
      name: 'name',
      type: 'string',
      documentation: 'The name starts with it (case-insensitive).',
      definition: `${PN}/organization-name`,
    },
    LAST_UPDATED,
  ],
  HealthcareService: [
    ID('<clinic id>-<specialty code> (the code of its specialty coding, at most 27 characters)'),
    {
      name: 'specialty',
      type: 'token',
      documentation: 'A specialty code of our system or of NUCC.',
      definition: `${PN}/healthcareservice-specialty`,
    },
    {
      name: 'location',
      type: 'reference',
      documentation: 'Location/<clinic id>',
      definition: `${PN}/healthcareservice-location`,
    },
    {
      name: 'organization',
      type: 'reference',
      documentation: 'Organization/<clinic id>',
      definition: `${PN}/healthcareservice-organization`,
    },
    LAST_UPDATED,
  ],
};

/** `_include` values supported per type. */
export const INCLUDES: Readonly<Record<FhirType, readonly string[]>> = {
  Practitioner: [],
  PractitionerRole: [
    'PractitionerRole:practitioner',
    'PractitionerRole:location',
    'PractitionerRole:organization',
  ],
  Location: ['Location:organization'],
  Organization: [],
  HealthcareService: [],
};

/** Result parameters every search takes. */
export const RESULT_PARAMS = [
  '_count',
  '_page',
  '_format',
  '_include',
  '_summary',
  '_total',
  '_sort',
] as const;

/**
 * `_sort` values each type takes: the order its searches are answered in (ties by the resource's
 * key). A search near a point is answered nearest first whatever `_sort` says.
 */
export const SORTS: Readonly<Record<FhirType, readonly string[]>> = {
  Practitioner: ['name', '_id'],
  PractitionerRole: ['location', '_id'],
  Location: ['_id'],
  Organization: ['_id'],
  HealthcareService: ['location', '_id'],
};
/** `_summary` values served: the count alone, or the whole resources. */
export const SUMMARIES = ['count', 'false'] as const;
/** `_total` values: none leaves the total out; estimate is answered accurately. */
export const TOTALS = ['none', 'estimate', 'accurate'] as const;

export const DEFAULT_COUNT = 25;
export const MAX_COUNT = 100;
