import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DIRECTORY_READ_SOURCE } from '../../database/directory-read-source';
import { DoctorReadRepository } from '../../../application/doctors/doctor-read.repository';
import { DoctorCriteria } from '../../../domain/directory/criteria';
import { DirectoryCounts, DoctorDetailRecord, DoctorRecord } from '../../../domain/doctors/doctor';
import { Page, PageRequest } from '../../../domain/shared/page';
import {
  CLINIC_ADDRESS_SQL,
  clinicFlagConditions,
  doctorConditions,
  pointOf,
  radiusConditions,
  scalarDoctorConditions,
  where,
} from '../directory/criteria-sql';
import { ListTotals } from '../directory/list-totals';
import { ReferenceIds, ResolvedNames } from '../directory/reference-ids';
import { escapeLike, SqlParams } from '../directory/sql-params';
import {
  DoctorRow,
  REVIEW_COLUMNS,
  ReviewRow,
  toDoctorRecord,
  toReview,
} from './doctor-row.mapper';

/** Columns of a doctor with its primary clinic, for `d` (doctors) and `c` (clinics). */
const DOCTOR_COLUMNS = `
  d.id, d.cpso_number, d.name, d.gender, d.practice_start_year, d.synced_at,
  d.specialty_ids, d.language_ids,
  c.id AS clinic_id, c.name AS clinic_name, ${CLINIC_ADDRESS_SQL} AS clinic_address,
  c.lat, c.lng, c.phone, c.accepting_new_patients, c.availability_checked_at`;

/**
 * Lists run on the `doctor_search` read model (one row per practising doctor with the flags of
 * its primary clinic, indexed for every filter): one statement picks the page's ids in order and
 * joins the page's rows. Totals come from `doctor_facets` when only scalar filters are sent, else
 * from `doctor_search`, and are cached until the directory changes. Two statements per page at
 * most, whatever its size.
 */
@Injectable()
export class TypeOrmDoctorReadRepository extends DoctorReadRepository {
  constructor(
    @Inject(DIRECTORY_READ_SOURCE) private readonly ds: DataSource,
    private readonly refs: ReferenceIds,
    private readonly totals: ListTotals,
  ) {
    super();
  }

  async list(criteria: DoctorCriteria, page: PageRequest, now: Date): Promise<Page<DoctorRecord>> {
    const ids = await this.refs.resolve(criteria);
    if (ids.impossible) return { items: [], total: 0 };
    const p = new SqlParams();
    const conds = this.conditions(criteria, ids, p, now);
    if (criteria.near) return this.nearestFirst(criteria, ids, conds, p, page, now);
    const total = this.listTotal(criteria, ids, conds, p.values, now);
    const pageSql = `SELECT s.doctor_id, s.clinic_id, s.name_key, s.cpso_number, 0 AS rank, 0::float8 AS k
                       FROM doctor_search s ${where(conds)}
                      ORDER BY s.name_key, s.cpso_number LIMIT ${p.add(page.limit)} OFFSET ${p.add(page.offset)}`;
    return this.pageOf(pageSql, p, page, total);
  }

  /**
   * Nearest primary clinic first, then name, then CPSO number: doctor_geo's GiST index yields
   * doctors nearest first (`<->`, a nearest-neighbour scan), filtered on its own columns. With a
   * radius, its bounding cube narrows the same index, and the total counts the doctors within
   * it; without one, the total is today's.
   */
  private nearestFirst(
    criteria: DoctorCriteria,
    ids: ResolvedNames,
    conds: string[],
    p: SqlParams,
    page: PageRequest,
    now: Date,
  ): Promise<Page<DoctorRecord>> {
    // Without a radius the total is today's (doctor_search's conditions and parameters); the
    // page reads doctor_geo alone, which carries every filtered column, with its own parameters.
    const unbounded =
      criteria.radiusKm === undefined
        ? this.listTotal(criteria, ids, conds, [...p.values], now)
        : undefined;
    const q = new SqlParams();
    const filters = this.conditions(criteria, ids, q, now, 'g');
    const pt = pointOf(criteria.near!, q);
    const located = [...filters];
    if (criteria.radiusKm !== undefined) {
      located.push(...radiusConditions('g.earth', pt, criteria.radiusKm, q));
    }
    const from = 'doctor_geo g';
    const total =
      unbounded ??
      this.totals.count(`SELECT count(*)::int AS n FROM ${from} ${where(located)}`, [...q.values]);
    // As for clinics: a nearest-neighbour scan finds the distance of the page's last row, then
    // the rows within it (ties included, through the index's bounding cube) are sorted exactly.
    // The scan leaves the radius out (nearest first, the first rows within the radius are the
    // first rows, cut at it): with it, the planner reads every row of the radius instead.
    const pageSql = `WITH edge AS (SELECT max(k) AS r FROM (SELECT g.earth <-> ${pt} AS k FROM ${from} ${where(filters)}
                                                     ORDER BY g.earth <-> ${pt} LIMIT ${q.add(page.limit + page.offset)}) x)
                     SELECT g.doctor_id, g.clinic_id, g.name_key, g.cpso_number, 0 AS rank, g.earth <-> ${pt} AS k
                       FROM ${from}, edge
                       ${where([...located, `cube_enlarge(${pt}, edge.r + 1, 3) @> g.earth`, `g.earth <-> ${pt} <= edge.r`])}
                      ORDER BY k, g.name_key, g.cpso_number
                      LIMIT ${q.add(page.limit)} OFFSET ${q.add(page.offset)}`;
    return this.pageOf(pageSql, q, page, total);
  }

