import {
  ClinicAttributeCriteria,
  DoctorAttributeCriteria,
  GeoPoint,
} from '../../../domain/directory/criteria';
import { latestStartYearFor } from '../../../domain/doctors/years-of-practice';
import { ResolvedNames } from './reference-ids';
import { SqlParams } from './sql-params';

/**
 * How the id arrays are compared: as stored (`smallint[]`, served by GIN indexes or checked on
 * the row), or as `int4[]`, the type of intarray's GiST operator class, which
 * doctor_geo_earth_ids_idx holds beside each doctor's point (a walk near a point then skips the
 * doctors the filter drops inside the index), with intarray's operator named by its schema
 * (migration 1766000000000). Both are the same overlap of the same ids.
 */
export type IdArrays = 'smallint' | 'int4';

/** `column` (an id array) shares an id with the parameter `param`, compared as `arrays` says. */
export function idsOverlap(column: string, param: string, arrays: IdArrays): string {
  return arrays === 'int4'
    ? `(${column}::int4[]) OPERATOR(intarray.&&) ${param}::int4[]`
    : `${column} && ${param}::smallint[]`;
}

/**
 * Conditions on a doctor's own attributes, for a relation `a` with the columns gender,
 * practice_start_year, specialty_ids and language_ids (doctor_search, doctor_geo,
 * clinic_doctor_search, and doctor_facets for the scalar ones).
 */
export function doctorConditions(
  a: string,
  c: DoctorAttributeCriteria,
  ids: ResolvedNames,
  p: SqlParams,
  now: Date,
  arrays: IdArrays = 'smallint',
): string[] {
  const out: string[] = [];
  if (ids.specialtyIds) out.push(idsOverlap(`${a}.specialty_ids`, p.add(ids.specialtyIds), arrays));
  if (ids.languageIds) out.push(idsOverlap(`${a}.language_ids`, p.add(ids.languageIds), arrays));
  out.push(...scalarDoctorConditions(a, c, p, now));
  return out;
}

export function scalarDoctorConditions(
  a: string,
  c: DoctorAttributeCriteria,
  p: SqlParams,
  now: Date,
): string[] {
  const out: string[] = [];
  if (c.gender) out.push(`${a}.gender = ${p.add(c.gender)}`);
  if (c.minYears !== undefined)
    out.push(`${a}.practice_start_year <= ${p.add(latestStartYearFor(c.minYears, now))}`);
  if (c.maxYears !== undefined)
    out.push(`${a}.practice_start_year >= ${p.add(latestStartYearFor(c.maxYears, now))}`);
  return out;
}

export function hasScalarDoctorConditions(c: DoctorAttributeCriteria): boolean {
  return Boolean(c.gender || c.minYears !== undefined || c.maxYears !== undefined);
}

export function hasDoctorConditions(c: DoctorAttributeCriteria): boolean {
  return Boolean(c.specialties?.length || c.languages?.length || hasScalarDoctorConditions(c));
}

/** Equality conditions on clinic flags; every read model names them alike. */
export function clinicFlagConditions(
  a: string,
  c: ClinicAttributeCriteria,
  p: SqlParams,
): string[] {
  const flags: [boolean | undefined, string][] = [
    [c.accepting, 'accepting'],
    [c.evening, 'evening'],
    [c.weekend, 'weekend'],
    [c.wheelchair, 'wheelchair'],
    [c.virtualVisits, 'virtual_visits'],
    [c.nearTTC, 'near_ttc'],
  ];
  return flags.filter(([v]) => v !== undefined).map(([v, col]) => `${a}.${col} = ${p.add(v)}`);
}

/**
 * The client's point as earthdistance's `earth` (the type of the read models' `earth` columns),
 * computed once per statement: a scalar subquery is an InitPlan. (A page on its generic plan
 * would otherwise compute ll_to_earth, with its domain checks, again for every row it reads:
 * 0.2 ms of a 0.75 ms page within 5 km at 100,000 doctors.)
 */
export function pointOf(near: GeoPoint, p: SqlParams): string {
  return `(SELECT ll_to_earth(${p.add(near.lat)}::float8, ${p.add(near.lng)}::float8))`;
}

/** Within a radius of a point (great-circle, on earthdistance's sphere). */
export interface NearRadius {
  /**
   * Rows of `earthExpr` within the radius: the bounding cube lets the GiST index on `earthExpr`
   * find the candidates, the exact distance keeps the true ones.
   */
  rows(earthExpr: string): string[];
  /** Rows whose distance `k` (= earthExpr <-> the point) is read already: the exact distance alone. */
  cut(k: string, earthExpr: string): string;
}

export function nearRadius(pt: string, radiusKm: number, p: SqlParams): NearRadius {
  const m = p.add(radiusKm * 1000);
  return {
    rows: (earthExpr) => [
      `(SELECT earth_box(${pt}, ${m}::float8)) @> ${earthExpr}`,
      withinMetres(`${earthExpr} <-> ${pt}`, earthExpr, pt, m),
    ],
    cut: (k, earthExpr) => withinMetres(k, earthExpr, pt, m),
  };
}

/**
 * Great-circle distance from `pt` at most `metres` (a parameter), on earthdistance's sphere,
 * exactly as earth_distance says, for a row whose straight-line distance `line` (= earthExpr <->
 * pt) is given. earth_distance (a SQL function calling SQL functions) cost about 1.2 µs a row: a
 * count within 5 km of downtown at 100,000 doctors checks 36,000 candidates, 49 ms. So the
 * straight line through the sphere (`<->`, the chord; earth_distance is 2R·asin(chord / 2R)) is
 * compared with the chord of `metres` first, a constant of the statement (5.7 ms for that count):
 * a row clearly inside or outside is decided by it, and only a row within a billionth of the edge
 * asks earth_distance, whose rounding decides there.
 */
export function withinMetres(line: string, earthExpr: string, pt: string, metres: string): string {
  const chord = `(SELECT 2 * earth() * sin(${metres}::float8 / (2 * earth())))`;
  return `(${line} <= ${chord} * (1 - 1e-9) OR (${line} <= ${chord} * (1 + 1e-9) AND earth_distance(${pt}, ${earthExpr}) <= ${metres}::float8))`;
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
