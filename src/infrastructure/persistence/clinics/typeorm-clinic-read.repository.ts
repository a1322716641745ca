import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DIRECTORY_READ_SOURCE } from '../../database/directory-read-source';
import { ClinicReadRepository } from '../../../application/clinics/clinic-read.repository';
import {
  ClinicDetailRecord,
  ClinicListRecord,
  SpecialistRecord,
} from '../../../domain/clinics/clinic';
import {
  ClinicCriteria,
  ClinicInclude,
  DoctorAttributeCriteria,
  GeoPoint,
  SpecialistCriteria,
} from '../../../domain/directory/criteria';
import { Page, PageRequest } from '../../../domain/shared/page';
import {
  CLINIC_ADDRESS_SQL,
  clinicFlagConditions,
  doctorConditions,
  hasDoctorConditions,
  hasScalarDoctorConditions,
  namesOf,
  idsOverlap,
  pointOf,
  nearRadius,
  NearRadius,
  where,
} from '../directory/criteria-sql';
import { ListTotals } from '../directory/list-totals';
import { isPastTheEnd, isShortWalk } from '../directory/short-walk';
import { walk } from '../../database/prepared-reads';
import { ReferenceIds, ResolvedNames } from '../directory/reference-ids';
import { SqlParams } from '../directory/sql-params';
import {
  ClinicDetailRow,
  ClinicListRow,
  SpecialistRow,
  toClinicDetailRecord,
  toClinicListRecord,
  toSpecialistRecord,
} from './clinic-row.mapper';

/** Clinics and (clinic, specialty) pairs: the rows of the indexes a page walks. */
const ALL_CLINICS_SQL = 'SELECT count(*)::int AS n FROM clinic_search';
const ALL_SPECIALIST_PAIRS_SQL = 'SELECT count(*)::int AS n FROM specialist_search';

/**
 * Clinic lists read `clinic_search` (flags, point, and the union of the practising doctors'
 * specialty and language ids, all indexed); specialists read `specialist_search`. Totals come
 * from `clinic_facets` when no doctor filter is sent, and are cached until the directory changes.
 */
@Injectable()
export class TypeOrmClinicReadRepository extends ClinicReadRepository {
  constructor(
    @Inject(DIRECTORY_READ_SOURCE) private readonly ds: DataSource,
    private readonly refs: ReferenceIds,
    private readonly totals: ListTotals,
  ) {
    super();
  }

