import { PoolClient } from 'pg';
import { DataSource } from 'typeorm';
import {
  DirectoryImportSession,
  DirectoryImportStore,
  ImportOptions,
} from '../../application/directory-data/directory-import.ports';
import { changesRetentionDaysFrom } from '../config/app-config';
import { PgImportSession } from './import/pg-import-session';

/**
 * Imports in one transaction on one connection: records go into temporary staging tables in
 * batches (memory stays flat), then SQL finds duplicates, unknown names and dangling references,
 * and upserts the rest. Rows that did not change are not written (IS DISTINCT FROM), so a second
 * import of the same file reports everything unchanged. The read models are refreshed
 * CONCURRENTLY (readers are never blocked) and `directory_changed` is notified in the
 * transaction, so every instance drops its caches at the commit.
 *
 * The steps, in order, are in import/pg-import-session.ts: staging (import-staging.ts,
 * staging-columns.ts), checks (check-rules.ts, one named rule per refusal; catalogue-names.ts),
 * apply (apply-upserts.ts, practice-links.ts, snapshot-expiry.ts, logged by change-log.ts),
 * refresh (read-model-refresh.ts).
 */
export class PgDirectoryImportStore extends DirectoryImportStore {
  constructor(
    private readonly ds: DataSource,
    /** How long the change feed keeps what an import changed (CHANGES_RETENTION_DAYS). */
    private readonly changesRetentionDays = changesRetentionDaysFrom(process.env),
  ) {
    super();
  }

  async begin(opts: ImportOptions): Promise<DirectoryImportSession> {
    const runner = this.ds.createQueryRunner();
    const client = (await runner.connect()) as PoolClient;
    const session = new PgImportSession(runner, client, opts, this.changesRetentionDays);
    await session.open();
    return session;
  }
}
