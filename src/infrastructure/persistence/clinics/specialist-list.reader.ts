import { DataSource } from 'typeorm';
import { fixedPlan, walk } from '../../database/prepared-reads';
import { SpecialistRecord } from '../../../domain/clinics/clinic';
import { GeoPoint, ListMoments, SpecialistCriteria } from '../../../domain/directory/criteria';
import { Page, PageRequest } from '../../../domain/shared/page';
import {
  clinicFlagConditions,
  hasDoctorConditions,
  nearRadius,
  NearRadius,
  pointOf,
  where,
} from '../directory/criteria-sql';
import { ListTotals } from '../directory/list-totals';
import { DoctorMemoryIndex } from '../directory/memory/doctor-memory-index';
import { ReferenceIds } from '../directory/reference-ids';
import { isPastTheEnd, isShortWalk } from '../directory/short-walk';
import { SqlParams } from '../directory/sql-params';
import { distanceAfter, doctorExists, hoursStatusForms, openNowSql } from './clinic-read.sql';

import { SpecialistRow, toSpecialistRecord } from './clinic-row.mapper';
import { OfferingLanguages } from '../directory/memory/offering-languages';
import {
  ChosenSpecialists,
  chooseSpecialistPage,
  keepSpecialists,
  keptSpecialistPage,
} from './specialist-memory-list';

/** The sort columns a specialists page selects besides the record's. */
interface SpecialistSortRow {
  readonly page_k: number;
  readonly page_name: string;
  readonly page_specialty: number;
}

/** (Clinic, specialty) pairs: the rows of the index a page walks. */
const ALL_SPECIALIST_PAIRS_SQL = 'SELECT count(*)::int AS n FROM specialist_search';

/**
 * Specialists: (clinic, specialty) pairs on `specialist_search`, in order of wait or nearest
 * first: one statement picks the page's pairs in order and joins their rows. Totals are cached
 * until the directory changes.
 */
export class SpecialistListReader {
  constructor(
    private readonly ds: DataSource,
    private readonly refs: ReferenceIds,
    private readonly totals: ListTotals,
    private readonly memory?: DoctorMemoryIndex,
  ) {}

