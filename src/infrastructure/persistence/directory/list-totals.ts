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

  count(sql: string, params: readonly unknown[]): Promise<number> {
    return this.cache.getOrLoad(
      `total:${sql}:${JSON.stringify(params)}`,
      TOTAL_TTL_MS,
      async () => {
        const rows = await this.ds.query<{ n: number }[]>(sql, [...params]);
        return rows[0].n;
      },
    );
  }
}
