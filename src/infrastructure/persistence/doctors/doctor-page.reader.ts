import { DataSource } from 'typeorm';
import { fixedPlan, walk } from '../../database/prepared-reads';
import { OpenMoment } from '../../../domain/directory/criteria';
import { DoctorRecord } from '../../../domain/doctors/doctor';
import { Page, PageRequest, SortKey } from '../../../domain/shared/page';
import { ListTotals } from '../directory/list-totals';
import { ReferenceIds } from '../directory/reference-ids';
import { isPastTheEnd } from '../directory/short-walk';
import { SqlParams } from '../directory/sql-params';
import { DOCTOR_COLUMNS, openNowSql } from './doctor-read.sql';
import { DoctorRow, toDoctorRecord } from './doctor-row.mapper';

/**
 * How a page statement runs: planned each time, or on a generic plan (a short walk; a
 * statement whose text fixes its plan).
 */
export type PageRun = 'planned' | 'walk' | 'fixed';

/** The sort columns every page statement selects: rank, distance (or 0), name, CPSO number. */
export interface PageSortRow {
  readonly page_rank: number;
  readonly page_k: number;
  readonly page_name: string;
  readonly cpso_number: string;
}

/** A list's sort key of a row (what a cursor carries), from the page's sort columns. */
export type SortKeyOf = (r: PageSortRow) => SortKey;

/**
 * Reads a page of doctors, whatever chose its rows (lists, nearest first, the name search): one
 * statement joins the doctors and primary clinics of the ids a page statement selects.
 */
export class DoctorPageReader {
  constructor(
    private readonly ds: DataSource,
    private readonly refs: ReferenceIds,
    private readonly totals: ListTotals,
  ) {}

  /**
   * The page's rows, in the order of `pageSql` (which selects ids, sort keys and a rank), planned
   * each time, or on a generic plan (a short walk; a statement of fixed plan).
   */
  async read(
    pageSql: string,
    p: SqlParams,
    page: PageRequest,
    total: Promise<number>,
    how: PageRun,
    keyOf?: SortKeyOf,
    now?: OpenMoment,
  ): Promise<Page<DoctorRecord>> {
    // With keyOf (a list that pages by cursor), the sort columns too, for the last row's key.
    const sort = keyOf ? ', pg.rank AS page_rank, pg.k AS page_k, pg.name_key AS page_name' : '';
    // Each row's openNow at the request's moment (the page's few rows, a key probe each).
    const open = openNowSql(now, p);
    const sql = `SELECT ${DOCTOR_COLUMNS}, ${open.column}${sort}
               FROM (${pageSql}) pg
               JOIN doctors d ON d.id = pg.doctor_id
               JOIN clinics c ON c.id = pg.clinic_id
               ${open.join}
              ORDER BY pg.rank, pg.k, pg.name_key, pg.cpso_number`;
    const [rows, , names] = await Promise.all([
      (await isPastTheEnd(total, page))
        ? Promise.resolve([] as DoctorRow[])
        : this.ds.query<DoctorRow[]>(
            how === 'walk' ? walk(sql) : how === 'fixed' ? fixedPlan(sql) : sql,
            p.values,
          ),
      total,
      this.refs.names(),
    ]);
    const last = rows[rows.length - 1] as (DoctorRow & PageSortRow) | undefined;
    return {
      items: rows.map((r) => toDoctorRecord(r, names)),
      // After a cursor the page's offset is not its place in the list: the total is as counted.
      total: page.after ? await total : await this.totals.consistent(total, page, rows.length),
      ...(keyOf && last ? { lastKey: keyOf(last) } : {}),
    };
  }
}