  /**
   * Exact CPSO first, then names starting with q, then other name matches, each by name. Each
   * rank is its own ordered branch that stops at offset + limit rows, so a common two-letter q
   * does not sort every match.
   */
  async search(
    q: string,
    criteria: DoctorCriteria,
    page: PageRequest,
    now: Date,
  ): Promise<Page<DoctorRecord>> {
    const ids = await this.refs.resolve(criteria);
    if (ids.impossible) return { items: [], total: 0 };
    const p = new SqlParams();
    const filters = this.conditions(criteria, ids, p, now);
    const lower = q.toLowerCase();
    const exact = p.add(q);
    const contains = p.add(`%${escapeLike(lower)}%`);
    // Two letters are too short for the trigram index: the two-letter pieces index serves them.
    const byName =
      lower.length === 2
        ? `(name_bigrams(s.name_key) @> ARRAY[${p.add(lower)}]::text[] AND s.name_key LIKE ${contains})`
        : `s.name_key LIKE ${contains}`;
    // With a location, distance breaks ties within a rank (instead of the name): the search
    // reads doctor_geo, which has the same columns and name indexes plus the point, so no join.
    // A radius is a plain distance filter here: the name indexes find the candidates (a radius
    // box would lead the planner to walk every doctor of the radius instead).
    // (The point's parameters are added only where the statement uses them: the total's
    // statement has exactly the parameters it references.)
    const from = criteria.near ? 'doctor_geo s' : 'doctor_search s';
    let pt: string | undefined;
    if (criteria.near && criteria.radiusKm !== undefined) {
      pt = pointOf(criteria.near, p);
      filters.push(`earth_distance(${pt}, s.earth) <= ${p.add(criteria.radiusKm * 1000)}::float8`);
    }
    const total = this.totals.count(
      `SELECT count(*)::int AS n FROM ${from} ${where([`(s.cpso_number = ${exact} OR ${byName})`, ...filters])}`,
      [...p.values],
    );
    if (criteria.near) pt ??= pointOf(criteria.near, p);
    const k = pt ? `s.earth <-> ${pt}` : '0::float8';
    const prefix = p.add(`${escapeLike(lower)}%`);
    const reach = p.add(page.offset + page.limit);
    const branch = (rank: number, cond: string) =>
      `(SELECT s.doctor_id, s.clinic_id, s.name_key, s.cpso_number, ${rank} AS rank, ${k} AS k
          FROM ${from} ${where([cond, ...filters])}
         ORDER BY ${pt ? 'k, ' : ''}s.name_key, s.cpso_number LIMIT ${reach})`;
    const hits = [
      branch(0, `s.cpso_number = ${exact}`),
      branch(1, `s.name_key LIKE ${prefix} AND s.cpso_number <> ${exact}`),
      branch(2, `${byName} AND s.name_key NOT LIKE ${prefix} AND s.cpso_number <> ${exact}`),
    ].join(' UNION ALL ');
    const pageSql = `SELECT h.* FROM (${hits}) h
                      ORDER BY h.rank, h.k, h.name_key, h.cpso_number LIMIT ${p.add(page.limit)} OFFSET ${p.add(page.offset)}`;
    return this.pageOf(pageSql, p, page, total);
  }

  async findByCpso(cpso: string): Promise<DoctorDetailRecord | null> {
    const rows = await this.ds.query<
      (DoctorRow & {
        referral_required: boolean;
        booking_phone: string;
        booking_online: string | null;
        referral_only: boolean;
        expired_at: Date | null;
        source: string;
      })[]
    >(
      `SELECT ${DOCTOR_COLUMNS}, d.referral_required, d.booking_phone, d.booking_online, d.referral_only, d.expired_at, d.source
         FROM doctors d
         JOIN doctor_clinics dc ON dc.doctor_id = d.id AND dc.is_primary
         JOIN clinics c ON c.id = dc.clinic_id
        WHERE d.cpso_number = $1`,
      [cpso],
    );
    const row = rows[0];
    if (!row) return null;
    const [histogram, recent] = await Promise.all([
      this.ds.query<{ rating: number; n: number }[]>(
        `SELECT rating, count(*)::int AS n FROM reviews WHERE doctor_id = $1 GROUP BY rating`,
        [row.id],
      ),
      this.ds.query<ReviewRow[]>(
        `SELECT ${REVIEW_COLUMNS} FROM reviews WHERE doctor_id = $1 ORDER BY review_date DESC, id DESC LIMIT 5`,
        [row.id],
      ),
    ]);
    const ratingHistogram = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
    for (const h of histogram) ratingHistogram[h.rating as 1 | 2 | 3 | 4 | 5] = h.n;
    return {
      ...toDoctorRecord(row, await this.refs.names()),
      referralRequired: row.referral_required,
      bookingPhone: row.booking_phone,
      bookingOnline: row.booking_online,
      referralOnly: row.referral_only,
      expiredAt: row.expired_at,
      source: row.source,
      ratingHistogram,
      recentReviews: recent.map(toReview),
    };
  }