  async list(
    criteria: ClinicCriteria,
    include: ReadonlySet<ClinicInclude>,
    page: PageRequest,
    now: Date,
  ): Promise<Page<ClinicListRecord>> {
    const ids = await this.refs.resolve(criteria);
    if (ids.impossible) return { items: [], total: 0 };
    const p = new SqlParams();
    const conds = clinicFlagConditions('cs', criteria, p);
    if (criteria.hasWebsite !== undefined)
      conds.push(`cs.has_website = ${p.add(criteria.hasWebsite)}`);
    const facetConds = [...conds];
    // The id arrays: as stored for the counts (their GIN indexes), as int4[] for a walk nearest
    // first (clinic_search_earth_ids_idx checks them inside the walk); one parameter each.
    const walkConds = [...conds];
    for (const [column, values] of [
      ['cs.specialty_ids', ids.specialtyIds],
      ['cs.language_ids', ids.languageIds],
    ] as const) {
      if (!values) continue;
      const param = p.add(values);
      conds.push(idsOverlap(column, param, 'smallint'));
      walkConds.push(idsOverlap(column, param, 'int4'));
    }
    // The unions are exact for one list filter alone; together, or with a scalar filter, one
    // doctor must satisfy them all, which only the per-doctor rows can tell.
    const perDoctor =
      hasScalarDoctorConditions(criteria) || !!(ids.specialtyIds && ids.languageIds);
    if (perDoctor) {
      const exists = this.doctorExists(criteria, ids, p, now, 'cs.clinic_id');
      conds.push(exists);
      walkConds.push(exists);
    }
    // The radius bounds the total and the page, not the nearest-first scan (nearestFirst).
    const filterParams = p.values.length;
    const radius =
      criteria.near && criteria.radiusKm !== undefined
        ? nearRadius(pointOf(criteria.near, p), criteria.radiusKm, p)
        : undefined;
    // The filters' matches, radius or not, say how far the nearest-first scan goes (it reads
    // rows until the page's reach pass the filters, and cuts at the radius afterwards).
    const matches = hasDoctorConditions(criteria)
      ? this.totals.count(
          `SELECT count(*)::int AS n FROM clinic_search cs ${where(conds)}`,
          p.values.slice(0, filterParams),
        )
      : this.totals.count(
          `SELECT coalesce(sum(n), 0)::int AS n FROM clinic_facets cs ${where(facetConds)}`,
          p.values.slice(0, filterParams),
        );
    const total = radius
      ? this.totals.count(
          `SELECT count(*)::int AS n FROM clinic_search cs ${where([...conds, ...radius.rows('cs.earth')])}`,
          [...p.values],
        )
      : matches;

    const pageSql = criteria.near
      ? this.nearestFirst(criteria.near, walkConds, radius, p, page)
      : this.byName(conds, p, page);
    const notes = include.has('notes') ? 'c.notes' : 'NULL::text';
    const links = include.has('links') ? 'c.links' : 'NULL::jsonb';
    const sql = `
      WITH ${pageSql}
      SELECT c.id, c.name, ${CLINIC_ADDRESS_SQL} AS address, c.accepting_new_patients AS accepting,
             cs.language_ids, cs.specialty_ids,
             c.lat, c.lng, ${notes} AS notes, ${links} AS links, c.availability_checked_at
        FROM page pg
        JOIN clinics c ON c.id = pg.clinic_id
        JOIN clinic_search cs ON cs.clinic_id = pg.clinic_id
       ORDER BY pg.k, pg.clinic_id`;
    // A page that checks each clinic's doctors is planned for its values (its generic plan may
    // join every clinic's doctors before the walk).
    const short =
      !perDoctor && (await isShortWalk(matches, this.totals.count(ALL_CLINICS_SQL, []), page));
    const [rows, , names] = await Promise.all([
      (await isPastTheEnd(total, page))
        ? Promise.resolve([] as ClinicListRow[])
        : this.ds.query<ClinicListRow[]>(short ? walk(sql) : sql, p.values),
      total,
      this.refs.names(),
    ]);
    return {
      items: rows.map((r) => toClinicListRecord(r, names)),
      total: await this.totals.consistent(total, page, rows.length),
    };
  }

  async findById(id: string): Promise<ClinicDetailRecord | null> {
    const rows = await this.ds.query<ClinicDetailRow[]>(
      `SELECT c.id, c.name, ${CLINIC_ADDRESS_SQL} AS address, c.lat, c.lng, c.phone, c.accepting_new_patients,
              c.website, c.type, c.weekday_hours, c.evening, c.weekend, c.wheelchair, c.virtual_visits,
              c.near_ttc, c.notes, c.links, c.availability_checked_at, c.source,
              COALESCE((SELECT json_agg(json_build_object(
                         'name', d.name, 'gender', d.gender, 'practice_start_year', d.practice_start_year,
                         'languages', ${namesOf('languages', 'd.language_ids')},
                         'specialties', ${namesOf('specialties', 'd.specialty_ids')})
                       ORDER BY d.name_key, d.cpso_number)
                  FROM doctor_clinics dc JOIN doctors d ON d.id = dc.doctor_id
                 WHERE dc.clinic_id = c.id AND d.expired_at IS NULL), '[]'::json) AS doctors
         FROM clinics c WHERE c.id = $1`,
      [id],
    );
    return rows[0] ? toClinicDetailRecord(rows[0]) : null;
  }

