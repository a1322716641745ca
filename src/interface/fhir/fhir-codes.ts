/**
 * The systems, profiles and codes of the FHIR view (docs/fhir.md). The service's own canonical
 * base is a name, not an address: identifiers and extension URLs must not change with the host a
 * deployment runs on, so it is fixed here (".example" is reserved and never resolves).
 */
export const CANONICAL = 'https://gta-doctor-directory.example/fhir';
export const PLAN_NET = 'http://hl7.org/fhir/us/davinci-pdex-plan-net';

/** The CPSO register, where a CPSO number is looked up (the public "Find a Doctor" site). */
export const CPSO_SYSTEM = 'https://doctors.cpso.on.ca';
export const CLINIC_ID_SYSTEM = `${CANONICAL}/sid/clinic-id`;
export const SPECIALTY_SYSTEM = `${CANONICAL}/CodeSystem/specialty`;
export const WAIT_WEEKS_EXTENSION = `${CANONICAL}/StructureDefinition/wait-weeks`;
export const NUCC_SYSTEM = 'http://nucc.org/provider-taxonomy';
export const BCP47_SYSTEM = 'urn:ietf:bcp:47';
export const UCUM = 'http://unitsofmeasure.org';
export const V2_0203 = 'http://terminology.hl7.org/CodeSystem/v2-0203';
export const LOCATION_DISTANCE_EXTENSION =
  'http://hl7.org/fhir/StructureDefinition/location-distance';

export const PN = {
  newpatients: `${PLAN_NET}/StructureDefinition/newpatients`,
  accessibility: `${PLAN_NET}/StructureDefinition/accessibility`,
  communicationProficiency: `${PLAN_NET}/StructureDefinition/communication-proficiency`,
  acceptingPatientsCS: `${PLAN_NET}/CodeSystem/AcceptingPatientsCS`,
  accessibilityCS: `${PLAN_NET}/CodeSystem/AccessibilityCS`,
  orgTypeCS: `${PLAN_NET}/CodeSystem/OrgTypeCS`,
  categoryCS: `${PLAN_NET}/CodeSystem/HealthcareServiceCategoryCS`,
  providerRoleCS: `${PLAN_NET}/CodeSystem/ProviderRoleCS`,
  profile: (name: string) => `${PLAN_NET}/StructureDefinition/plannet-${name}`,
};

/**
 * NUCC taxonomy codes for the directory's specialty names (our mapping, by name: the Canadian
 * specialty is given the closest NUCC classification). A name without one is coded in our own
 * system only.
 */
export const NUCC_BY_SPECIALTY: Readonly<Record<string, [string, string]>> = {
  'Family Medicine': ['207Q00000X', 'Family Medicine Physician'],
  'Internal Medicine': ['207R00000X', 'Internal Medicine Physician'],
  Pediatrics: ['208000000X', 'Pediatrics Physician'],
  Psychiatry: ['2084P0800X', 'Psychiatry Physician'],
  'Obstetrics and Gynecology': ['207V00000X', 'Obstetrics & Gynecology Physician'],
  Anesthesiology: ['207L00000X', 'Anesthesiology Physician'],
  'Emergency Medicine': ['207P00000X', 'Emergency Medicine Physician'],
  'Diagnostic Radiology': ['2085R0202X', 'Diagnostic Radiology Physician'],
  'General Surgery': ['208600000X', 'Surgery Physician'],
  Ophthalmology: ['207W00000X', 'Ophthalmology Physician'],
  'Orthopedic Surgery': ['207X00000X', 'Orthopaedic Surgery Physician'],
  Cardiology: ['207RC0000X', 'Cardiovascular Disease Physician'],
  Dermatology: ['207N00000X', 'Dermatology Physician'],
  Neurology: ['2084N0400X', 'Neurology Physician'],
  Gastroenterology: ['207RG0100X', 'Gastroenterology Physician'],
  Endocrinology: ['207RE0101X', 'Endocrinology, Diabetes & Metabolism Physician'],
  Otolaryngology: ['207Y00000X', 'Otolaryngology Physician'],
  Urology: ['208800000X', 'Urology Physician'],
  Rheumatology: ['207RR0500X', 'Rheumatology Physician'],
  Nephrology: ['207RN0300X', 'Nephrology Physician'],
  Respirology: ['207RP1001X', 'Pulmonary Disease Physician'],
  'Geriatric Medicine': ['207RG0300X', 'Geriatric Medicine (Internal Medicine) Physician'],
  'Physical Medicine and Rehabilitation': [
    '208100000X',
    'Physical Medicine & Rehabilitation Physician',
  ],
  'Plastic Surgery': ['208200000X', 'Plastic Surgery Physician'],
  'Medical Oncology': ['207RX0202X', 'Medical Oncology Physician'],
  Hematology: ['207RH0000X', 'Hematology (Internal Medicine) Physician'],
  'Infectious Diseases': ['207RI0200X', 'Infectious Disease Physician'],
  'Allergy and Clinical Immunology': ['207K00000X', 'Allergy & Immunology Physician'],
  'Vascular Surgery': ['2086S0129X', 'Vascular Surgery Physician'],
  Neurosurgery: ['207T00000X', 'Neurological Surgery Physician'],
};

/** BCP 47 tags for the directory's language names; a name without one is sent as text only. */
export const BCP47_BY_LANGUAGE: Readonly<Record<string, string>> = {
  English: 'en',
  French: 'fr',
  Mandarin: 'cmn',
  Cantonese: 'yue',
  Punjabi: 'pa',
  Tamil: 'ta',
  Urdu: 'ur',
  Tagalog: 'tl',
  Spanish: 'es',
  Portuguese: 'pt',
  Italian: 'it',
  'Persian (Farsi)': 'fa',
  Arabic: 'ar',
  Korean: 'ko',
  Russian: 'ru',
  Gujarati: 'gu',
  Hindi: 'hi',
  Polish: 'pl',
  Vietnamese: 'vi',
  Greek: 'el',
  Somali: 'so',
  Bengali: 'bn',
  Ukrainian: 'uk',
  Hebrew: 'he',
  German: 'de',
  Turkish: 'tr',
};

/** A specialty's code in our own system: its name in lower case, words joined by hyphens. */
export function specialtySlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * A specialty's code in this view's CodeSystem, one rule for the coding, the `specialty` search
 * token and the HealthcareService id (`<clinic id>-<specialty code>`, at most 36 + 1 + 27 = 64
 * characters, FHIR's limit for an id): the name lower-cased, every run of other characters a
 * hyphen, cut to 27 characters and never ending in a hyphen (Physical Medicine and
 * Rehabilitation: `physical-medicine-and-rehab`). The search also takes the whole slug.
 */
export function specialtyCode(name: string): string {
  return specialtySlug(name).slice(0, 27).replace(/-+$/, '');
}