  async idOfCpso(cpso: string): Promise<string | null> {
    const rows = await this.ds.query<{ id: string }[]>(
      `SELECT id FROM doctors WHERE cpso_number = $1`,
      [cpso],
    );
    return rows[0]?.id ?? null;
  }

  async counts(freshCutoff: Date): Promise<DirectoryCounts> {
    const [totals, bySpecialty] = await Promise.all([
      this.ds.query<
        { total: number; accepting: number; fresh: number; stale: number; unknown: number }[]
      >(
        `SELECT count(*)::int AS total,
                count(*) FILTER (WHERE accepting)::int AS accepting,
                count(*) FILTER (WHERE availability_checked_at >= $1)::int AS fresh,
                count(*) FILTER (WHERE availability_checked_at < $1)::int AS stale,
                count(*) FILTER (WHERE availability_checked_at IS NULL)::int AS unknown
           FROM doctor_search`,
        [freshCutoff],
      ),
      this.ds.query<{ specialty: string; count: number }[]>(
        `SELECT sp.name AS specialty, x.n AS count
           FROM (SELECT u.id, count(*)::int AS n FROM doctor_search s, unnest(s.specialty_ids) AS u(id) GROUP BY u.id) x
           JOIN specialties sp ON sp.id = x.id
          ORDER BY x.n DESC, sp.name_key`,
      ),
    ]);
    const t = totals[0];
    return {
      totalDoctors: t.total,
      acceptingNewPatients: t.accepting,
      fresh: t.fresh,
      stale: t.stale,
      unknown: t.unknown,
      bySpecialty,
    };
  }

  /** The filters on `alias` (doctor_search, or doctor_geo which carries the same columns). */
  private conditions(
    criteria: DoctorCriteria,
    ids: ResolvedNames,
    p: SqlParams,
    now: Date,
    alias = 's',
  ): string[] {
    return [
      ...doctorConditions(alias, criteria, ids, p, now),
      ...clinicFlagConditions(alias, criteria, p),
    ];
  }

  /**
   * The total of a list: a sum over facet counts when the filter allows it (no list filter, or
   * exactly one specialty or one language), else a count of the matching rows.
   */
  private listTotal(
    criteria: DoctorCriteria,
    ids: ResolvedNames,
    conds: string[],
    values: unknown[],
    now: Date,
  ): Promise<number> {
    const s = ids.specialtyIds;
    const l = ids.languageIds;
    let facets: { view: string; ref?: number } | undefined;
    if (!s && !l) facets = { view: 'doctor_facets' };
    else if (s?.length === 1 && !l) facets = { view: 'doctor_specialty_facets', ref: s[0] };
    else if (l?.length === 1 && !s) facets = { view: 'doctor_language_facets', ref: l[0] };
    if (!facets) {
      return this.totals.count(`SELECT count(*)::int AS n FROM doctor_search s ${where(conds)}`, [
        ...values,
      ]);
    }
    const p = new SqlParams();
    const facetConds = [
      ...scalarDoctorConditions('s', criteria, p, now),
      ...clinicFlagConditions('s', criteria, p),
    ];
    if (facets.ref !== undefined) facetConds.push(`s.ref_id = ${p.add(facets.ref)}`);
    return this.totals.count(
      `SELECT coalesce(sum(n), 0)::int AS n FROM ${facets.view} s ${where(facetConds)}`,
      p.values,
    );
  }

  /** The page's rows, in the order of `pageSql` (which selects ids, sort keys and a rank). */
  private async pageOf(
    pageSql: string,
    p: SqlParams,
    page: PageRequest,
    total: Promise<number>,
  ): Promise<Page<DoctorRecord>> {
    const [rows, , names] = await Promise.all([
      page.limit === 0
        ? Promise.resolve([] as DoctorRow[])
        : this.ds.query<DoctorRow[]>(
            `SELECT ${DOCTOR_COLUMNS}
               FROM (${pageSql}) pg
               JOIN doctors d ON d.id = pg.doctor_id
               JOIN clinics c ON c.id = pg.clinic_id
              ORDER BY pg.rank, pg.k, pg.name_key, pg.cpso_number`,
            p.values,
          ),
      total,
      this.refs.names(),
    ]);
    return {
      items: rows.map((r) => toDoctorRecord(r, names)),
      total: await this.totals.consistent(total, page, rows.length),
    };
  }
}
