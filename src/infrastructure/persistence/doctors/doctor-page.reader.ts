import { DataSource } from 'typeorm';
import { fixedPlan, walk } from '../../database/prepared-reads';
import { DoctorRecord } from '../../../domain/doctors/doctor';
import { Page, PageRequest } from '../../../domain/shared/page';
import { ListTotals } from '../directory/list-totals';
import { ReferenceIds } from '../directory/reference-ids';
import { isPastTheEnd } from '../directory/short-walk';
import { SqlParams } from '../directory/sql-params';
import { DOCTOR_COLUMNS } from './doctor-read.sql';
import { DoctorRow, toDoctorRecord } from './doctor-row.mapper';

/**
 * How a page statement runs: planned each time, or on a generic plan (a short walk; a
 * statement whose text fixes its plan).
 */
export type PageRun = 'planned' | 'walk' | 'fixed';

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
  ): Promise<Page<DoctorRecord>> {
    const sql = `SELECT ${DOCTOR_COLUMNS}
               FROM (${pageSql}) pg
               JOIN doctors d ON d.id = pg.doctor_id
               JOIN clinics c ON c.id = pg.clinic_id
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
    return {
      items: rows.map((r) => toDoctorRecord(r, names)),
      total: await this.totals.consistent(total, page, rows.length),
    };
  }
}
