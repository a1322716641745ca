/**
 * The other names people type for the catalogue's specialties and languages: British and
 * American spellings, abbreviations, the lay name, the language a family calls it by. The demo
 * catalogue carries them (the seed and migration 1767900000000 write them), and an import's
 * catalogue records may carry their own (`aliases`). One alias may name several entries
 * (`Chinese`: Mandarin and Cantonese): a filter by it matches any of them.
 */
// prettier-ignore
export const DEFAULT_CATALOGUE_ALIASES: {
  readonly specialties: Readonly<Record<string, readonly string[]>>;
  readonly languages: Readonly<Record<string, readonly string[]>>;
} = {
  specialties: {
    'Family Medicine': ['GP', 'General Practice', 'General Practitioner', 'Family Doctor', 'Family Physician', 'Family Practice'],
    'Internal Medicine': ['Internist', 'General Internal Medicine'],
    'Pediatrics': ['Paediatrics', 'Pediatrician', 'Paediatrician', 'Pediatric', 'Paediatric'],
    'Psychiatry': ['Psychiatrist', 'Mental Health'],
    'Obstetrics and Gynecology': ['Obstetrics and Gynaecology', 'Ob/Gyn', 'OBGYN', 'Obstetrics', 'Gynecology', 'Gynaecology', 'Gynecologist', 'Obstetrician'],
    'Anesthesiology': ['Anaesthesiology', 'Anesthesia', 'Anaesthesia'],
    'Emergency Medicine': ['Emergency', 'ER'],
    'Diagnostic Radiology': ['Radiology', 'Radiologist', 'Imaging'],
    'General Surgery': ['Surgery', 'Surgeon'],
    'Ophthalmology': ['Ophthalmologist', 'Eye Doctor', 'Eye'],
    'Orthopedic Surgery': ['Orthopaedic Surgery', 'Orthopedics', 'Orthopaedics', 'Orthopedic', 'Orthopaedic'],
    'Cardiology': ['Cardiologist', 'Heart'],
    'Dermatology': ['Dermatologist', 'Skin'],
    'Neurology': ['Neurologist'],
    'Gastroenterology': ['Gastroenterologist', 'GI'],
    'Endocrinology': ['Endocrinologist', 'Diabetes'],
    'Otolaryngology': ['ENT', 'Ear Nose and Throat', 'Otolaryngology Head and Neck Surgery', 'Otorhinolaryngology'],
    'Urology': ['Urologist'],
    'Rheumatology': ['Rheumatologist', 'Arthritis'],
    'Nephrology': ['Nephrologist', 'Kidney'],
    'Respirology': ['Respirologist', 'Pulmonology', 'Pulmonologist', 'Lung'],
    'Geriatric Medicine': ['Geriatrics', 'Geriatrician'],
    'Physical Medicine and Rehabilitation': ['Physiatry', 'Physiatrist', 'PM&R', 'Rehabilitation'],
    'Plastic Surgery': ['Plastic Surgeon', 'Plastics'],
    'Medical Oncology': ['Oncology', 'Oncologist', 'Cancer'],
    'Hematology': ['Haematology', 'Hematologist', 'Haematologist'],
    'Infectious Diseases': ['Infectious Disease', 'ID'],
    'Allergy and Clinical Immunology': ['Allergy', 'Allergist', 'Immunology', 'Immunologist'],
    'Vascular Surgery': ['Vascular Surgeon'],
    'Neurosurgery': ['Neurosurgeon', 'Neurological Surgery'],
  },
  languages: {
    'Mandarin': ['Chinese', 'Putonghua', 'Mandarin Chinese'],
    'Cantonese': ['Chinese', 'Cantonese Chinese', 'Yue'],
    'Punjabi': ['Panjabi'],
    'Tagalog': ['Filipino', 'Pilipino'],
    'Persian (Farsi)': ['Persian', 'Farsi', 'Dari'],
    'Spanish': ['Español', 'Castilian'],
    'Portuguese': ['Português'],
    'French': ['Français'],
    'Italian': ['Italiano'],
    'German': ['Deutsch'],
    'Greek': ['Ελληνικά'],
    'Russian': ['Русский'],
    'Ukrainian': ['Українська'],
    'Polish': ['Polski'],
    'Korean': ['한국어'],
    'Vietnamese': ['Tiếng Việt'],
    'Bengali': ['Bangla'],
    'Hebrew': ['Ivrit'],
    'Arabic': ['العربية'],
    'Urdu': ['اردو'],
    'Hindi': ['हिन्दी'],
    'Tamil': ['தமிழ்'],
    'Gujarati': ['ગુજરાતી'],
    'Turkish': ['Türkçe'],
    'Somali': ['Af-Soomaali'],
  },
};

/** The aliases of `name` in `table`'s defaults (none when it has none). */
export function defaultAliases(table: 'specialties' | 'languages', name: string): string[] {
  return [...(DEFAULT_CATALOGUE_ALIASES[table][name] ?? [])];
}
