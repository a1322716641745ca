import { DoctorCriteria, ListMoments } from '../../../domain/directory/criteria';
import { DoctorRecord } from '../../../domain/doctors/doctor';
import { Page, PageRequest } from '../../../domain/shared/page';
import {
  clinicFlagConditions,
  hasScalarDoctorConditions,
  nearRadius,
  pointOf,
  scalarDoctorConditions,
  where,
} from '../directory/criteria-sql';
import { ListTotals } from '../directory/list-totals';
import { DOCTOR_OPEN_FACETS, openFacetTotal } from '../directory/open-facet-totals';
import { ReferenceIds, ResolvedNames } from '../directory/reference-ids';
import { isShortWalk } from '../directory/short-walk';
import { SqlParams } from '../directory/sql-params';
import { DoctorPageReader, SortKeyOf } from './doctor-page.reader';
import {
  ALL_DOCTORS_SQL,
  doctorFilters,
  hasOpeningFilters,
  nearAfter,
  OpenCheck,
} from './doctor-read.sql';
import { DoctorMemoryIndex } from '../directory/memory/doctor-memory-index';
import { DoctorMemoryList, NearCounts } from './doctor-memory-list';
import { SearchTuning } from './search-tuning';

/** The sort keys of the two orders: (name, CPSO number) and (distance, name, CPSO number). */
const byName: SortKeyOf = (r) => [r.page_name, r.cpso_number];
const nearest: SortKeyOf = (r) => [r.page_k, r.page_name, r.cpso_number];

/**
 * Doctor lists on the `doctor_search` read model (one row per practising doctor with the flags
 * of its primary clinic, indexed for every filter), in name order or nearest first: one
 * statement picks the page's ids in order and joins the page's rows. Totals come from
 * `doctor_facets` when only scalar filters are sent, else from `doctor_search`, and are cached
 * until the directory changes. The openNow / openAt and acceptingStatus filters (issue 33) are
 * conditions on the primary clinic (`clinic_id`) in every walk and total; the facets cannot
 * count them. A page whose walk of its index is known to be short runs on its
 * generic plan.
 */
export class DoctorListReader {
  constructor(
    private readonly refs: ReferenceIds,
    private readonly totals: ListTotals,
    private readonly pages: DoctorPageReader,
    private readonly tuning: SearchTuning,
    private readonly memory?: DoctorMemoryIndex,
  ) {
    this.inMemory = new DoctorMemoryList(pages);
  }

  private readonly inMemory: DoctorMemoryList;

  async list(
    criteria: DoctorCriteria,
    page: PageRequest,
    now: Date,
    moments?: ListMoments,
  ): Promise<Page<DoctorRecord>> {
    const ids = await this.refs.resolve(criteria);
    if (ids.impossible) return { items: [], total: 0 };
    // From the columns in memory (before their first load the list waits); SQL for a short walk
    // nearest first, with the columns' counts (doctor-memory-list.ts), or with LISTS_FROM_SQL.
    const columns = await this.memory?.forLists();
    const known =
      columns &&
      this.inMemory.shortWalkNear(columns, criteria, ids, page, now, moments, this.tuning);
    const answer =
      columns && !known && this.inMemory.read(columns, criteria, ids, page, now, moments);
    if (columns) this.memory!.answered++;
    if (answer) return answer;
    const p = new SqlParams();
    const conds = doctorFilters(criteria, ids, p, now, 's', 'smallint', moments);
    if (criteria.near)
      return this.nearestFirst(criteria, ids, conds, p, page, now, moments, known || undefined);
    const total = this.listTotal(criteria, ids, conds, p.values, now, moments);
    const walked = this.walkedByName(criteria);
    // A time filter that passes few rows reads its open clinics' rows instead of walking.
    const open = await this.openCheck(moments, total, walked, page);
    const q = open === 'collect' ? new SqlParams() : p;
    const pageConds =
      open === 'collect'
        ? doctorFilters(criteria, ids, q, now, 's', 'smallint', moments, 'collect')
        : conds;
    // After a cursor: the rows past its (name, CPSO number), a range of the same name index, so
    // the page costs what a first page does wherever it is in the list.
    const after = page.after
      ? [`(s.name_key, s.cpso_number) > (${q.add(page.after[0])}, ${q.add(page.after[1])})`]
      : [];
    const pageSql = `SELECT s.doctor_id, s.clinic_id, s.name_key, s.cpso_number, 0 AS rank, 0::float8 AS k
                       FROM doctor_search s ${where([...pageConds, ...after])}
                      ORDER BY s.name_key, s.cpso_number LIMIT ${q.add(page.limit)} OFFSET ${q.add(page.offset)}`;
    const short = await isShortWalk(total, walked, page, this.tuning.listWalkBudget);
    return this.pages.read(
      pageSql,
      q,
      page,
      total,
      short ? 'walk' : 'planned',
      byName,
      moments?.now,
    );
  }

