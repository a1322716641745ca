import { DoctorCriteria } from '../../../domain/directory/criteria';
import { SortKey } from '../../../domain/shared/page';
import {
  CLINIC_ADDRESS_SQL,
  clinicFlagConditions,
  doctorConditions,
  IdArrays,
} from '../directory/criteria-sql';
import { ResolvedNames } from '../directory/reference-ids';
import { SqlParams } from '../directory/sql-params';

/** Practising doctors (the facet counts' sum), for the length of a walk. */
export const ALL_DOCTORS_SQL = 'SELECT coalesce(sum(n), 0)::int AS n FROM doctor_facets s';

/** Columns of a doctor with its primary clinic, for `d` (doctors) and `c` (clinics). */
export const DOCTOR_COLUMNS = `
  d.id, d.cpso_number, d.name, d.gender, d.practice_start_year, d.synced_at,
  d.specialty_ids, d.language_ids,
  c.id AS clinic_id, c.name AS clinic_name, ${CLINIC_ADDRESS_SQL} AS clinic_address,
  c.lat, c.lng, c.phone, c.accepting_new_patients, c.availability_checked_at`;

/** The filters on `alias` (doctor_search, or doctor_geo which carries the same columns). */
export function doctorFilters(
  criteria: DoctorCriteria,
  ids: ResolvedNames,
  p: SqlParams,
  now: Date,
  alias = 's',
  arrays: IdArrays = 'smallint',
): string[] {
  return [
    ...doctorConditions(alias, criteria, ids, p, now, arrays),
    ...clinicFlagConditions(alias, criteria, p),
  ];
}

/**
 * The rows past a cursor's (distance, name, CPSO number) nearest first, `k` being the row's
 * distance expression: farther, or as far and later by name and CPSO number.
 */
export function nearAfter(k: string, alias: string, after: SortKey, p: SqlParams): string {
  const d = p.add(after[0]);
  return `(${k} > ${d} OR (${k} = ${d} AND (${alias}.name_key, ${alias}.cpso_number) > (${p.add(after[1])}, ${p.add(after[2])})))`;
}
