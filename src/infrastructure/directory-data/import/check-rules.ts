import { RejectRule, StagingTable } from './reject-rule';

/**
 * The checks that need the whole file or the directory, one named rule per refusal, each with
 * its reason text. The import applies the groups in this order: duplicates, ids of other rows,
 * unknown names (after the file's declared names are added), references. A line keeps the
 * first reason it was refused for.
 */

const CLINIC_KEY = `'clinic:' || source || '/' || source_id`;
const DOCTOR_KEY = `'doctor:' || cpso_number`;
const OFFERING_KEY = `'offering:' || clinic_source || '/' || clinic_source_id || '/' || specialty`;
const REVIEW_KEY = `'review:' || source || '/' || source_id`;
const NAME_KEY = `kind || ':' || name`;

/** A record whose natural key (its columns marked with $) an earlier line already gave. */
function duplicate(name: string, table: StagingTable, naturalKey: string, key: string): RejectRule {
  const of = (alias: string) => naturalKey.replace(/\$/g, `${alias}.`);
  return {
    name,
    table,
    where: `EXISTS (SELECT 1 FROM ${table} o WHERE (${of('o')}) = (${of('s')}) AND o.line < s.line)`,
    key,
    field: `''`,
    reason: `'the same record appears earlier in the file (line ' || (SELECT min(o.line) FROM ${table} o WHERE (${of('o')}) = (${of('g')})) || ')'`,
  };
}

export const DUPLICATE_RULES: readonly RejectRule[] = [
  duplicate('duplicate clinic', 's_clinics', '$source, $source_id', CLINIC_KEY),
  duplicate('duplicate doctor', 's_doctors', '$cpso_number', DOCTOR_KEY),
  duplicate(
    'duplicate offering',
    's_offerings',
    '$clinic_source, $clinic_source_id, lower($specialty)',
    OFFERING_KEY,
  ),
  duplicate('duplicate review', 's_reviews', '$source, $source_id', REVIEW_KEY),
  duplicate('duplicate catalogue name', 's_names', '$kind, lower($name)', NAME_KEY),
];

/** An id given for a new row must not be another row's. */
export const FOREIGN_ID_RULES: readonly RejectRule[] = [
  {
    name: 'clinic id of another clinic',
    table: 's_clinics',
    where: `s.id IS NOT NULL AND EXISTS (SELECT 1 FROM clinics c WHERE c.id = s.id AND (c.source, c.source_id) <> (s.source, s.source_id))`,
    key: CLINIC_KEY,
    field: `'/id'`,
    reason: `'belongs to another clinic of the directory'`,
  },
  {
    name: 'doctor id of another doctor',
    table: 's_doctors',
    where: `s.id IS NOT NULL AND EXISTS (SELECT 1 FROM doctors d WHERE d.id = s.id AND d.cpso_number <> s.cpso_number)`,
    key: DOCTOR_KEY,
    field: `'/id'`,
    reason: `'belongs to another doctor of the directory'`,
  },
];

/** What the catalogue knows, as a refusal says it: `known: A, B` or that it knows none yet. */
export interface KnownNames {
  readonly specialties: string;
  readonly languages: string;
}

const unknown = (table: string, alias: string) =>
  `NOT EXISTS (SELECT 1 FROM ${table} t WHERE t.name_key = lower(${alias}))`;
const remedy = (type: string) =>
  ` (declare it with a "${type}" record in the file, or import with --add-names)`;

/** A name the catalogue does not know, even after the file's declared names were added. */
export function unknownNameRules(known: KnownNames): readonly RejectRule[] {
  const specialties = [known.specialties + remedy('specialty')];
  const languages = [known.languages + remedy('language')];
  return [
    {
      name: 'unknown doctor specialty',
      table: 's_doctors',
      where: `EXISTS (SELECT 1 FROM jsonb_array_elements_text(s.specialties) n(name) WHERE ${unknown('specialties', 'n.name')})`,
      key: DOCTOR_KEY,
      field: `'/specialties'`,
      reason: `'unknown specialty "' || (SELECT n.name FROM jsonb_array_elements_text(specialties) n(name) WHERE ${unknown('specialties', 'n.name')} LIMIT 1) || '"; ' || $1`,
      values: specialties,
    },
    {
      name: 'unknown doctor language',
      table: 's_doctors',
      where: `EXISTS (SELECT 1 FROM jsonb_array_elements_text(s.languages) n(name) WHERE ${unknown('languages', 'n.name')})`,
      key: DOCTOR_KEY,
      field: `'/languages'`,
      reason: `'unknown language "' || (SELECT n.name FROM jsonb_array_elements_text(languages) n(name) WHERE ${unknown('languages', 'n.name')} LIMIT 1) || '"; ' || $1`,
      values: languages,
    },
    {
      name: 'unknown offering specialty',
      table: 's_offerings',
      where: unknown('specialties', 's.specialty'),
      key: OFFERING_KEY,
      field: `'/specialty'`,
      reason: `'unknown specialty "' || specialty || '"; ' || $1`,
      values: specialties,
    },
  ];
}

/** A clinic with this source and source id, in the file or the directory. */
const clinicKnown = (src: string, id: string) =>
  `(EXISTS (SELECT 1 FROM s_clinics c WHERE c.source = ${src} AND c.source_id = ${id})
        OR EXISTS (SELECT 1 FROM clinics c WHERE c.source = ${src} AND c.source_id = ${id}))`;
const doctorClinicKnown = clinicKnown(`r->>'source'`, `r->>'sourceId'`);

/** Every clinic a doctor, offering or review names, and a review's doctor, must exist. */
export const REFERENCE_RULES: readonly RejectRule[] = [
  {
    name: 'doctor at a missing clinic',
    table: 's_doctors',
    where: `EXISTS (SELECT 1 FROM jsonb_array_elements(s.clinics) r WHERE NOT ${doctorClinicKnown})`,
    key: DOCTOR_KEY,
    field: `'/clinics'`,
    reason: `'no clinic ' || (SELECT (r->>'source') || '/' || (r->>'sourceId') FROM jsonb_array_elements(clinics) r WHERE NOT ${doctorClinicKnown} LIMIT 1) || ' in the file or the directory'`,
  },
  {
    name: 'offering at a missing clinic',
    table: 's_offerings',
    where: `NOT ${clinicKnown('s.clinic_source', 's.clinic_source_id')}`,
    key: OFFERING_KEY,
    field: `'/clinic'`,
    reason: `'no clinic ' || clinic_source || '/' || clinic_source_id || ' in the file or the directory'`,
  },
  {
    name: 'review of a missing clinic',
    table: 's_reviews',
    where: `s.clinic_source_id IS NOT NULL AND NOT ${clinicKnown('s.clinic_source', 's.clinic_source_id')}`,
    key: REVIEW_KEY,
    field: `'/clinic'`,
    reason: `'no clinic ' || clinic_source || '/' || clinic_source_id || ' in the file or the directory'`,
  },
  {
    name: 'review of a missing doctor',
    table: 's_reviews',
    where: `s.doctor_cpso IS NOT NULL AND NOT EXISTS (SELECT 1 FROM s_doctors d WHERE d.cpso_number = s.doctor_cpso)
         AND NOT EXISTS (SELECT 1 FROM doctors d WHERE d.cpso_number = s.doctor_cpso)`,
    key: REVIEW_KEY,
    field: `'/doctor'`,
    reason: `'no doctor with CPSO number ' || doctor_cpso || ' in the file or the directory'`,
  },
];