  /**
   * How a page with an openNow / openAt filter checks the clinic (doctor-read.sql.ts, OpenCheck):
   * its matches are counted first (the count runs beside the page anyway, and is cached), then a
   * walk that reaches the page within the walk budget probes each row's clinic; one that would
   * not (few rows open: Sunday night) collects the open clinics' rows instead. Without a time
   * filter, or should a count fail, the probe.
   */
  private async openCheck(
    moments: ListMoments | undefined,
    matches: Promise<number>,
    walked: Promise<number>,
    page: PageRequest,
  ): Promise<OpenCheck> {
    if (!moments?.filter) return 'probe';
    try {
      const [n, rows] = await Promise.all([matches, walked]);
      return (page.offset + page.limit) * rows <= n * this.tuning.listWalkBudget
        ? 'probe'
        : 'collect';
    } catch {
      return 'probe';
    }
  }

  /** The matches of the list's filters but its openNow / openAt (a cached total). */
  private withoutTimeFilter(
    criteria: DoctorCriteria,
    ids: ResolvedNames,
    now: Date,
    moments: ListMoments,
  ): Promise<number> {
    const p = new SqlParams();
    const untimed = { now: moments.now };
    const conds = doctorFilters(criteria, ids, p, now, 's', 'smallint', untimed);
    return this.listTotal(criteria, ids, conds, p.values, now, untimed);
  }

  /**
   * The doctors within the radius: the region's rows of doctor_geo (its bounding cube on the
   * GiST index), the clinic's time and status filters as semi-joins hashed once (`region`).
   */
  private radiusTotal(
    criteria: DoctorCriteria,
    ids: ResolvedNames,
    now: Date,
    moments?: ListMoments,
  ): Promise<number> {
    const c = new SqlParams();
    const counted = doctorFilters(criteria, ids, c, now, 'g', 'int4', moments, 'region');
    const radius = nearRadius(pointOf(criteria.near!, c), criteria.radiusKm!, c);
    return this.totals.count(
      `SELECT count(*)::int AS n FROM doctor_geo g ${where([...counted, ...radius.rows('g.earth')])}`,
      c.values,
    );
  }

  /** The rows of the name index a list page walks: doctors accepting or not, of one gender, or all. */
  private walkedByName(criteria: DoctorCriteria): Promise<number> {
    if (criteria.accepting !== undefined)
      return this.totals.count(`${ALL_DOCTORS_SQL} WHERE s.accepting = $1`, [criteria.accepting]);
    if (criteria.gender !== undefined)
      return this.totals.count(`${ALL_DOCTORS_SQL} WHERE s.gender = $1`, [criteria.gender]);
    return this.totals.count(ALL_DOCTORS_SQL, []);
  }

