import { DataSource } from 'typeorm';
import { fixedPlan, walk } from '../../database/prepared-reads';
import { ClinicListRecord } from '../../../domain/clinics/clinic';
import {
  ClinicCriteria,
  ClinicInclude,
  GeoPoint,
  ListMoments,
  OpenMoment,
} from '../../../domain/directory/criteria';
import { Page, PageRequest } from '../../../domain/shared/page';
import {
  CLINIC_ADDRESS_SQL,
  clinicFlagConditions,
  hasDoctorConditions,
  hasScalarDoctorConditions,
  idsOverlap,
  nearRadius,
  NearRadius,
  pointOf,
  where,
} from '../directory/criteria-sql';
import { ListTotals } from '../directory/list-totals';
import { DoctorMemoryIndex } from '../directory/memory/doctor-memory-index';
import { chooseClinicPage, keepClinics, keptClinicPage } from './clinic-memory-list';
import { CLINIC_OPEN_FACETS, openFacetTotal } from '../directory/open-facet-totals';
import { ReferenceIds } from '../directory/reference-ids';
import { isPastTheEnd, isShortWalk } from '../directory/short-walk';
import { SqlParams } from '../directory/sql-params';
import {
  distanceAfter,
  doctorExists,
  fewMatches,
  hoursStatusForms,
  openClinicsCollected,
  openNowSql,
} from './clinic-read.sql';

import { ClinicListRow, toClinicListRecord } from './clinic-row.mapper';

/** Clinics: the rows of the index a page walks. */
const ALL_CLINICS_SQL = 'SELECT count(*)::int AS n FROM clinic_search';

/**
 * Clinic lists on `clinic_search` (flags, point, and the union of the practising doctors'
 * specialty and language ids, all indexed), in name order or nearest first: one statement picks
 * the page's clinics in order and joins their rows. Totals come from `clinic_facets` when no
 * doctor filter is sent, else from `clinic_search`, and are cached until the directory changes.
 */
export class ClinicListReader {
  constructor(
    private readonly ds: DataSource,
    private readonly refs: ReferenceIds,
    private readonly totals: ListTotals,
    private readonly memory?: DoctorMemoryIndex,
  ) {}

  async list(
    criteria: ClinicCriteria,
    include: ReadonlySet<ClinicInclude>,
    page: PageRequest,
    now: Date,
    moments?: ListMoments,
  ): Promise<Page<ClinicListRecord>> {
    const ids = await this.refs.resolve(criteria);
    if (ids.impossible) return { items: [], total: 0 };
    // From the columns in memory (the total and the page's clinics chosen there; before their
    // first load the list waits for them).
    const columns = await this.memory?.forLists();
    if (columns) {
      const q = new SqlParams();
      const chosen = chooseClinicPage(columns, criteria, ids, page, now, moments, q);
      if (chosen) {
        this.memory!.answered++;
        const kept = keptClinicPage(this.ds, chosen, include, page, moments?.now);
        if (kept) return kept;
        const total = Promise.resolve(chosen.total);
        const read = await this.readPage(chosen.pageSql, q, include, page, total, moments, 'fixed');
        keepClinics(chosen, include, read.items);
        return read;
      }
    }
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
      const exists = doctorExists(criteria, ids, p, now, 'cs.clinic_id');
      conds.push(exists);
      walkConds.push(exists);
    }
    // openNow / openAt and acceptingStatus (issue 33): checked per candidate row of the walk, on
    // the clinic's primary key; the facets cannot count them.
    // A total reads the statuses as a semi-join instead (hoursStatusForms).
    const hours = hoursStatusForms('cs', 'cs.clinic_id', criteria, moments ?? {}, p);
    const countConds = [...conds, ...hours.count];
    conds.push(...hours.walk);
    walkConds.push(...hours.walk);
    // The radius bounds the total and the page, not the nearest-first scan (nearestFirst).
    const filterParams = p.values.length;
    const radius =
      criteria.near && criteria.radiusKm !== undefined
        ? nearRadius(pointOf(criteria.near, p), criteria.radiusKm, p)
        : undefined;
    // The filters' matches, radius or not, say how far the nearest-first scan goes (it reads
    // rows until the page's reach pass the filters, and cuts at the radius afterwards).
    const open = openFacetTotal(CLINIC_OPEN_FACETS, moments, criteria.acceptingStatuses, (a, q) => [
      ...clinicFlagConditions(a, criteria, q),
      ...(criteria.hasWebsite !== undefined
        ? [`${a}.has_website = ${q.add(criteria.hasWebsite)}`]
        : []),
    ]);
    const matches =
      !hasDoctorConditions(criteria) && hours.walk.length > 0
        ? // A moment, statuses and clinic flags alone: the open facets (a few hundred rows).
          this.totals.count(open.sql, open.values)
        : hasDoctorConditions(criteria) || hours.walk.length > 0
          ? this.totals.count(
              `SELECT count(*)::int AS n FROM clinic_search cs ${where(countConds)}`,
              p.values.slice(0, filterParams),
            )
          : this.totals.count(
              `SELECT coalesce(sum(n), 0)::int AS n FROM clinic_facets cs ${where(facetConds)}`,
              p.values.slice(0, filterParams),
            );
    const total = radius
      ? this.totals.count(
          `SELECT count(*)::int AS n FROM clinic_search cs ${where([...countConds, ...radius.rows('cs.earth')])}`,
          [...p.values],
        )
      : matches;

