import { LastUpdatedCriterion } from '../../../application/fhir/fhir-criteria';
import { escapeLike, SqlParams } from '../directory/sql-params';

/** The columns of a clinic row `c` the FHIR view maps (Location, Organization). */
export const CLINIC_COLUMNS = `c.id, c.name, c.street_address AS street, c.city, c.postal_code, c.lat, c.lng,
  c.phone, c.website, c.hours, c.wheelchair, c.near_ttc, c.accepting_new_patients AS accepting,
  c.accepting_status, c.updated_at`;

/** The indexed expressions of the city and postal code searches (migration 1766800000000). */
export const CITY_KEY = `(lower(c.city) COLLATE "C")`;
export const POSTAL_KEY = `(upper(replace(c.postal_code, ' ', '')) COLLATE "C")`;

export function lastUpdated(column: string, c: LastUpdatedCriterion, p: SqlParams): string {
  return `${column} ${c.op === 'gt' ? '>' : '>='} ${p.add(c.at.toISOString())}::timestamptz`;
}

/** `column` starts with `prefix` (a "C" column: the btree index reads it as a range). */
export function startsWith(column: string, prefix: string, p: SqlParams): string {
  return `${column} LIKE ${p.add(`${escapeLike(prefix)}%`)}`;
}

export function where(conds: string[]): string {
  return conds.length ? `WHERE ${conds.join(' AND ')}` : '';
}
