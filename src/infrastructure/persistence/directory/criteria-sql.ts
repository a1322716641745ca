import {
  ClinicAttributeCriteria,
  DoctorAttributeCriteria,
} from '../../../domain/directory/criteria';
import { latestStartYearFor } from '../../../domain/doctors/years-of-practice';
import { SqlParams } from './sql-params';

/** Ids of the named reference rows (case-insensitive); unknown names match nothing. */
export function idsOf(
  table: 'specialties' | 'languages',
  names: readonly string[],
  p: SqlParams,
): string {
  return `ARRAY(SELECT id FROM ${table} WHERE name_key = ANY(${p.add(names.map((n) => n.toLowerCase()))}::text[]))`;
}

/**
 * Conditions on a doctor's own attributes, for a relation `a` with the columns gender,
 * practice_start_year, specialty_ids and language_ids (doctor_search, clinic_doctor_search).
 */
export function doctorConditions(
  a: string,
  c: DoctorAttributeCriteria,
  p: SqlParams,
  now: Date,
): string[] {
  const out: string[] = [];
  if (c.specialties?.length)
    out.push(`${a}.specialty_ids && ${idsOf('specialties', c.specialties, p)}`);
  if (c.languages?.length) out.push(`${a}.language_ids && ${idsOf('languages', c.languages, p)}`);
  if (c.gender) out.push(`${a}.gender = ${p.add(c.gender)}`);
  if (c.minYears !== undefined)
    out.push(`${a}.practice_start_year <= ${p.add(latestStartYearFor(c.minYears, now))}`);
  if (c.maxYears !== undefined)
    out.push(`${a}.practice_start_year >= ${p.add(latestStartYearFor(c.maxYears, now))}`);
  return out;
}

export function hasDoctorConditions(c: DoctorAttributeCriteria): boolean {
  return Boolean(
    c.specialties?.length ||
    c.languages?.length ||
    c.gender ||
    c.minYears !== undefined ||
    c.maxYears !== undefined,
  );
}

/** Equality conditions on clinic flags; `acceptingColumn` differs between clinics and doctor_search. */
export function clinicFlagConditions(
  a: string,
  c: ClinicAttributeCriteria,
  p: SqlParams,
  acceptingColumn: string,
): string[] {
  const flags: [boolean | undefined, string][] = [
    [c.accepting, acceptingColumn],
    [c.evening, 'evening'],
    [c.weekend, 'weekend'],
    [c.wheelchair, 'wheelchair'],
    [c.virtualVisits, 'virtual_visits'],
    [c.nearTTC, 'near_ttc'],
  ];
  return flags.filter(([v]) => v !== undefined).map(([v, col]) => `${a}.${col} = ${p.add(v)}`);
}

export function where(conditions: string[]): string {
  return conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
}

/** The display address of a clinic row `c`. */
export const CLINIC_ADDRESS_SQL = `(c.street_address || ', ' || c.city || ', ON ' || c.postal_code)`;

/** Names of the reference rows whose ids are in an array column, in the array's order. */
export function namesOf(table: 'specialties' | 'languages', arrayExpr: string): string {
  return `ARRAY(SELECT r.name FROM unnest(${arrayExpr}) WITH ORDINALITY AS u(id, ord) JOIN ${table} r ON r.id = u.id ORDER BY u.ord)`;
}
