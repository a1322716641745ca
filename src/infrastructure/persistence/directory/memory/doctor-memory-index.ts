import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
  Optional,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { UnavailableError } from '../../../../domain/shared/domain-error';
import { DIRECTORY_READ_SOURCE, ReplicaSync } from '../../../database/directory-read-source';
import { PgNotificationListener } from '../../../database/pg-notification-listener';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/core.module';
import { DIRECTORY_CHANGED_CHANNEL } from '../../../seed/demo-data.seeder';
import { DoctorColumns } from './doctor-columns';
import { loadDoctorColumns, ReadQuery } from './doctor-columns.loader';
import { DataVersion } from '../../../../application/sync/sync.ports';
import { readCurrentVersion } from '../../sync/current-version';
import { readChanges } from './change-follower';

/** A failed load is tried again after this long (or at the next change of the directory). */
const RETRY_MS = 5_000;
/** A load waits this long after a change, so a burst of notifications costs one load. */
const RELOAD_AFTER_MS = 50;

/** How long a read that needs the index waits for its first load before a 503. */
export const INDEX_WAIT_MS = 10_000;

/**
 * A load's statements may take longer than a request's (DB_STATEMENT_TIMEOUT_MS): the doctors'
 * clinics are one statement of a row per pair (1,150,000 at 1,000,000 doctors), read while the
 * same thread answers requests from the copy in service.
 */
const LOAD_STATEMENT_TIMEOUT = '120s';

/** A whole copy loaded, with the data version read before its rows. */
interface LoadedCopy {
  kind: 'loaded';
  version: DataVersion | undefined;
  columns: DoctorColumns;
}

/** Whether a `directory_changed` payload is an import's (whose changes the log holds). */
function isImportNotice(payload: string): boolean {
  try {
    return (JSON.parse(payload) as { reason?: unknown })?.reason === 'import';
  } catch {
    return false;
  }
}

/** While the first load runs, its progress is logged this often. */
const PROGRESS_LOG_MS = 5_000;

/**
 * The doctor lists' columns in memory (doctor-columns.ts), one copy per instance, as current as
 * the directory: loaded at start, and again after every `directory_changed` (and after the
 * listener lost its connection or listens again, when a change may have gone unheard). The copy
 * being served stays in service while the next one loads and is replaced whole when it is ready
 * (issue 49, item 2: no fallback while serving), so every answer comes from one copy, the newest
 * this instance has loaded, and a load after a change costs no request the slow path. Before the
 * first load there is no copy: the instance reports not ready (`GET /api/v1/` 503) and the reads
 * that need the columns wait for it (`whenLoaded`). With a read replica a copy is loaded once the
 * replica has replayed the change.
 */
