import { DataSource } from 'typeorm';
import { LastUpdatedCriterion } from '../../../application/fhir/fhir-criteria';
import { Page, PageRequest } from '../../../domain/shared/page';
import { ListTotals } from '../directory/list-totals';
import { SqlParams } from '../directory/sql-params';
import { lastUpdated } from './fhir-read.sql';

/**
 * The criteria with `_lastUpdated`'s instant moved up to the first time a row of `table` has
 * at or after it (one probe of its updated_at index), or undefined when none has: the same
 * rows, and one total per time the directory holds, where each instant asked was a total of
 * its own (counted again, cache missed, for any instant a client sends: issue 48, item 5).
 * The times are few: an import or a seed part writes `now()` of its transaction.
 */
export async function snapped<C extends { lastUpdated?: LastUpdatedCriterion }>(
  ds: DataSource,
  c: C,
  table: 'doctors' | 'clinics' | 'practitioner_role_updates',
): Promise<C | undefined> {
  if (!c.lastUpdated) return c;
  const p = new SqlParams();
  const cond = lastUpdated('updated_at', c.lastUpdated, p);
  const [row] = await ds.query<{ at: Date | null }[]>(
    `SELECT min(updated_at) AS at FROM ${table} WHERE ${cond}${table === 'doctors' ? ' AND expired_at IS NULL' : ''}`,
    p.values,
  );
  return row.at ? { ...c, lastUpdated: { op: 'ge', at: new Date(row.at) } } : undefined;
}

/**
 * The page and its exact total, together; no row read for an empty page. The total is v1's:
 * counted once per statement and parameters and kept until the directory changes (ListTotals),
 * and counted again should the page contradict it.
 */
export async function fhirPage<R, T>(
  ds: DataSource,
  totals: ListTotals,
  p: SqlParams,
  from: string,
  select: string | ((limits: string) => string),
  page: PageRequest,
  map: (r: R) => T,
  countSql?: string,
): Promise<Page<T>> {
  const params = [...p.values];
  const limits = `LIMIT ${p.add(page.limit)} OFFSET ${p.add(page.offset)}`;
  const rowsSql = typeof select === 'string' ? `${select} ${limits}` : select(limits);
  const total = totals.count(countSql ?? `SELECT count(*)::int AS n ${from}`, params);
  const rows = page.limit > 0 ? await ds.query<R[]>(rowsSql, p.values) : ([] as R[]);
  return { items: rows.map(map), total: await totals.consistent(total, page, rows.length) };
}
