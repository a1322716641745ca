import { AcceptingStatus } from '../../../domain/clinics/accepting-status';
import { ListMoments, OpenMoment } from '../../../domain/directory/criteria';
import { where } from './criteria-sql';
import { SqlParams } from './sql-params';

/** A read model counted by open facets, and the facets that count it (migration 1767000000000). */
export interface OpenFacetSource {
  /** `doctor_search` or `clinic_search`: one row per listed doctor or clinic, with `clinic_id`. */
  readonly rows: string;
  /** `doctor_open_facets` or `clinic_open_facets`. */
  readonly facets: string;
}

export const DOCTOR_OPEN_FACETS: OpenFacetSource = {
  rows: 'doctor_search',
  facets: 'doctor_open_facets',
};
export const CLINIC_OPEN_FACETS: OpenFacetSource = {
  rows: 'clinic_search',
  facets: 'clinic_open_facets',
};

/** The facets' rows of moment `m`: its stretch of the week, or on a holiday of the day. */
function stretchOf(m: OpenMoment | undefined, p: SqlParams): string {
  if (!m) return 'f.kind = 3';
  const w = p.add(m.minuteOfWeek);
  const week = (kind: number) => `(f.kind = ${kind} AND f.lo <= ${w}::int AND ${w}::int < f.hi)`;
  if (!m.isHoliday) return week(0);
  const d = p.add(m.minuteOfDay);
  return `(${week(1)} OR (f.kind = 2 AND f.lo <= ${d}::int AND ${d}::int < f.hi))`;
}

/**
 * The exact total of a list whose filters are a moment (openNow / openAt), graded statuses and
 * the clinic's flags only, from the open facets: the facet rows of the moment's stretch (at most
 * one per status and flags), plus, for the clinics with an exception on that date, what the
 * exception changes (clinic_open_at with it, minus without it). Reads a few hundred facet rows and
 * the day's exceptions, however many clinics there are. `flags(alias, p)` gives the flag
 * conditions, on columns that the facets and the read model name alike.
 */
export function openFacetTotal(
  source: OpenFacetSource,
  moments: ListMoments | undefined,
  statuses: readonly AcceptingStatus[] | undefined,
  flags: (alias: string, p: SqlParams) => string[],
): { sql: string; values: unknown[] } {
  const p = new SqlParams();
  const m = moments?.filter;
  const status = (col: string) =>
    statuses?.length ? [`${col} = ANY(${p.add(statuses)}::text[])`] : [];
  const facets = `SELECT coalesce(sum(f.n), 0) AS n FROM ${source.facets} f ${where([
    stretchOf(m, p),
    ...flags('f', p),
    ...status('f.accepting_status'),
  ])}`;
  if (!m) return { sql: `SELECT (${facets})::int AS n`, values: p.values };
  const open = (exception: string) =>
    `(clinic_open_at(c.week_minutes, c.holiday_minutes, ${exception}, ${p.add(m.isHoliday)}::boolean, ${p.add(m.minuteOfDay)}::int, ${p.add(m.minuteOfWeek)}::int) IS TRUE)::int`;
  const changed = `SELECT coalesce(sum(${open('e.minutes')} - ${open('NULL')}), 0) AS n
      FROM clinic_hours_exceptions e
      JOIN clinics c ON c.id = e.clinic_id
      JOIN ${source.rows} r ON r.clinic_id = e.clinic_id
     ${where([`e.date = ${p.add(m.date)}::date`, ...flags('r', p), ...status('c.accepting_status')])}`;
  return { sql: `SELECT ((${facets}) + (${changed}))::int AS n`, values: p.values };
}
