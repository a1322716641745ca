import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DIRECTORY_READ_SOURCE } from '../../database/directory-read-source';
import { ReadCache } from '../../../application/shared/read-cache';

/** Totals only change when the directory is replaced, which clears the read cache. */
const TOTAL_TTL_MS = 600_000;

/**
 * The `total` of list pages: a statement answering one row `{n}`, run once per distinct
 * statement and parameters and then kept, so paging through a list counts it once.
 */
@Injectable()
export class ListTotals {
  constructor(
    @Inject(DIRECTORY_READ_SOURCE) private readonly ds: DataSource,
    private readonly cache: ReadCache,
  ) {}

  /** How to count each total again, should its page contradict it. */
  private readonly recounts = new WeakMap<Promise<number>, () => Promise<number>>();

  count(sql: string, params: readonly unknown[]): Promise<number> {
    const key = `total:${sql}:${JSON.stringify(params)}`;
    const load = async () => {
      const rows = await this.ds.query<{ n: number }[]>(sql, [...params]);
      return rows[0].n;
    };
    const total = this.cache.getOrLoad(key, TOTAL_TTL_MS, load);
    this.recounts.set(total, () => {
      this.cache.forget(key);
      return this.cache.getOrLoad(key, TOTAL_TTL_MS, load);
    });
    return total;
  }

  /**
   * The total of a page just read. A cached total can predate a change of the directory that the
   * page already shows (the commit is visible a moment before its notification arrives): when
   * the two contradict each other, the total is counted again, so an answer never pairs a new
   * page with an old total.
   */
  async consistent(
    total: Promise<number>,
    page: { offset: number; limit: number },
    rows: number,
  ): Promise<number> {
    const n = await total;
    if (page.limit === 0 || totalFits(n, page.offset, page.limit, rows)) return n;
    return (await this.recounts.get(total)?.()) ?? n;
  }
}

/** Whether `total` can be true of a page of `rows` rows read at `offset` with `limit`. */
export function totalFits(total: number, offset: number, limit: number, rows: number): boolean {
  if (rows === 0) return total <= offset;
  if (rows < limit) return total === offset + rows;
  return total >= offset + limit;
}
