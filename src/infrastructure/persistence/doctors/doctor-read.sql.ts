import { AcceptingStatus } from '../../../domain/clinics/accepting-status';
import { DoctorCriteria, ListMoments, OpenMoment } from '../../../domain/directory/criteria';
import { SortKey } from '../../../domain/shared/page';
import {
  CLINIC_ADDRESS_SQL,
  clinicFlagConditions,
  doctorConditions,
  IdArrays,
} from '../directory/criteria-sql';
import {
  acceptingStatusConditions,
  openAtCondition,
  openAtCounted,
  openAtOfRow,
  openClinicsCollected,
} from '../directory/opening-sql';
import { ResolvedNames } from '../directory/reference-ids';
import { SqlParams } from '../directory/sql-params';

/** Practising doctors (the facet counts' sum), for the length of a walk. */
export const ALL_DOCTORS_SQL = 'SELECT coalesce(sum(n), 0)::int AS n FROM doctor_facets s';

/**
 * Columns of a doctor with its primary clinic, for `d` (doctors) and `c` (clinics); the clinic's
 * stored week is `clinic_hours` (read by doctor-row.mapper's toDoctorRecord).
 */
export const DOCTOR_COLUMNS = `
  d.id, d.cpso_number, d.name, d.gender, d.practice_start_year, d.synced_at,
  d.specialty_ids, d.language_ids,
  c.id AS clinic_id, c.name AS clinic_name, ${CLINIC_ADDRESS_SQL} AS clinic_address,
  c.lat, c.lng, c.phone, c.accepting_new_patients, c.accepting_status, c.availability_checked_at,
  c.hours AS clinic_hours`;

/**
 * Each row's openNow (its clinic `c` open at `now`): a column reading the clinic's exception on
 * that date by key (opening-sql's openAtOfRow; no join, so the page's join order is unchanged),
 * or null when the read has no moment. `join` is kept empty for the callers' statements.
 */
export function openNowSql(
  now: OpenMoment | undefined,
  p: SqlParams,
): { column: string; join: string } {
  if (!now) return { column: 'NULL::boolean AS open_now', join: '' };
  return { join: '', column: `${openAtOfRow('c', now, p)} AS open_now` };
}

/**
 * How a statement checks a row's clinic (issue 33's filters):
 * - `probe` (a page's walk): openAtCondition and acceptingStatusConditions, the clinic's row and
 *   exception probed by key for each row the walk reads, which stops at the page; for filters
 *   that many rows pass.
 * - `collect` (a page of a time filter known to pass few rows, where a walk would read most of
 *   its index to fill the page: Sunday 02:00 walked all 99,039 entries of the name index at
 *   100,000 doctors, 550 ms): the open clinics' ids gathered once (one pass over clinics), then
 *   those clinics' rows from the clinic_id index, sorted.
 * - `count` (a total): the time filter as a semi-join on the open clinics' ids, read from
 *   `clinic_open_ranges` (hashed: an index-only scan of doctor_search's clinic_id index), the statuses as the ids of the clinics of those statuses,
 *   so the count reads their rows from the clinic_id index (as a semi-join, the planner read all
 *   of doctor_search for `accepting = false`).
 * - `region` (a total within a radius): both as semi-joins on the open clinics' ids and on the
 *   clinics of those statuses, which the planner hashes once beside the region's rows (probing
 *   each row's clinic by key cost 1.2 to 2.6 s for 5 km of downtown at 1,000,000 doctors).
 */
export type OpenCheck = 'probe' | 'collect' | 'count' | 'region';

/**
 * Rows of `alias` whose clinic's status is one of `statuses`, through the ids of those clinics
 * (the v1 boolean, indexed, when the list is `accepting` alone).
 */
function statusCollected(
  alias: string,
  statuses: readonly AcceptingStatus[],
  p: SqlParams,
): string[] {
  if (statuses.length === 1 && statuses[0] === 'accepting') return [`${alias}.accepting = true`];
  return [
    `${alias}.clinic_id = ANY(ARRAY(SELECT sc.id FROM clinics sc WHERE sc.accepting_status = ANY(${p.add(statuses)}::text[])))`,
  ];
}

/**
 * The filters on `alias` (doctor_search, or doctor_geo which carries the same columns), with
 * issue 33's on the primary clinic: open at the moment of openNow / openAt (`moments.filter`)
 * and the graded accepting status.
 */
export function doctorFilters(
  criteria: DoctorCriteria,
  ids: ResolvedNames,
  p: SqlParams,
  now: Date,
  alias = 's',
  arrays: IdArrays = 'smallint',
  moments?: ListMoments,
  open: OpenCheck = 'probe',
): string[] {
  const out = [
    ...doctorConditions(alias, criteria, ids, p, now, arrays),
    ...clinicFlagConditions(alias, criteria, p),
  ];
  const flagged = () => clinicFlagConditions('fc', criteria, p);
  if (moments?.filter)
    out.push(
      open === 'collect'
        ? alias === 's'
          ? openClinicsCollected(`${alias}.clinic_id`, moments.filter, p, flagged())
          : // doctor_geo has no clinic_id index of its own (one would tempt the planner off the
            // nearest-first walk of a page that probes): the few rows through doctor_search's
            // (a Seq Scan of doctor_geo otherwise: 335 ms at 1,000,000 doctors, 1.1 ms so).
            `${alias}.doctor_id IN (SELECT cs.doctor_id FROM doctor_search cs WHERE ${openClinicsCollected('cs.clinic_id', moments.filter, p, flagged())})`
        : open === 'count' || open === 'region'
          ? openAtCounted(`${alias}.clinic_id`, moments.filter, p)
          : openAtCondition(`${alias}.clinic_id`, moments.filter, p),
    );
  const statuses = criteria.acceptingStatuses;
  if (statuses?.length)
    out.push(
      ...(open === 'count'
        ? statusCollected(alias, statuses, p)
        : acceptingStatusConditions(alias, `${alias}.clinic_id`, statuses, p)),
    );
  return out;
}

/** Whether a list sends one of issue 33's filters (the facet counts cannot total those). */
export function hasOpeningFilters(criteria: DoctorCriteria, moments?: ListMoments): boolean {
  return moments?.filter !== undefined || Boolean(criteria.acceptingStatuses?.length);
}

/**
 * The rows past a cursor's (distance, name, CPSO number) nearest first, `k` being the row's
 * distance expression: farther, or as far and later by name and CPSO number.
 */
export function nearAfter(k: string, alias: string, after: SortKey, p: SqlParams): string {
  const d = p.add(after[0]);
  return `(${k} > ${d} OR (${k} = ${d} AND (${alias}.name_key, ${alias}.cpso_number) > (${p.add(after[1])}, ${p.add(after[2])})))`;
}
