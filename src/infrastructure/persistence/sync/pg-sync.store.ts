import { CURRENT_VERSION, toVersion, VersionRow } from './current-version';
import { Inject, Injectable } from '@nestjs/common';
import { PoolClient } from 'pg';
import { DataSource, QueryRunner } from 'typeorm';
import {
  BulkFile,
  BulkSnapshot,
  Change,
  ChangeKey,
  ChangePage,
  DataVersion,
  SyncedRecord,
  SyncedType,
  SyncStore,
} from '../../../application/sync/sync.ports';
import { DIRECTORY_READ_SOURCE } from '../../database/directory-read-source';
import { runQuery } from '../../database/copy-rows';
import { InterchangeQuery, recordQuery } from '../../directory-data/interchange-record-sql';

/** Rows per fetch of a bulk file's cursor. */
const FILE_PAGE = 2_000;
/** A statement of a bulk file or of the manifest's counts may take this long. */
const STATEMENT_MS = 60_000;
/**
 * A bulk file is read into a file of the service (bulk-snapshot-files.ts), never at a client's
 * pace; should that write ever stall, the server ends its transaction after this rather than
 * holding back vacuum for ever.
 */
const IDLE_IN_DOWNLOAD = '5min';

/** How the change feed finds the current records of a page's upserts, per type. */
const BY_KEYS: Record<SyncedType, { where: string; values: (keys: ChangeKey[]) => unknown[] }> = {
  doctor: {
    where: `d.cpso_number = ANY($1::text[])`,
    values: (keys) => [keys.map((k) => k.cpsoNumber)],
  },
  clinic: {
    where: `(c.source, c.source_id) IN (SELECT * FROM unnest($1::text[], $2::text[]))`,
    values: (keys) => [keys.map((k) => k.source), keys.map((k) => k.sourceId)],
  },
  offering: {
    where: `(c.source, c.source_id, s.name_key) IN
              (SELECT a, b, lower(n) FROM unnest($1::text[], $2::text[], $3::text[]) u(a, b, n))`,
    values: (keys) => {
      const clinic = (k: ChangeKey) => k.clinic as { source: string; sourceId: string };
      return [
        keys.map((k) => clinic(k).source),
        keys.map((k) => clinic(k).sourceId),
        keys.map((k) => k.specialty),
      ];
    },
  },
  review: {
    where: `(r.source, r.source_id) IN (SELECT * FROM unnest($1::text[], $2::text[]))`,
    values: (keys) => [keys.map((k) => k.source), keys.map((k) => k.sourceId)],
  },
};

/** The key of a record, as the change log writes it (same text for the same key). */
function keyOf(record: SyncedRecord): string {
  switch (record.type) {
    case 'doctor':
      return JSON.stringify(['doctor', record.cpsoNumber]);
    case 'clinic':
      return JSON.stringify(['clinic', record.source, record.sourceId]);
    case 'review':
      return JSON.stringify(['review', record.source, record.sourceId]);
    case 'offering':
      return JSON.stringify([
        'offering',
        record.clinic.source,
        record.clinic.sourceId,
        record.specialty.toLowerCase(),
      ]);
  }
}
function keyOfChange(type: SyncedType, k: ChangeKey): string {
  switch (type) {
    case 'doctor':
      return JSON.stringify(['doctor', k.cpsoNumber]);
    case 'offering': {
      const c = k.clinic as { source: string; sourceId: string };
      return JSON.stringify(['offering', c.source, c.sourceId, String(k.specialty).toLowerCase()]);
    }
    default:
      return JSON.stringify([type, k.source, k.sourceId]);
  }
}

/**
 * The change log, the versions and the bulk files, read from the directory's read source (the
 * replica when there is one). Every answer is read in one REPEATABLE READ transaction, so the
 * version, the counts, the change rows and the records they render all come from one snapshot.
 *
 * The feed renders records at read time from the current tables (docs/sync.md): an upsert shows
 * the record as it is now, and one whose record has since left the copy's set (deleted, an
 * expired doctor, a review of one) is sent as a delete, its own delete following later anyway.
 */
/**
 * A page of the change log after a position ($1), $2 rows: a range of the primary key at any
 * depth. Ordered by the bigint column (the output column `seq` is text: '10' < '9').
 */
export const CHANGES_PAGE_SQL = `SELECT c.seq::text AS seq, c.type, c.op, c.key FROM directory_changes c
          WHERE c.seq > $1 ORDER BY c.seq LIMIT $2`;

/** The statement reading the current, served records of a page's upserts of one type. */
export function changeRecordsStatement(
  type: SyncedType,
  keys: ChangeKey[],
): { sql: string; values: unknown[] } {
  const query = recordQuery(type);
  return {
    sql: query.sql(`(${BY_KEYS[type].where}) AND ${query.served}`, null, keys.length),
    values: BY_KEYS[type].values(keys),
  };
}

@Injectable()
export class PgSyncStore extends SyncStore {
  constructor(@Inject(DIRECTORY_READ_SOURCE) private readonly ds: DataSource) {
    super();
  }

  async currentVersion(): Promise<DataVersion> {
    const [row] = await this.ds.query<VersionRow[]>(CURRENT_VERSION);
    return toVersion(row);
  }