  async specialists(
    criteria: SpecialistCriteria,
    page: PageRequest,
    now: Date,
  ): Promise<Page<SpecialistRecord>> {
    const ids = await this.refs.resolve({
      specialties: criteria.specialties,
      languages: criteria.languages,
    });
    if (ids.impossible || !ids.specialtyIds) return { items: [], total: 0 };
    const p = new SqlParams();
    const specialtyIds = ids.specialtyIds;
    // One specialty reads the order index as it is; several need a sort.
    const conds = [
      specialtyIds.length === 1
        ? `ss.specialty_id = ${p.add(specialtyIds[0])}`
        : `ss.specialty_id = ANY(${p.add(specialtyIds)}::smallint[])`,
      ...clinicFlagConditions('ss', criteria, p),
    ];
    const doctorFilters = { ...criteria, specialties: undefined, near: undefined };
    const perDoctor = hasDoctorConditions(doctorFilters);
    if (perDoctor) {
      // The doctor who satisfies the doctor filters must also practise the pair's specialty.
      // The pair's specialty, repeated as literal ids, lets the index narrow the doctors first.
      conds.push(
        this.doctorExists(
          doctorFilters,
          { ...ids, specialtyIds },
          p,
          now,
          'ss.clinic_id',
          'ss.specialty_id',
        ),
      );
    }
    const filterParams = p.values.length;
    const radius =
      criteria.near && criteria.radiusKm !== undefined
        ? nearRadius(pointOf(criteria.near, p), criteria.radiusKm, p)
        : undefined;
    const total = this.totals.count(
      `SELECT count(*)::int AS n FROM specialist_search ss ${where([...conds, ...(radius?.rows('ss.earth') ?? [])])}`,
      [...p.values],
    );
    // As for clinics, the scan nearest first goes as far as the filters' matches say, radius or
    // not (a page in order of wait has no radius to leave out).
    const matches = radius
      ? this.totals.count(
          `SELECT count(*)::int AS n FROM specialist_search ss ${where(conds)}`,
          p.values.slice(0, filterParams),
        )
      : total;
    const pageSql = criteria.near
      ? this.specialistsNearestFirst(criteria.near, conds, radius, p, page)
      : `(SELECT ss.clinic_id, ss.specialty_id, ss.wait_weeks, ss.name_key, 0::float8 AS k
            FROM specialist_search ss ${where(conds)}
           ORDER BY ss.wait_weeks, ss.name_key, ss.clinic_id, ss.specialty_id
           LIMIT ${p.add(page.limit)} OFFSET ${p.add(page.offset)})`;
    const sql = `
      SELECT c.id, c.name, sp.name AS specialty,
             ARRAY(SELECT r.name FROM languages r WHERE r.id IN (
                     SELECT unnest(cd.language_ids) FROM clinic_doctor_search cd
                      WHERE cd.clinic_id = pg.clinic_id AND pg.specialty_id = ANY(cd.specialty_ids))
                   ORDER BY r.name_key) AS languages,
             c.accepting_new_patients AS accepting, pg.wait_weeks, c.availability_checked_at, c.lat, c.lng
        FROM ${pageSql} pg
        JOIN clinics c ON c.id = pg.clinic_id
        JOIN specialties sp ON sp.id = pg.specialty_id
       ORDER BY ${criteria.near ? 'pg.k' : 'pg.wait_weeks, pg.name_key'}, pg.clinic_id, pg.specialty_id`;
    // Several specialties are sorted, not walked, and a page that checks each pair's doctors may
    // be joined before it is walked: those pages are planned for their values.
    const short =
      !perDoctor &&
      (criteria.near !== undefined || specialtyIds.length === 1) &&
      (await isShortWalk(matches, this.totals.count(ALL_SPECIALIST_PAIRS_SQL, []), page));
    const [rows] = await Promise.all([
      (await isPastTheEnd(total, page))
        ? Promise.resolve([] as SpecialistRow[])
        : this.ds.query<SpecialistRow[]>(short ? walk(sql) : sql, p.values),
      total,
    ]);
    return {
      items: rows.map(toSpecialistRecord),
      total: await this.totals.consistent(total, page, rows.length),
    };
  }