    // A time filter that few clinics pass (Sunday 02:00) would walk most of the index to fill
    // a page: the page takes the open clinics' ids once instead and sorts those few.
    const collect =
      moments?.filter !== undefined &&
      (await fewMatches(matches, this.totals.count(ALL_CLINICS_SQL, [])));
    const collected = collect ? [openClinicsCollected('cs.clinic_id', moments.filter, p)] : [];
    const pageSql = criteria.near
      ? this.nearestFirst(criteria.near, [...walkConds, ...collected], radius, p, page)
      : this.byName([...conds, ...collected], p, page);
    // A page that checks each clinic's doctors is planned for its values (its generic plan may
    // join every clinic's doctors before the walk).
    const short =
      !perDoctor &&
      !collect &&
      (await isShortWalk(matches, this.totals.count(ALL_CLINICS_SQL, []), page));
    return this.readPage(pageSql, p, include, page, total, moments, short ? 'walk' : 'planned');
  }

  /** The page's clinics (the `page` CTE: their ids and sort keys), in one statement. */
  private async readPage(
    pageSql: string,
    p: SqlParams,
    include: ReadonlySet<ClinicInclude>,
    page: PageRequest,
    total: Promise<number>,
    moments: ListMoments | undefined,
    how: 'planned' | 'walk' | 'fixed',
  ): Promise<Page<ClinicListRecord>> {
    const notes = include.has('notes') ? 'c.notes' : 'NULL::text';
    const links = include.has('links') ? 'c.links' : 'NULL::jsonb';
    const sql = `
      WITH ${pageSql}
      SELECT c.id, c.name, ${CLINIC_ADDRESS_SQL} AS address, c.accepting_new_patients AS accepting,
             cs.language_ids, cs.specialty_ids,
             c.lat, c.lng, ${notes} AS notes, ${links} AS links, c.availability_checked_at,
             c.accepting_status, ${openNowSql('c.id', moments?.now, p)} AS open_now, c.hours,
             pg.k AS page_k
        FROM page pg
        JOIN clinics c ON c.id = pg.clinic_id
        JOIN clinic_search cs ON cs.clinic_id = pg.clinic_id
       ORDER BY pg.k, pg.clinic_id`;
    const [rows, , names] = await Promise.all([
      (await isPastTheEnd(total, page))
        ? Promise.resolve([] as ClinicListRow[])
        : this.ds.query<ClinicListRow[]>(
            how === 'walk' ? walk(sql) : how === 'fixed' ? fixedPlan(sql) : sql,
            p.values,
          ),
      total,
      this.refs.names(),
    ]);
    const last = rows[rows.length - 1] as (ClinicListRow & { page_k: string | number }) | undefined;
    return {
      items: rows.map((r) => toClinicListRecord(r, names)),
      // After a cursor the page's offset is not its place in the list: the total is as counted.
      total: page.after ? await total : await this.totals.consistent(total, page, rows.length),
      // The sort key: (name, id), or nearest first (distance, id).
      ...(last ? { lastKey: [last.page_k, last.id] } : {}),
    };
  }

  /**
   * Many clinics by id in one statement (issue 34, item 4): the ids with their positions (WITH
   * ORDINALITY), each found on the clinics' primary key, in the order asked.
   */
  async findManyById(
    ids: readonly string[],
    include: ReadonlySet<ClinicInclude>,
    now?: OpenMoment,
  ): Promise<ClinicListRecord[]> {
    if (ids.length === 0) return [];
    const notes = include.has('notes') ? 'c.notes' : 'NULL::text';
    const links = include.has('links') ? 'c.links' : 'NULL::jsonb';
    const p = new SqlParams();
    p.add(ids);
    const [rows, names] = await Promise.all([
      this.ds.query<ClinicListRow[]>(
        `SELECT c.id, c.name, ${CLINIC_ADDRESS_SQL} AS address, c.accepting_new_patients AS accepting,
                coalesce(cs.language_ids, '{}') AS language_ids, coalesce(cs.specialty_ids, '{}') AS specialty_ids,
                c.lat, c.lng, ${notes} AS notes, ${links} AS links, c.availability_checked_at,
                c.accepting_status, ${openNowSql('c.id', now, p)} AS open_now, c.hours
           FROM unnest($1::uuid[]) WITH ORDINALITY AS a(id, ord)
           JOIN clinics c ON c.id = a.id
           LEFT JOIN clinic_search cs ON cs.clinic_id = c.id
          ORDER BY a.ord`,
        p.values,
      ),
      this.refs.names(),
    ]);
    return rows.map((r) => toClinicListRecord(r, names));
  }

  /** `page` CTE in name order (the (name_key, clinic_id) index), after a cursor's key if sent. */
  private byName(conds: string[], p: SqlParams, page: PageRequest): string {
    const after = page.after
      ? [`(cs.name_key, cs.clinic_id) > (${p.add(page.after[0])}, ${p.add(page.after[1])})`]
      : [];
    return `page AS (SELECT cs.clinic_id, cs.name_key AS k FROM clinic_search cs ${where([...conds, ...after])}
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
    // After a cursor: farther than its clinic, or as far with a greater id (the scan still reads
    // the nearer entries of the index, docs/list-reads.md).
    const after = page.after
      ? [distanceAfter(`cs.earth <-> ${pt}`, 'cs.clinic_id', page.after, p)]
      : [];
    return `page AS (SELECT cs.clinic_id, cs.k
                       FROM (SELECT cs.clinic_id, cs.earth, cs.earth <-> ${pt} AS k FROM clinic_search cs ${where([...conds, ...after])}
                              ORDER BY cs.earth <-> ${pt} FETCH FIRST (${p.add(page.limit + page.offset)}) ROWS WITH TIES) cs
                      ${where(radius ? [radius.cut('cs.k', 'cs.earth')] : [])}
                      ORDER BY cs.k, cs.clinic_id LIMIT ${p.add(page.limit)} OFFSET ${p.add(page.offset)})`;
  }
}
