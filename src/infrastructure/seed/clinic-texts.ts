import { DemoClinicType } from './catalogues';

/**
 * Clinic name patterns per type. `{n}` is the neighbourhood, `{c}` the city, `{s}` the street
 * without its suffix ("Bloor"), `{l}` the specialty label of a specialist clinic.
 */
// prettier-ignore
export const CLINIC_NAME_PATTERNS: Record<DemoClinicType, readonly string[]> = {
  'family-practice': [
    '{n} Family Medicine', '{n} Family Health Team', '{s} Medical Centre', '{n} Family Practice',
    '{s} Family Physicians', '{n} Medical Associates', '{n} Health Centre', '{s} Medical Clinic',
  ],
  'walk-in': [
    '{n} Walk-In Clinic', '{s} Walk-In and Family Clinic', '{n} Medical Walk-In', '{s} Walk-In Medical Centre',
    '{n} Urgent Care Walk-In',
  ],
  'specialist-clinic': ['{n} {l} Clinic', '{n} {l} Centre', '{s} {l} Associates', '{n} {l} Specialists'],
  'community-health-centre': ['{n} Community Health Centre', '{n} Community Health Services'],
  'hospital-outpatient': ['{n} Ambulatory Care Centre', '{c} Regional Outpatient Clinics', '{n} Hospital Outpatient Clinics'],
  'virtual-care': ['{n} Virtual Care', '{c} Virtual Clinic', '{n} Telehealth Clinic'],
};

/** Names of a specialist clinic whose doctors cover several specialties (no single `{l}`). */
// prettier-ignore
export const MULTI_SPECIALTY_PATTERNS: readonly string[] = [
  '{n} Specialist Centre', '{s} Medical Specialists', '{n} Specialty Clinic', '{n} Consultants Clinic',
];

const STREET_SUFFIXES =
  /\s+(Street|Avenue|Road|Boulevard|Drive|Crescent|Parkway|Line|Way|Lane|Place|Court|Circle|Sideroad|Trail|Square)(\s+(East|West|North|South))?$/;

/** "Bloor Street West" -> "Bloor", "The East Mall" -> "The East Mall". */
export function streetStem(street: string): string {
  return street.replace(STREET_SUFFIXES, '');
}

/** "Yonge and Eglinton Family Health Team" -> "yonge-and-eglinton-family-health-team". */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Notes any clinic may carry. */
export const GENERAL_NOTES: readonly string[] = [
  'Please bring your Ontario health card to every visit.',
  'Flu and COVID-19 vaccines are offered in season; call to book.',
  'On-site laboratory for blood work on weekday mornings.',
  'Same-day appointments are released when the clinic opens each morning.',
  'Interpretation can be arranged; please mention it when booking.',
  'Paid parking in the building; the nearest Green P lot is a short walk away.',
  'Prescription renewals need an appointment; please allow 3 business days.',
  'Masks are available at the front desk for anyone with respiratory symptoms.',
];

export const WHEELCHAIR_NOTE = 'Step-free entrance and an elevator to every floor.';
export const VIRTUAL_NOTE = 'Phone and video appointments are available for registered patients.';
export const WAITLIST_NOTE = 'Not taking new patients at the moment; ask to join the waiting list.';
export const REFERRAL_NOTE = 'A referral from a family doctor or nurse practitioner is required.';

/** Links a clinic may list: path under its website, or a full URL when the clinic has none. */
// prettier-ignore
export const LINK_TEMPLATES: readonly { label: string; path: string }[] = [
  { label: 'New patient registration', path: '/new-patients' },
  { label: 'Patient forms', path: '/forms' },
  { label: 'Book an appointment', path: '/book' },
  { label: 'Clinic policies', path: '/policies' },
  { label: 'Virtual visit portal', path: '/virtual' },
];

/** Public health pages clinics commonly link to; synthetic addresses on a reserved domain. */
export const SHARED_LINKS: readonly { label: string; url: string }[] = [
  { label: 'After-hours care options', url: 'https://health.example.org/after-hours' },
  { label: 'After-hours nurse line (811)', url: 'https://health.example.org/811' },
];
