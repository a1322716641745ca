import { DataSource } from 'typeorm';
import { ClinicListRecord } from '../../../domain/clinics/clinic';
import {
  ClinicCriteria,
  ClinicInclude,
  GeoPoint,
  ListMoments,
  OpenMoment,
} from '../../../domain/directory/criteria';
import { Page, PageRequest } from '../../../domain/shared/page';
import { fixedPlan } from '../../database/prepared-reads';
import { afterIo } from '../directory/memory/kept-rows';
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
): ChosenClinics | undefined {
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
  return { pageSql, total, positions, columns: c, near, keptEpoch: c.kept.epoch };
}

/** A page the clinic columns chose: its statement part, its exact total, the columns, the point. */
export interface ChosenPage {
  readonly pageSql: string;
  readonly total: number;
  readonly columns: ClinicColumns;
  readonly near?: GeoPoint;
}

/** What chooseClinicPage chose: the `page` CTE and the clinics' positions. */
export interface ChosenClinics extends ChosenPage {
  readonly positions: readonly number[];
  /** The kept rows' epoch when chosen: rows read across a change applied in place are not kept. */
  readonly keptEpoch: number;
}

/** Kept clinics per include variant: position * 4 + notes (1) + links (2). */
function keptKey(i: number, include: ReadonlySet<ClinicInclude>): number {
  return i * 4 + (include.has('notes') ? 1 : 0) + (include.has('links') ? 2 : 0);
}

/** Keeps the clinics a page read (kept-rows.ts), by their position in the columns. */
export function keepClinics(
  chosen: ChosenClinics,
  include: ReadonlySet<ClinicInclude>,
  items: readonly ClinicListRecord[],
): void {
  const c = chosen.columns;
  const at = new Map(chosen.positions.map((i) => [c.clinicId(i), i]));
  for (const item of items) {
    const i = at.get(item.id);
    if (i !== undefined) c.kept.keep(keptKey(i, include), item, chosen.keptEpoch);
  }
}

/**
 * The page from the clinics the columns keep, when every one of it is kept (no statement reads
 * them again): openNow from the columns' hours at the request's moment, a full page's cursor key
 * (name key, or PostgreSQL's distance read by key nearest first, and the id). Else undefined.
 */
export function keptClinicPage(
  ds: DataSource,
  chosen: ChosenClinics,
  include: ReadonlySet<ClinicInclude>,
  page: PageRequest,
  now: OpenMoment | undefined,
): Promise<Page<ClinicListRecord>> | undefined {
  const { positions, columns: c, near, total } = chosen;
  if (positions.length === 0) return undefined;
  const kept = c.kept.all(positions.map((i) => keptKey(i, include)));
  if (!kept) return undefined;
  const openNow = now ? c.d.hours.openNowAt(now) : undefined;
  const items = kept.map((r, j) => ({ ...r, openNow: openNow ? openNow(positions[j]) : null }));
  const last = positions[positions.length - 1];
  const finish = (k: string | number) => ({
    items,
    total,
    lastKey: [k, c.clinicId(last)],
  });
  if (!near) return afterIo(finish(c.nameAt(last)));
  const p = new SqlParams();
  const sql = `SELECT cs.earth <-> ${pointOf(near, p)} AS k FROM clinic_search cs WHERE cs.clinic_id = ${p.add(c.clinicId(last))}::uuid`;
  return c.keptDistances
    .of(`c|${near.lat}|${near.lng}|${last}`, () =>
      ds.query<{ k: number }[]>(fixedPlan(sql), p.values).then((r) => r[0].k),
    )
    .then((k) => afterIo(finish(k)));
}
