import { Injectable, Optional } from '@nestjs/common';
import { GoneError } from '../../domain/shared/domain-error';
import { ReadCache } from '../shared/read-cache';
import { decodeChangeCursor } from './change-cursor';
import {
  BulkFileSnapshots,
  BulkSnapshot,
  ChangePage,
  DataVersion,
  ServedDataVersion,
  StoredBulkFile,
  SyncedType,
  SyncStore,
} from './sync.ports';

/**
 * The current version and the snapshot's counts are cached like the other directory aggregates:
 * kept until `directory_changed` (sent at the commit of every import and seed) or this long.
 */
const VERSION_TTL_MS = 60_000;

/** The change feed's page size: default and ceiling. */
export const CHANGES_DEFAULT_LIMIT = 100;
export const CHANGES_MAX_LIMIT = 1_000;

const RETAKE =
  'Fetch the bulk manifest again (GET /api/v1/bulk), take the snapshot it lists, then follow /api/v1/changes from the cursor it gives (GET /api/v1/changes without since).';

/**
 * The lists' `dataVersion`: the version of the copy of the directory they answer from when there
 * is one (it may be older than the database's while the next copy loads; the page is at least
 * that new, so a client syncing from it may see a change twice but never misses one), else the
 * directory's current data version.
 */
@Injectable()
export class GetDataVersionUseCase {
  constructor(
    private readonly store: SyncStore,
    private readonly cache: ReadCache,
    @Optional() private readonly served?: ServedDataVersion,
  ) {}

  execute(): Promise<DataVersion> {
    const served = this.served?.current();
    if (served) return Promise.resolve(served);
    return this.cache.getOrLoad('sync:version', VERSION_TTL_MS, () => this.store.currentVersion());
  }
}

/** The bulk manifest's content: the current version and its record counts. */
@Injectable()
export class GetBulkSnapshotUseCase {
  constructor(
    private readonly store: SyncStore,
    private readonly cache: ReadCache,
  ) {}

  execute(): Promise<BulkSnapshot> {
    return this.cache.getOrLoad('sync:snapshot', VERSION_TTL_MS, () => this.store.snapshot());
  }
}

/**
 * A bulk file of a version, written once and read from storage (the download holds no database
 * connection); GoneError when that version is no longer the current one.
 */
@Injectable()
export class OpenBulkFileUseCase {
  constructor(private readonly files: BulkFileSnapshots) {}

  async execute(version: string, type: SyncedType): Promise<StoredBulkFile> {
    const file = /^[1-9][0-9]{0,18}$/.test(version) ? await this.files.open(version, type) : null;
    if (!file)
      throw new GoneError(
        `Data version ${JSON.stringify(version.slice(0, 40))} is no longer served: the directory has changed since. ${RETAKE}`,
      );
    return file;
  }
}

/** A page of the change feed after a cursor, or the current version's cursor without one. */
@Injectable()
export class ListChangesUseCase {
  constructor(private readonly store: SyncStore) {}

  async execute(since: string | undefined, limit: number): Promise<ChangePage> {
    if (since === undefined) {
      const version = await this.store.currentVersion();
      return { changes: [], next: version.lastSeq, hasMore: false, version };
    }
    const after = decodeChangeCursor(since);
    const page = await this.store.changes(after, Math.min(limit, CHANGES_MAX_LIMIT));
    if (page === 'gone')
      throw new GoneError(
        `This cursor is older than the change feed keeps (CHANGES_RETENTION_DAYS), or the directory was reloaded since. ${RETAKE}`,
      );
    return page;
  }
}
