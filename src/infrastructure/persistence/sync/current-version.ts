import { DataVersion } from '../../../application/sync/sync.ports';

/** The directory's current data version (its newest row of directory_versions). */
// Ordered by the table's bigint (the output column of the same name is text: '9' > '10').
export const CURRENT_VERSION = `SELECT v.version::text AS version, v.committed_at, v.last_seq::text AS last_seq,
         v.floor_seq::text AS floor_seq
    FROM directory_versions v ORDER BY v.version DESC LIMIT 1`;

export interface VersionRow {
  version: string;
  committed_at: Date;
  last_seq: string;
  floor_seq: string;
}

export const toVersion = (r: VersionRow): DataVersion => ({
  version: r.version,
  transactionTime: r.committed_at,
  lastSeq: Number(r.last_seq),
  floorSeq: Number(r.floor_seq),
});

/** The current data version, or undefined before any seed or import has made one. */
export async function readCurrentVersion(
  query: <T>(sql: string) => Promise<T>,
): Promise<DataVersion | undefined> {
  const rows = await query<VersionRow[]>(CURRENT_VERSION);
  return rows[0] ? toVersion(rows[0]) : undefined;
}
