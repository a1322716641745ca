import { DataSource } from 'typeorm';
import { DirectoryExporter } from '../../application/directory-data/directory-export';
import { DirectoryRecord } from '../../domain/directory/interchange';
import { RECORD_QUERIES, recordPages } from './interchange-record-sql';

const PAGE = 2_000;

/** A source's rows, or every row when none is given ($1). */
const OF_SOURCE = {
  clinic: '$1::text IS NULL OR c.source = $1',
  doctor: '$1::text IS NULL OR d.source = $1',
  offering: '$1::text IS NULL OR c.source = $1',
  review: '$1::text IS NULL OR r.source = $1',
} as const;

/**
 * Reads the directory in keyset pages (a constant number of rows in memory) and yields the same
 * interchange records an import takes: an export imported into an empty database answers the
 * API identically. The records are read as the bulk snapshot and the change feed read them
 * (interchange-record-sql.ts).
 */
export class PgDirectoryExporter extends DirectoryExporter {
  constructor(private readonly ds: DataSource) {
    super();
  }

  async *records(source?: string): AsyncIterable<DirectoryRecord> {
    // The catalogues first (in id order, so an import into an empty database gives the same ids),
    // under the export's source (the directory's main source when the export is whole).
    const [main] = await this.ds.query<{ source: string }[]>(
      `SELECT source FROM doctors GROUP BY source ORDER BY count(*) DESC, source LIMIT 1`,
    );
    const nameSource = source ?? main?.source ?? 'catalogue';
    for (const [table, type] of [
      ['specialties', 'specialty'],
      ['languages', 'language'],
    ] as const) {
      const rows = await this.ds.query<{ name: string; aliases: string[] }[]>(
        `SELECT name, aliases FROM ${table} ORDER BY id`,
      );
      for (const r of rows)
        yield r.aliases.length
          ? { type, source: nameSource, name: r.name, aliases: r.aliases }
          : { type, source: nameSource, name: r.name };
    }
    const read = <R>(sql: string, values: unknown[]) => this.ds.query<R[]>(sql, values);
    for (const query of RECORD_QUERIES) {
      yield* recordPages(read, query, OF_SOURCE[query.type], [source ?? null], PAGE);
    }
  }

  async count(source?: string): Promise<number> {
    const [row] = await this.ds.query<{ n: number }[]>(
      `SELECT (SELECT count(*) FROM specialties) + (SELECT count(*) FROM languages)
            + (SELECT count(*) FROM clinics c WHERE $1::text IS NULL OR c.source = $1)
            + (SELECT count(*) FROM doctors d WHERE $1::text IS NULL OR d.source = $1)
            + (SELECT count(*) FROM specialist_offerings o JOIN clinics c ON c.id = o.clinic_id
                WHERE $1::text IS NULL OR c.source = $1)
            + (SELECT count(*) FROM reviews r WHERE $1::text IS NULL OR r.source = $1) AS n`,
      [source ?? null],
    );
    return Number(row.n);
  }
}