  snapshot(): Promise<BulkSnapshot> {
    return this.inSnapshot(async (q) => {
      const [v] = (await q(CURRENT_VERSION)) as VersionRow[];
      // Reviews of expired doctors are not in the snapshot: counted from the (few) expired doctors.
      const [c] = (await q(`
        SELECT (SELECT count(*) FROM clinics) AS clinic,
               (SELECT count(*) FROM doctors WHERE expired_at IS NULL) AS doctor,
               (SELECT count(*) FROM specialist_offerings) AS offering,
               (SELECT count(*) FROM reviews)
                 - (SELECT count(*) FROM reviews r JOIN doctors d ON d.id = r.doctor_id
                     WHERE d.expired_at IS NOT NULL) AS review`)) as Record<SyncedType, string>[];
      return {
        version: toVersion(v),
        counts: {
          clinic: Number(c.clinic),
          doctor: Number(c.doctor),
          offering: Number(c.offering),
          review: Number(c.review),
        },
      };
    });
  }

  async openFile(version: string, type: SyncedType): Promise<BulkFile | null> {
    const { runner, client } = await this.connect();
    let closed = false;
    const close = async () => {
      if (closed) return;
      closed = true;
      await runQuery(client, STATEMENT_MS, 'COMMIT').catch(() => undefined);
      await runner.release();
    };
    try {
      await this.begin(client);
      await runQuery(
        client,
        STATEMENT_MS,
        `SET LOCAL idle_in_transaction_session_timeout = '${IDLE_IN_DOWNLOAD}'`,
      );
      const [v] = (await runQuery(client, STATEMENT_MS, CURRENT_VERSION)).rows as VersionRow[];
      if (v.version !== version) {
        await close();
        return null;
      }
    } catch (e) {
      await close();
      throw e;
    }
    // One statement read through a cursor, FILE_PAGE rows a fetch: one plan and one sort for
    // the whole file (keyset pages of offerings, ordered across a join, sorted it once a page).
    const query = recordQuery(type);
    async function* records(): AsyncIterable<SyncedRecord> {
      try {
        await runQuery(
          client,
          STATEMENT_MS,
          `DECLARE bulk_file NO SCROLL CURSOR FOR ${query.sql(query.served, null, 'ALL')}`,
        );
        for (;;) {
          const rows = (await runQuery(client, STATEMENT_MS, `FETCH ${FILE_PAGE} FROM bulk_file`))
            .rows as object[];
          for (const r of rows) yield query.toRecord(r);
          if (rows.length < FILE_PAGE) return;
        }
      } finally {
        await close();
      }
    }
    return { records: records(), close };
  }

  changes(after: number, limit: number): Promise<ChangePage | 'gone'> {
    return this.inSnapshot(async (q) => {
      const version = toVersion(((await q(CURRENT_VERSION)) as VersionRow[])[0]);
      if (after < version.floorSeq || after > version.lastSeq) return 'gone';
      const rows = (await q(CHANGES_PAGE_SQL, [after, limit + 1])) as {
        seq: string;
        type: SyncedType;
        op: 'upsert' | 'delete';
        key: ChangeKey;
      }[];
      const hasMore = rows.length > limit;
      const page = rows.slice(0, limit);
      // The current records of the page's upserts: one statement per type present.
      const found = new Map<string, SyncedRecord>();
      for (const type of ['clinic', 'doctor', 'offering', 'review'] as const) {
        const keys = page.filter((r) => r.type === type && r.op === 'upsert').map((r) => r.key);
        if (keys.length === 0) continue;
        const query = recordQuery(type) as InterchangeQuery<object, SyncedRecord>;
        const { sql, values } = changeRecordsStatement(type, keys);
        for (const row of (await q(sql, values)) as object[]) {
          const record = query.toRecord(row);
          found.set(keyOf(record), record);
        }
      }
      const changes: Change[] = page.map((r) => {
        const record = r.op === 'upsert' ? found.get(keyOfChange(r.type, r.key)) : undefined;
        return record
          ? { type: r.type, op: 'upsert', key: r.key, record }
          : { type: r.type, op: 'delete', key: r.key };
      });
      const next = !hasMore
        ? Math.max(after, version.lastSeq)
        : page.length > 0
          ? Number(page[page.length - 1].seq)
          : after;
      return { changes, next, hasMore, version };
    });
  }

  private async connect(): Promise<{ runner: QueryRunner; client: PoolClient }> {
    const runner = this.ds.createQueryRunner();
    try {
      const client = (await runner.connect()) as PoolClient;
      return { runner, client };
    } catch (e) {
      await runner.release();
      throw e;
    }
  }

  private async begin(client: PoolClient): Promise<void> {
    await runQuery(client, STATEMENT_MS, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await runQuery(client, STATEMENT_MS, `SET LOCAL statement_timeout = ${STATEMENT_MS}`);
  }

  /** Runs `work` in one REPEATABLE READ, read-only transaction (one snapshot). */
  private async inSnapshot<T>(
    work: (q: (sql: string, values?: unknown[]) => Promise<unknown[]>) => Promise<T>,
  ): Promise<T> {
    const { runner, client } = await this.connect();
    try {
      await this.begin(client);
      const out = await work(
        async (sql, values) =>
          (await runQuery(client, STATEMENT_MS, sql, values)).rows as unknown[],
      );
      await runQuery(client, STATEMENT_MS, 'COMMIT');
      return out;
    } catch (e) {
      await runQuery(client, STATEMENT_MS, 'ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      await runner.release();
    }
  }
}