  async specialists(
    criteria: SpecialistCriteria,
    page: PageRequest,
    now: Date,
    moments?: ListMoments,
  ): Promise<Page<SpecialistRecord>> {
    const ids = await this.refs.resolve({
      specialties: criteria.specialties,
      languages: criteria.languages,
    });
    if (ids.impossible || !ids.specialtyIds) return { items: [], total: 0 };
    // From the columns in memory once loaded (the total and the page's offerings chosen there).
    const columns = this.memory?.current();
    if (columns) {
      const q = new SqlParams();
      const specialtyIds = ids.specialtyIds;
      const chosen = chooseSpecialistPage(
        columns,
        criteria,
        { ...ids, specialtyIds },
        page,
        now,
        moments,
        q,
      );
      if (chosen) {
        this.memory!.answered++;
        const kept = keptSpecialistPage(this.ds, chosen, page, moments?.now);
        if (kept) return kept;
        const total = Promise.resolve(chosen.total);
        const langs = columns.offeringLanguages;
        const read = await this.readPage(
          chosen.pageSql,
          q,
          criteria,
          page,
          total,
          moments,
          'fixed',
          langs && languagesOfPairs(chosen, langs),
        );
        keepSpecialists(chosen, read.items);
        return read;
      }
    }
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
        doctorExists(
          doctorFilters,
          { ...ids, specialtyIds },
          p,
          now,
          'ss.clinic_id',
          'ss.specialty_id',
        ),
      );
    }
    // openNow / openAt and acceptingStatus (issue 33), on the clinic's primary key per pair.
    // A total reads the statuses as a semi-join instead (hoursStatusForms).
    const hours = hoursStatusForms('ss', 'ss.clinic_id', criteria, moments ?? {}, p);
    const countConds = [...conds, ...hours.count];
    conds.push(...hours.walk);
    const filterParams = p.values.length;
    const radius =
      criteria.near && criteria.radiusKm !== undefined
        ? nearRadius(pointOf(criteria.near, p), criteria.radiusKm, p)
        : undefined;
    const total = this.totals.count(
      `SELECT count(*)::int AS n FROM specialist_search ss ${where([...countConds, ...(radius?.rows('ss.earth') ?? [])])}`,
      [...p.values],
    );
    // As for clinics, the scan nearest first goes as far as the filters' matches say, radius or
    // not (a page in order of wait has no radius to leave out).
    const matches = radius
      ? this.totals.count(
          `SELECT count(*)::int AS n FROM specialist_search ss ${where(countConds)}`,
          p.values.slice(0, filterParams),
        )
      : total;
    const pageSql = criteria.near
      ? this.nearestFirst(criteria.near, conds, radius, p, page)
      : `(SELECT ss.clinic_id, ss.specialty_id, ss.wait_weeks, ss.name_key, 0::float8 AS k
            FROM specialist_search ss ${where([...conds, ...this.afterByWait(page, p)])}
           ORDER BY ss.wait_weeks, ss.name_key, ss.clinic_id, ss.specialty_id
           LIMIT ${p.add(page.limit)} OFFSET ${p.add(page.offset)})`;
    // Several specialties are sorted, not walked, and a page that checks each pair's doctors may
    // be joined before it is walked: those pages are planned for their values.
    const short =
      !perDoctor &&
      (criteria.near !== undefined || specialtyIds.length === 1) &&
      (await isShortWalk(matches, this.totals.count(ALL_SPECIALIST_PAIRS_SQL, []), page));
    return this.readPage(pageSql, p, criteria, page, total, moments, short ? 'walk' : 'planned');
  }

  /** The page's offerings (`pageSql`: their keys and sort columns), in one statement. */
  private async readPage(
    pageSql: string,
    p: SqlParams,
    criteria: SpecialistCriteria,
    page: PageRequest,
    total: Promise<number>,
    moments: ListMoments | undefined,
    how: 'planned' | 'walk' | 'fixed',
    /** A row's language ids (its clinic and specialty), from the columns: the statement reads none. */
    languagesOf?: (clinicId: string, specialtyId: number) => number[],
  ): Promise<Page<SpecialistRecord>> {
    const languages = languagesOf
      ? 'NULL::text[]'
      : `ARRAY(SELECT r.name FROM languages r WHERE r.id IN (
                     SELECT unnest(cd.language_ids) FROM clinic_doctor_search cd
                      WHERE cd.clinic_id = pg.clinic_id AND pg.specialty_id = ANY(cd.specialty_ids))
                   ORDER BY r.name_key)`;
    const sql = `
      SELECT c.id, c.name, sp.name AS specialty, ${languages} AS languages,
             c.accepting_new_patients AS accepting, pg.wait_weeks, c.availability_checked_at, c.lat, c.lng,
             c.accepting_status, ${openNowSql('c.id', moments?.now, p)} AS open_now, c.hours,
             pg.k AS page_k, pg.name_key AS page_name, pg.specialty_id AS page_specialty
        FROM ${pageSql} pg
        JOIN clinics c ON c.id = pg.clinic_id
        JOIN specialties sp ON sp.id = pg.specialty_id
       ORDER BY ${criteria.near ? 'pg.k' : 'pg.wait_weeks, pg.name_key'}, pg.clinic_id, pg.specialty_id`;
    const [rows, , names] = await Promise.all([
      (await isPastTheEnd(total, page))
        ? Promise.resolve([] as SpecialistRow[])
        : this.ds.query<SpecialistRow[]>(
            how === 'walk' ? walk(sql) : how === 'fixed' ? fixedPlan(sql) : sql,
            p.values,
          ),
      total,
      languagesOf ? this.refs.names() : undefined,
    ]);
    if (languagesOf && names)
      for (const r of rows) {
        const sort = r as SpecialistRow & SpecialistSortRow;
        r.languages = names.languages(languagesOf(r.id, Number(sort.page_specialty)), true);
      }
    const last = rows[rows.length - 1] as (SpecialistRow & SpecialistSortRow) | undefined;
    return {
      items: rows.map(toSpecialistRecord),
      // After a cursor the page's offset is not its place in the list: the total is as counted.
      total: page.after ? await total : await this.totals.consistent(total, page, rows.length),
      ...(last
        ? {
            lastKey: criteria.near
              ? [last.page_k, last.id, last.page_specialty]
              : [last.wait_weeks, last.page_name, last.id, last.page_specialty],
          }
        : {}),
    };
  }

  /**
   * In order of wait, the pairs past a cursor's (wait, name, clinic, specialty): with one
   * specialty a range of specialist_search_order_idx from the cursor on.
   */
  private afterByWait(page: PageRequest, p: SqlParams): string[] {
    if (!page.after) return [];
    const [wait, name, clinic, specialty] = page.after.map((v) => p.add(v));
    return [
      `(ss.wait_weeks, ss.name_key, ss.clinic_id, ss.specialty_id) > (${wait}, ${name}, ${clinic}, ${specialty})`,
    ];
  }

  /**
   * A page of specialists nearest first, exactly ordered by (distance, clinic, specialty), as
   * for clinics (clinic-list.reader.ts): the nearest-neighbour scan reads the page's rows and
   * their ties, which are then sorted (the sort keys after the distance would otherwise sort
   * every offering).
   */
  private nearestFirst(
    near: GeoPoint,
    conds: string[],
    radius: NearRadius | undefined,
    p: SqlParams,
    page: PageRequest,
  ): string {
    const pt = pointOf(near, p);
    const after = page.after
      ? [distanceAfter(`ss.earth <-> ${pt}`, 'ss.clinic_id, ss.specialty_id', page.after, p)]
      : [];
    return `(SELECT ss.clinic_id, ss.specialty_id, ss.wait_weeks, ss.name_key, ss.k
               FROM (SELECT ss.clinic_id, ss.specialty_id, ss.wait_weeks, ss.name_key, ss.earth, ss.earth <-> ${pt} AS k
                       FROM specialist_search ss ${where([...conds, ...after])}
                      ORDER BY ss.earth <-> ${pt} FETCH FIRST (${p.add(page.limit + page.offset)}) ROWS WITH TIES) ss
               ${where(radius ? [radius.cut('ss.k', 'ss.earth')] : [])}
              ORDER BY ss.k, ss.clinic_id, ss.specialty_id LIMIT ${p.add(page.limit)} OFFSET ${p.add(page.offset)})`;
  }
}

/** The languages of the chosen offerings, by clinic id and specialty (offering-languages.ts). */
function languagesOfPairs(
  chosen: ChosenSpecialists,
  langs: OfferingLanguages,
): (clinicId: string, specialtyId: number) => number[] {
  const at = new Map(chosen.pairs.map((x) => [`${chosen.columns.clinicId(x.c)}|${x.s}`, x.c]));
  return (clinicId, s) => {
    const c = at.get(`${clinicId}|${s}`);
    return c === undefined ? [] : langs.of(c, s);
  };
}
