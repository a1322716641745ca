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

/** A word of `column` (words split at spaces) starts with `prefix`: the trigram index finds it. */
export function wordStartsWith(column: string, prefix: string, p: SqlParams): string {
  const e = escapeLike(prefix);
  return `(${column} LIKE ${p.add(`${e}%`)} OR ${column} LIKE ${p.add(`% ${e}%`)})`;
}

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The last word starts with `prefix` (the family name), or a word before it (a given name). */
export function namePart(
  column: string,
  part: 'family' | 'given',
  prefix: string,
  p: SqlParams,
): string {
  const tail = part === 'family' ? '[^ ]*$' : '[^ ]* ';
  return `(${wordStartsWith(column, prefix, p)} AND ${column} ~ ${p.add(`(^| )${escapeRegex(prefix)}${tail}`)})`;
}

export function where(conds: string[]): string {
  return conds.length ? `WHERE ${conds.join(' AND ')}` : '';
}