@Injectable()
export class DoctorMemoryIndex implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('DoctorMemoryIndex');
  private columns: DoctorColumns | undefined;
  /** Bumped by each change heard; a copy is as new as the generation its load started under. */
  private generation = 0;
  /** The generation of the copy in service (-1: none yet). */
  private servedGeneration = -1;
  /**
   * The data version of the copy in service, read before its rows (so its content is at least
   * that new); undefined before the first load or when the directory has no version yet.
   */
  servedVersion: DataVersion | undefined;
  private loading: Promise<void> | undefined;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;
  /** LISTS_FROM_SQL: the lists read SQL; the name search still answers from the columns. */
  private readonly listsFromSql: boolean;
  /** LOAD_AFTER_EVERY_CHANGE: no change is applied in place; every one loads a copy whole. */
  private readonly loadAfterEveryChange: boolean;
  private readonly query: ReadQuery;
  /** Loads completed, and the last one's seconds and rows (for the metrics and the logs). */
  loads = 0;
  /**
   * Rounds of changes applied in place (issue 49, item 1), the change rows they applied, the
   * last one's milliseconds from its notification's handling to the copy's change, and the
   * reason of the last full load after start (why a change could not be followed in place).
   */
  followed = 0;
  changesApplied = 0;
  lastFollowMs = 0;
  /** The last application's synchronous part (requests wait behind it), in milliseconds. */
  lastApplyBlockMs = 0;
  lastLoadReason: string | undefined;
  /** A change the log does not hold was heard (or may have been missed): the next is a load. */
  private mustLoad = false;
  /** Loads that failed (each tried again after RETRY_MS, or at the next change). */
  failedLoads = 0;
  lastLoadSeconds = 0;
  /** Lists answered from the columns (their total and the choice of their page). */
  answered = 0;
  /** The first load's progress (doctors read of the total), for the readiness answer and the log. */
  private progress: { read: number; total: number } | undefined;

  constructor(
    @Inject(DIRECTORY_READ_SOURCE) private readonly ds: DataSource,
    listener: PgNotificationListener,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'listsFromSql' | 'loadAfterEveryChange'>,
    @Optional() private readonly replica?: ReplicaSync,
  ) {
    this.listsFromSql = config.listsFromSql;
    this.loadAfterEveryChange = config.loadAfterEveryChange;
    this.query = <T>(sql: string, params?: unknown[]) => ds.query<T>(sql, params);
    // An import's notification: its changes are in the log, to follow in place. Anything else
    // (a seed, a bare NOTIFY after a change by hand, a notification that may have gone unheard
    // while the listener was away): a full load.
    const unlogged = () => this.changed(true);
    listener.subscribe(DIRECTORY_CHANGED_CHANNEL, {
      onNotify: (payload) => this.changed(!isImportNotice(payload)),
      onLost: unlogged,
      onListening: unlogged,
    });
  }

  /** Doctors the copy in service holds (0 before the first load). */
  get loadedSize(): number {
    return this.columns?.served ?? 0;
  }

  /** Whether a copy is in service (the instance is ready to answer from it). */
  get isLoaded(): boolean {
    return this.columns !== undefined;
  }

  /** Before the first load: how far it is (doctors read, of how many), when it has begun. */
  get firstLoadProgress(): { read: number; total: number } | undefined {
    return this.columns ? undefined : this.progress;
  }

  /**
   * The copy in service for the lists, or undefined before the first load (and always with
   * LISTS_FROM_SQL).
   */
  current(): DoctorColumns | undefined {
    return this.listsFromSql ? undefined : this.loaded();
  }

  /** The copy in service, or undefined before the first load (which this starts if need be). */
  private loaded(): DoctorColumns | undefined {
    if (!this.columns && !this.loading && !this.retry && !this.closed) this.startLoad();
    return this.columns;
  }

  /**
   * The copy in service: at once once there is one, else once the first load is done, waiting
   * at most `waitMs` (undefined after it: the caller answers 503 `unavailable`, retry shortly).
   */
  async whenLoaded(waitMs: number): Promise<DoctorColumns | undefined> {
    const until = Date.now() + waitMs;
    for (;;) {
      if (this.closed) return undefined;
      const c = this.loaded();
      if (c) return c;
      const left = until - Date.now();
      if (left <= 0) return undefined;
      await new Promise((r) => setTimeout(r, Math.min(20, left)));
    }
  }

  /**
   * The copy for the lists: undefined with LISTS_FROM_SQL (SQL answers by configuration), else
   * the copy in service; before the first load the list waits for it (at most `waitMs`) and is
   * then refused with 503 `unavailable`: a list is never read another way meanwhile.
   */
  async forLists(waitMs = INDEX_WAIT_MS): Promise<DoctorColumns | undefined> {
    if (this.listsFromSql) return undefined;
    const c = this.columns ?? (await this.whenLoaded(waitMs));
    if (!c) throw new UnavailableError("The directory's index is loading; retry shortly.");
    return c;
  }

  /** whenLoaded for the name search (no other way to answer). */
  forNames(waitMs: number): Promise<DoctorColumns | undefined> {
    return this.whenLoaded(waitMs);
  }

  /**
   * Resolves with a copy that has every change made before the call (tests, tools: read your
   * writes): one loaded after every change heard before the call, and at least as new as the
   * directory's data version at the call (a change whose notification is still on its way
   * included: a load is started when none is due).
   */
  async ready(): Promise<DoctorColumns> {
    const wanted = this.generation;
    const target = await readCurrentVersion(this.query);
    const newEnough = () =>
      this.servedGeneration >= wanted &&
      (!target || Number(this.servedVersion?.version ?? -1) >= Number(target.version));
    for (;;) {
      if (this.closed) throw new Error('not loaded: closed');
      const c = this.loaded();
      if (c && newEnough()) return c;
      if (!this.loading && !this.retry) {
        if (c) this.generation++;
        this.startLoad();
      }
      if (this.loading) await this.loading;
      else await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** Loaded at start (also with LISTS_FROM_SQL: the name search reads it). */
  onApplicationBootstrap(): void {
    this.loaded();
  }

  onApplicationShutdown(): void {
    this.closed = true;
    clearTimeout(this.retry);
  }

  /**
   * A change (or a gap in listening): the copy follows the change log in place when it can,
   * else the next copy is loaded (`unlogged`: a load), this one serving meanwhile.
   */
  private changed(unlogged: boolean): void {
    if (unlogged) this.mustLoad = true;
    this.generation++;
    clearTimeout(this.retry);
    // Changes come in bursts (an import's commit, the listener's reconnection): one load after them.
    this.retry = setTimeout(() => {
      this.retry = undefined;
      if (!this.loading) this.startLoad();
    }, RELOAD_AFTER_MS);
    this.retry.unref();
  }

  /**
   * A whole copy, read with its data version. With a replica its reads go through the routing
   * (to the primary while the replica is out) at the requests' statement timeout; else on one
   * connection, with a load's statement timeout (reset before the connection goes back).
   */
  private async loadCopy(
    onProgress: (read: number, total: number) => void,
  ): Promise<Omit<LoadedCopy, 'kind'>> {
    if (this.replica?.hasReplica) {
      const version = await readCurrentVersion(this.query);
      return { version, columns: await loadDoctorColumns(this.query, onProgress) };
    }
    const runner = this.ds.createQueryRunner();
    await runner.connect();
    try {
      await runner.query(`SET statement_timeout = '${LOAD_STATEMENT_TIMEOUT}'`);
      const query: ReadQuery = <T>(sql: string, params?: unknown[]) =>
        runner.query(sql, params) as Promise<T>;
      const version = await readCurrentVersion(query);
      return { version, columns: await loadDoctorColumns(query, onProgress) };
    } finally {
      await runner.query('RESET statement_timeout').catch(() => undefined);
      await runner.release();
    }
  }

  private startLoad(): void {
    if (this.closed) return;
    const generation = this.generation;
    const first = !this.columns;
    const started = process.hrtime.bigint();
    let logged = Date.now();
    const onProgress = (read: number, total: number) => {
      if (!first) return;
      this.progress = { read, total };
      if (Date.now() - logged >= PROGRESS_LOG_MS) {
        logged = Date.now();
        this.log.log(`loading the doctor lists: ${read} of ${total} doctors read`);
      }
    };
    const from = this.columns;
    const fromVersion = this.servedVersion;
    const follow = !!from && !this.mustLoad && !this.loadAfterEveryChange;
    this.mustLoad = false;
    const load = (async (): Promise<
      { kind: 'applied'; version?: DataVersion; changes: number } | LoadedCopy
    > => {
      // With a replica: only once it has what the primary has now.
      if (this.replica?.hasReplica) await this.replica.caughtUp();
      if (follow && from) {
        const version = await readCurrentVersion(this.query);
        const found = await readChanges(this.query, from, fromVersion, version);
        if (found.kind === 'current') return { kind: 'applied', version, changes: 0 };
        // Applied at once, synchronously: every answer sees the copy before or after.
        let failed: string | undefined;
        try {
          const applying = process.hrtime.bigint();
          if (found.kind === 'changes' && this.columns === from && found.apply()) {
            this.lastApplyBlockMs = Number(process.hrtime.bigint() - applying) / 1e6;
            return { kind: 'applied', version, changes: found.changes };
          }
        } catch (e) {
          // Part-applied, maybe: the copy serves until the next one is loaded whole.
          failed = `applying the changes failed: ${(e as Error)?.message ?? e}`;
        }
        this.lastLoadReason =
          failed ??
          (found.kind === 'load' ? found.reason : 'a change moves a row (a new name or point)');
        this.log.log(`the doctor lists load again: ${this.lastLoadReason}`);
      }
      return { kind: 'loaded', ...(await this.loadCopy(onProgress)) };
    })();
    this.loading = load.then(
      (done) => {
        this.loading = undefined;
        if (this.closed) return;
        if (done.kind === 'applied') {
          this.servedVersion = done.version ?? this.servedVersion;
          this.servedGeneration = generation;
          if (done.changes > 0) {
            this.followed++;
            this.changesApplied += done.changes;
            this.lastFollowMs = Number(process.hrtime.bigint() - started) / 1e6;
            this.log.log(
              `doctor lists in memory: ${done.changes} changes applied in place in` +
                ` ${this.lastFollowMs.toFixed(1)} ms (${this.lastApplyBlockMs.toFixed(1)} ms applying)`,
            );
          }
          if (this.generation > generation && !this.retry) this.startLoad();
          return;
        }
        const { version, columns } = done;
        const warming = process.hrtime.bigint();
        columns.warmUp();
        const warmMs = Number(process.hrtime.bigint() - warming) / 1e6;
        this.columns = columns;
        this.servedVersion = version;
        this.servedGeneration = generation;
        this.progress = undefined;
        this.loads++;
        this.lastLoadSeconds = Number(process.hrtime.bigint() - started) / 1e9;
        const names = columns.d.nameIndex;
        const bytes = names.bytes();
        this.log.log(
          `doctor lists in memory: ${columns.size} doctors in ${this.lastLoadSeconds.toFixed(2)} s` +
            ` (warm-up ${warmMs.toFixed(0)} ms); name index: ${names.groups} names,` +
            ` ${(bytes.total / 1e6).toFixed(1)} MB (typo index ${(bytes.typo / 1e3).toFixed(0)} KB)`,
        );
        // Changes heard while it loaded: the next copy, unless one is already due.
        if (this.generation > generation && !this.retry) this.startLoad();
      },
      (e: unknown) => {
        this.loading = undefined;
        if (this.closed) return;
        this.failedLoads++;
        // A load that was due is due still (the retry must not follow in place instead).
        if (!follow && from) this.mustLoad = true;
        this.log.warn(`doctor lists in memory not loaded: ${(e as Error)?.message ?? e}`);
        // The copy in service (if any) serves meanwhile; tried again after a pause, or sooner at
        // the next change of the directory.
        clearTimeout(this.retry);
        this.retry = setTimeout(() => {
          this.retry = undefined;
          if (!this.loading) this.startLoad();
        }, RETRY_MS);
        this.retry.unref();
      },
    );
  }
}