  /**
   * Nearest primary clinic first, then name, then CPSO number: doctor_geo's GiST index yields
   * doctors nearest first (`<->`, a nearest-neighbour scan), filtered on its own columns. With a
   * radius, its bounding cube narrows the same index, and the total counts the doctors within
   * it; without one, the total is today's.
   */
  private async nearestFirst(
    criteria: DoctorCriteria,
    ids: ResolvedNames,
    conds: string[],
    p: SqlParams,
    page: PageRequest,
    now: Date,
    moments?: ListMoments,
    known?: NearCounts,
  ): Promise<Page<DoctorRecord>> {
    // Without a radius the total is today's (doctor_search's conditions and parameters); the
    // page reads doctor_geo alone, which carries every filtered column, with its own parameters.
    // The filters' matches, radius or not, say how far the nearest-first scan goes.
    const matches = known
      ? Promise.resolve(known.matches)
      : this.listTotal(criteria, ids, conds, [...p.values], now, moments);
    const unbounded = criteria.radiusKm === undefined ? matches : undefined;
    const everyone = known
      ? Promise.resolve(known.everyone)
      : this.totals.count(ALL_DOCTORS_SQL, []);
    // The walk checks the doctor's own filters inside doctor_geo's index and probes the clinic of
    // each doctor that passes them: its length is set by the share of those doctors whose clinic
    // is open, not by the share of all doctors (at 1,000,000 doctors, openNow with a language on
    // a weekday evening was sent to the collecting shape by the latter and took 1.5 s a page).
    const open = await this.openCheck(
      moments,
      matches,
      moments?.filter ? this.withoutTimeFilter(criteria, ids, now, moments) : everyone,
      page,
    );
    const q = new SqlParams();
    // The id arrays as int4[]: doctor_geo_earth_ids_idx checks them inside the walk.
    const filters = doctorFilters(criteria, ids, q, now, 'g', 'int4', moments, open);
    const pt = pointOf(criteria.near!, q);
    const radius =
      criteria.radiusKm !== undefined ? nearRadius(pt, criteria.radiusKm, q) : undefined;
    const from = 'doctor_geo g';
    const total =
      unbounded ??
      (known ? Promise.resolve(known.total) : this.radiusTotal(criteria, ids, now, moments));
    // As for clinics: a nearest-neighbour scan reads the page's rows and every row tied with the
    // last of them (WITH TIES), which are then sorted exactly. The scan leaves the radius out
    // (nearest first, the first rows within the radius are the first rows, cut at it): with it,
    // the planner reads every row of the radius instead.
    // After a cursor: the rows past its (distance, name, CPSO number). The nearest-neighbour scan
    // cannot start at a distance: it still reads the entries nearer than the cursor's (inside the
    // index, without fetching their rows), so a page far down a list nearest first costs about
    // what the same offset does (docs/list-reads.md).
    const after = page.after ? [nearAfter(`g.earth <-> ${pt}`, 'g', page.after, q)] : [];
    const pageSql = `SELECT g.doctor_id, g.clinic_id, g.name_key, g.cpso_number, 0 AS rank, g.k
                       FROM (SELECT g.doctor_id, g.clinic_id, g.name_key, g.cpso_number, g.earth, g.earth <-> ${pt} AS k
                               FROM ${from} ${where([...filters, ...after])}
                              ORDER BY g.earth <-> ${pt} FETCH FIRST (${q.add(page.limit + page.offset)}) ROWS WITH TIES) g
                      ${where(radius ? [radius.cut('g.k', 'g.earth')] : [])}
                      ORDER BY g.k, g.name_key, g.cpso_number
                      LIMIT ${q.add(page.limit)} OFFSET ${q.add(page.offset)}`;
    // The scan reads about (offset + limit) x doctors / matches entries of doctor_geo's index.
    const short = await isShortWalk(matches, everyone, page, this.tuning.listWalkBudget);
    return this.pages.read(
      pageSql,
      q,
      page,
      total,
      short ? 'walk' : 'planned',
      nearest,
      moments?.now,
      // With the columns' counts, the columns are loaded: the rows they keep serve the page.
      known && this.memory?.current(),
    );
  }

  /**
   * The total of a list: a sum over facet counts when the filter allows it (no list filter, or
   * exactly one specialty or one language; with an openNow / openAt or acceptingStatus filter,
   * no filter of the doctor's own), else a count of the matching rows.
   */
  private listTotal(
    criteria: DoctorCriteria,
    ids: ResolvedNames,
    conds: string[],
    values: unknown[],
    now: Date,
    moments?: ListMoments,
  ): Promise<number> {
    const s = ids.specialtyIds;
    const l = ids.languageIds;
    let facets: { view: string; ref?: number } | undefined;
    if (hasOpeningFilters(criteria, moments) && !s && !l && !hasScalarDoctorConditions(criteria)) {
      // A moment, statuses and clinic flags alone: the open facets (a few hundred rows).
      const open = openFacetTotal(DOCTOR_OPEN_FACETS, moments, criteria.acceptingStatuses, (a, q) =>
        clinicFlagConditions(a, criteria, q),
      );
      return this.totals.count(open.sql, open.values);
    }
    if (hasOpeningFilters(criteria, moments)) {
      // With the doctor's own filters: a count, in its own shape (OpenCheck).
      const t = new SqlParams();
      const counted = doctorFilters(criteria, ids, t, now, 's', 'smallint', moments, 'count');
      return this.totals.count(
        `SELECT count(*)::int AS n FROM doctor_search s ${where(counted)}`,
        t.values,
      );
    }
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
}