  /** `page` CTE in name order (the (name_key, clinic_id) index). */
  private byName(conds: string[], p: SqlParams, page: PageRequest): string {
    return `page AS (SELECT cs.clinic_id, cs.name_key AS k FROM clinic_search cs ${where(conds)}
                      ORDER BY cs.name_key, cs.clinic_id LIMIT ${p.add(page.limit)} OFFSET ${p.add(page.offset)})`;
  }

  /**
   * `page` CTE nearest first, exactly ordered by (distance, id), on the GiST index: a
   * nearest-neighbour scan reads the page's rows and every row tied in distance with the last of
   * them (`FETCH FIRST n ROWS WITH TIES`), which are then sorted by (distance, id). (It replaces
   * a second pass over every row within the last distance, through the index's bounding cube:
   * a filtered page near a point at 100,000 doctors read 1,225 rows there for 25.)
   */
  private nearestFirst(
    near: GeoPoint,
    conds: string[],
    radius: NearRadius | undefined,
    p: SqlParams,
    page: PageRequest,
  ): string {
    // The scan leaves the radius out: nearest first, the first rows within the radius are the
    // first rows, cut at it; with it, the planner reads every row of the radius instead.
    const pt = pointOf(near, p);
    return `page AS (SELECT cs.clinic_id, cs.k
                       FROM (SELECT cs.clinic_id, cs.earth, cs.earth <-> ${pt} AS k FROM clinic_search cs ${where(conds)}
                              ORDER BY cs.earth <-> ${pt} FETCH FIRST (${p.add(page.limit + page.offset)}) ROWS WITH TIES) cs
                      ${where(radius ? [radius.cut('cs.k', 'cs.earth')] : [])}
                      ORDER BY cs.k, cs.clinic_id LIMIT ${p.add(page.limit)} OFFSET ${p.add(page.offset)})`;
  }

  /**
   * A page of specialists nearest first, exactly ordered by (distance, clinic, specialty), as in
   * nearestFirst: the nearest-neighbour scan reads the page's rows and their ties, which are then
   * sorted (the sort keys after the distance would otherwise sort every offering).
   */
  private specialistsNearestFirst(
    near: GeoPoint,
    conds: string[],
    radius: NearRadius | undefined,
    p: SqlParams,
    page: PageRequest,
  ): string {
    const pt = pointOf(near, p);
    return `(SELECT ss.clinic_id, ss.specialty_id, ss.wait_weeks, ss.name_key, ss.k
               FROM (SELECT ss.clinic_id, ss.specialty_id, ss.wait_weeks, ss.name_key, ss.earth, ss.earth <-> ${pt} AS k
                       FROM specialist_search ss ${where(conds)}
                      ORDER BY ss.earth <-> ${pt} FETCH FIRST (${p.add(page.limit + page.offset)}) ROWS WITH TIES) ss
               ${where(radius ? [radius.cut('ss.k', 'ss.earth')] : [])}
              ORDER BY ss.k, ss.clinic_id, ss.specialty_id LIMIT ${p.add(page.limit)} OFFSET ${p.add(page.offset)})`;
  }

  /** "At least one of its practising doctors satisfies all of them together" (decisions.md). */
  private doctorExists(
    c: DoctorAttributeCriteria,
    ids: ResolvedNames,
    p: SqlParams,
    now: Date,
    clinicExpr: string,
    specialtyExpr?: string,
  ): string {
    const conds = [`cd.clinic_id = ${clinicExpr}`, ...doctorConditions('cd', c, ids, p, now)];
    if (specialtyExpr) conds.push(`${specialtyExpr} = ANY(cd.specialty_ids)`);
    return `EXISTS (SELECT 1 FROM clinic_doctor_search cd WHERE ${conds.join(' AND ')})`;
  }
}
