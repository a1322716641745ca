import { ClinicCriteria, ListMoments } from '../../../domain/directory/criteria';
import { PageRequest } from '../../../domain/shared/page';
import { hasScalarDoctorConditions, pointOf } from '../directory/criteria-sql';
import { countBits, positionsFrom } from '../directory/memory/bitset';
import { ClinicColumns } from '../directory/memory/clinic-columns';
import { DoctorColumns } from '../directory/memory/doctor-columns';
import { ResolvedNames } from '../directory/reference-ids';
import { C_ORDERED } from '../directory/memory/uuid-words';
import { SqlParams } from '../directory/sql-params';

/**
 * A clinic list answered from the columns in memory (issue 32): the clinics passing every filter
 * (the doctor filters through the doctor columns: one doctor at the clinic passes them all, as
 * clinic-read.sql.ts's doctorExists), their exact total, and the page's clinics in name order or
 * nearest first, as the `page` CTE of ClinicListReader's statement (the clinics by id, with the
 * sort key it orders by: the name, or the distance PostgreSQL computes). Undefined when a
 * criterion or a cursor is one the columns do not answer.
 */
export function chooseClinicPage(
  m: DoctorColumns,
  criteria: ClinicCriteria,
  ids: ResolvedNames,
  page: PageRequest,
  now: Date,
  moments: ListMoments | undefined,
  p: SqlParams,
): { pageSql: string; total: number } | undefined {
  if (!ClinicColumns.answers(criteria)) return undefined;
  if (page.after?.some((v) => typeof v === 'string' && !C_ORDERED.test(v))) return undefined;
  const c = m.d.clinics;
  // The unions of the clinic's doctors' ids are exact for one list filter alone; together, or
  // with a scalar filter, one doctor must pass them all.
  const perDoctor =
    hasScalarDoctorConditions(criteria) || Boolean(ids.specialtyIds && ids.languageIds);
  const bits = c.select(
    criteria,
    ids,
    perDoctor ? (into) => m.clinicsOfDoctors(criteria, ids, now, into) : undefined,
    moments,
  );
  const total = countBits(bits);
  const near = criteria.near;
  let positions: number[];
  if (near) {
    const after = page.after
      ? c.nearAfter(Number(page.after[0]), String(page.after[1]), near)
      : undefined;
    positions = c.near.nearest(bits, near.lat, near.lng, page.offset, page.limit, after);
  } else {
    const from = page.after ? c.after(String(page.after[0]), String(page.after[1])) : 0;
    positions = positionsFrom(bits, from, page.offset, page.limit);
  }
  const idsParam = p.add(positions.map((i) => c.clinicId(i)));
  const k = near ? `cs.earth <-> ${pointOf(near, p)}` : 'cs.name_key';
  const pageSql = `page AS (SELECT cs.clinic_id, ${k} AS k
                              FROM unnest(${idsParam}::uuid[]) AS u(id)
                              JOIN clinic_search cs ON cs.clinic_id = u.id)`;
  return { pageSql, total };
}
