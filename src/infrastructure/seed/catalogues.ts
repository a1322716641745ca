/**
 * Specialties and languages of the demo dataset. Ids are positions in these lists (1-based),
 * so they are stable for a given version of this file; names are the canonical spellings the
 * API answers with.
 */

/** Clinic types of decisions.md. */
export type DemoClinicType =
  | 'family-practice'
  | 'walk-in'
  | 'specialist-clinic'
  | 'community-health-centre'
  | 'hospital-outpatient'
  | 'virtual-care';

export const CLINIC_TYPES: readonly DemoClinicType[] = [
  'family-practice',
  'walk-in',
  'specialist-clinic',
  'community-health-centre',
  'hospital-outpatient',
  'virtual-care',
];

/** Relative chance of practising in each clinic type, in the order of CLINIC_TYPES. */
type Affinity = readonly [number, number, number, number, number, number];

export interface SpecialtySpec {
  readonly name: string;
  /** Share of doctors whose main specialty this is (Ontario's mix, family medicine first). */
  readonly weight: number;
  readonly affinity: Affinity;
  /** Typical referral wait for a first consult, in weeks. */
  readonly waitWeeks: readonly [number, number];
  /** Word used in clinic names ("Yonge and Eglinton Eye Clinic"). */
  readonly clinicLabel: string;
  /** A second specialty some of these doctors also hold, and how often. */
  readonly second?: { readonly name: string; readonly p: number };
}

export const FAMILY_MEDICINE = 'Family Medicine';

const SPECIALIST: Affinity = [0, 0, 65, 0, 35, 0];
const IM = { name: 'Internal Medicine', p: 0.3 };

const sp = (
  name: string,
  weight: number,
  waitWeeks: [number, number],
  clinicLabel: string,
  affinity: Affinity = SPECIALIST,
  second?: SpecialtySpec['second'],
): SpecialtySpec => ({ name, weight, affinity, waitWeeks, clinicLabel, second });

// prettier-ignore
export const SPECIALTIES: readonly SpecialtySpec[] = [
  //   name                          weight  wait      label       FP  WI  SC  CHC HO  VC
  sp(FAMILY_MEDICINE,                 57,   [1, 4],   'Family',   [60, 25, 0, 8, 2, 5], { name: 'Emergency Medicine', p: 0.04 }),
  sp('Internal Medicine',             6,    [3, 14],  'Internal Medicine', [0, 0, 55, 10, 35, 0]),
  sp('Pediatrics',                    4,    [2, 12],  "Children's", [15, 0, 45, 15, 25, 0]),
  sp('Psychiatry',                    5,    [6, 40],  'Mental Health', [5, 0, 40, 15, 25, 15]),
  sp('Obstetrics and Gynecology',     2.5,  [3, 16],  "Women's Health", [0, 0, 60, 10, 30, 0]),
  sp('Anesthesiology',                3,    [4, 20],  'Pain', [0, 0, 30, 0, 70, 0]),
  sp('Emergency Medicine',            2.5,  [1, 2],   'Urgent Care', [0, 50, 0, 0, 50, 0], { name: FAMILY_MEDICINE, p: 0.4 }),
  sp('Diagnostic Radiology',          2.5,  [1, 12],  'Imaging', [0, 0, 35, 0, 65, 0]),
  sp('General Surgery',               2,    [3, 16],  'Surgical'),
  sp('Ophthalmology',                 1.5,  [6, 30],  'Eye'),
  sp('Orthopedic Surgery',            1.5,  [12, 52], 'Orthopaedic'),
  sp('Cardiology',                    1.5,  [3, 16],  'Heart', SPECIALIST, IM),
  sp('Dermatology',                   1,    [8, 40],  'Skin', [0, 0, 85, 0, 10, 5]),
  sp('Neurology',                     1,    [8, 40],  'Neurology'),
  sp('Gastroenterology',              1,    [6, 30],  'Digestive Health', SPECIALIST, IM),
  sp('Endocrinology',                 0.7,  [6, 26],  'Diabetes and Endocrine', SPECIALIST, IM),
  sp('Otolaryngology',                0.8,  [6, 30],  'ENT'),
  sp('Urology',                       0.8,  [6, 26],  'Urology'),
  sp('Rheumatology',                  0.5,  [8, 36],  'Arthritis', SPECIALIST, IM),
  sp('Nephrology',                    0.6,  [4, 16],  'Kidney', SPECIALIST, IM),
  sp('Respirology',                   0.6,  [4, 20],  'Lung', SPECIALIST, IM),
  sp('Geriatric Medicine',            0.4,  [6, 26],  "Seniors' Health", [0, 0, 30, 20, 50, 0], IM),
  sp('Physical Medicine and Rehabilitation', 0.5, [6, 30], 'Rehabilitation'),
  sp('Plastic Surgery',               0.5,  [10, 52], 'Plastic Surgery'),
  sp('Medical Oncology',              0.7,  [1, 4],   'Cancer Care', [0, 0, 20, 0, 80, 0], IM),
  sp('Hematology',                    0.5,  [2, 12],  'Blood Disorders', SPECIALIST, IM),
  sp('Infectious Diseases',           0.3,  [2, 10],  'Infectious Disease', [0, 0, 40, 20, 40, 0], IM),
  sp('Allergy and Clinical Immunology', 0.3, [8, 40], 'Allergy', SPECIALIST, IM),
  sp('Vascular Surgery',              0.3,  [4, 20],  'Vascular'),
  sp('Neurosurgery',                  0.3,  [10, 52], 'Spine and Brain'),
];

export interface LanguageSpec {
  readonly name: string;
  /** Chance that any doctor speaks it, whatever their background (second languages learnt). */
  readonly base: number;
}

/** Languages heard in GTA practices; names are those of the directory (Persian as "Persian (Farsi)"). */
// prettier-ignore
export const LANGUAGES: readonly LanguageSpec[] = [
  { name: 'English', base: 0 }, // handled apart: nearly every doctor
  { name: 'French', base: 0.07 },
  { name: 'Mandarin', base: 0.002 },
  { name: 'Cantonese', base: 0.001 },
  { name: 'Punjabi', base: 0.001 },
  { name: 'Tamil', base: 0.001 },
  { name: 'Urdu', base: 0.002 },
  { name: 'Tagalog', base: 0.001 },
  { name: 'Spanish', base: 0.025 },
  { name: 'Portuguese', base: 0.003 },
  { name: 'Italian', base: 0.006 },
  { name: 'Persian (Farsi)', base: 0.001 },
  { name: 'Arabic', base: 0.003 },
  { name: 'Korean', base: 0.001 },
  { name: 'Russian', base: 0.003 },
  { name: 'Gujarati', base: 0.001 },
  { name: 'Hindi', base: 0.004 },
  { name: 'Polish', base: 0.001 },
  { name: 'Vietnamese', base: 0.001 },
  { name: 'Greek', base: 0.001 },
  { name: 'Somali', base: 0 },
  { name: 'Bengali', base: 0.001 },
  { name: 'Ukrainian', base: 0.002 },
  { name: 'Hebrew', base: 0.002 },
  { name: 'German', base: 0.006 },
  { name: 'Turkish', base: 0.001 },
];

export const ENGLISH = 'English';

/** Id lookup by name (ids are 1-based positions); an unknown name is a bug in the reference data. */
export function idLookup(list: readonly { name: string }[]): (name: string) => number {
  const ids = new Map(list.map((x, i) => [x.name, i + 1]));
  return (name) => {
    const id = ids.get(name);
    if (id === undefined) throw new Error(`Unknown catalogue name "${name}"`);
    return id;
  };
}
