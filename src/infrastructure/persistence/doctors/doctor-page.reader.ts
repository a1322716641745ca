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
import { DoctorColumns } from '../directory/memory/doctor-columns';
import { afterIo } from '../directory/memory/kept-rows';

/** Rows a memory reader chose (positions in its copy of the columns, and their ids), to keep. */
export interface KeepRead {
  readonly m: DoctorColumns;
  readonly positions: readonly number[];
  readonly ids: readonly string[];
}

/** A statement reading one row's distance as the page statement computes it (column `k`). */
export interface DistanceRead {
  /** The point and row it is of (the kept distances' key). */
  readonly key: string;
  readonly sql: string;
  readonly p: SqlParams;
}

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
    keep?: KeepRead | DoctorColumns,
  ): Promise<Page<DoctorRecord>> {
    let run = (q: string) => (how === 'walk' ? walk(q) : how === 'fixed' ? fixedPlan(q) : q);
    // Rows read across a change applied in place to the copy are not kept (kept-rows.ts).
    const keptEpoch = keep ? (keep instanceof DoctorColumns ? keep : keep.m).kept.epoch : 0;
    // A page chosen from the copy: full when it chose `limit` rows, whatever comes back.
    const chosen = keep && !(keep instanceof DoctorColumns) ? keep.positions.length : undefined;
    if (keep instanceof DoctorColumns) {
      // The columns are loaded but SQL chose the rows (a short walk): the page's ids and sort
      // keys first, then the rows only when some of them are not kept.
      const m = keep;
      keep = undefined;
      if (keyOf && !(await isPastTheEnd(total, page))) {
        const sorted = await this.ds.query<
          (PageSortRow & { doctor_id: string; clinic_id: string })[]
        >(
          run(`SELECT pg.doctor_id, pg.clinic_id, pg.rank AS page_rank, pg.k AS page_k, pg.name_key AS page_name, pg.cpso_number
                 FROM (${pageSql}) pg ORDER BY pg.rank, pg.k, pg.name_key, pg.cpso_number`),
          p.values,
        );
        const positions = sorted.map((r) => {
          const at = m.names.after(r.page_name, r.cpso_number);
          return at.exact ? at.from - 1 : -1;
        });
        const last = sorted[sorted.length - 1];
        const hit =
          positions.every((i) => i >= 0) &&
          this.fromKept(m, positions, page, await total, now, () => keyOf(last));
        if (hit) return hit;
        if (positions.every((i) => i >= 0)) {
          keep = { m, positions, ids: sorted.map((r) => r.doctor_id) };
          // The rows by id with the walk's sort keys: no second walk.
          const q = new SqlParams();
          const column = <T>(f: (r: (typeof sorted)[number]) => T) => q.add(sorted.map(f));
          pageSql = `SELECT u.doctor_id, u.clinic_id, u.name_key, u.cpso_number, u.rank, u.k
                       FROM unnest(${column((r) => r.doctor_id)}::uuid[], ${column((r) => r.clinic_id)}::uuid[],
                                   ${column((r) => r.page_name)}::text[], ${column((r) => r.cpso_number)}::text[],
                                   ${column((r) => r.page_rank)}::int[], ${column((r) => r.page_k)}::float8[])
                         AS u(doctor_id, clinic_id, name_key, cpso_number, rank, k)`;
          p = q;
          run = fixedPlan;
        }
      }
    }
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
        : this.ds.query<DoctorRow[]>(run(sql), p.values),
      total,
      this.refs.names(),
    ]);
    const last = rows[rows.length - 1] as (DoctorRow & PageSortRow) | undefined;
    const items = rows.map((r) => toDoctorRecord(r, names));
    if (keep) {
      const { m, positions } = keep;
      const at = new Map(keep.ids.map((id, j) => [id, positions[j]]));
      for (const item of items) {
        const position = at.get(item.id);
        if (position !== undefined) m.kept.keep(position, item, keptEpoch);
      }
    }
    return {
      items,
      // After a cursor the page's offset is not its place in the list: the total is as counted.
      total: page.after ? await total : await this.totals.consistent(total, page, rows.length),
      ...(keyOf && last ? { lastKey: keyOf(last) } : {}),
      // Chosen full, come back short (rows removed since the copy was loaded): the list goes on.
      ...(chosen !== undefined && page.limit > 0 && chosen >= page.limit && rows.length < chosen
        ? { full: true }
        : {}),
    };
  }

  /**
   * The page from the items the columns' copy keeps (kept-rows.ts), when every row of it is kept:
   * no statement reads them again. `positions` are the page's rows in its order; openNow comes
   * from the columns' hours at `now` (as clinic_open_at() answers it); a full page's cursor key
   * from `keyOf` with, when `distance` is given, the last row's distance read by key as the page
   * statement computes it (so that cursors are PostgreSQL's to the last digit). Else undefined.
   */
  fromKept(
    m: DoctorColumns,
    positions: readonly number[],
    page: PageRequest,
    total: number,
    now: OpenMoment | undefined,
    keyOf: (position: number, k: number) => SortKey,
    distance?: () => DistanceRead,
  ): Promise<Page<DoctorRecord>> | undefined {
    if (positions.length === 0) return undefined;
    const kept = m.kept.all(positions);
    if (!kept) return undefined;
    const openNow = now ? m.d.hours.openNowAt(now) : undefined;
    const items = kept.map((r, j) => ({
      ...r,
      clinic: { ...r.clinic, openNow: openNow ? openNow(m.d.clinic[positions[j]]) : null },
    }));
    const last = positions[positions.length - 1];
    const finish = (k: number) => ({
      items,
      // Counted from the copy that chose the rows: it fits them (no recount as for SQL's totals).
      total,
      // As the statement's answer has it (a cursor is made of it only for a full page).
      lastKey: keyOf(last, k),
    });
    if (!distance) return afterIo(finish(0));
    const read = distance();
    return m.keptDistances
      .of(read.key, () =>
        this.ds
          .query<{ k: number }[]>(fixedPlan(read.sql), read.p.values)
          .then((r) => Number(r[0].k)),
      )
      .then((k) => afterIo(finish(k)));
  }
}
