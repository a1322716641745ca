import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
  Optional,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DIRECTORY_READ_SOURCE, ReplicaSync } from '../../../database/directory-read-source';
import { PgNotificationListener } from '../../../database/pg-notification-listener';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/core.module';
import { DIRECTORY_CHANGED_CHANNEL } from '../../../seed/demo-data.seeder';
import { DoctorColumns } from './doctor-columns';
import { loadDoctorColumns, ReadQuery } from './doctor-columns.loader';

/** A failed load is tried again after this long (or at the next change of the directory). */
const RETRY_MS = 5_000;
/** A load waits this long after a change, so a burst of notifications costs one load. */
const RELOAD_AFTER_MS = 50;

/**
 * The doctor lists' columns in memory (doctor-columns.ts), one copy per instance, as current as
 * the directory: loaded at start, and again after every `directory_changed` (and after the
 * listener lost its connection or listens again, when a change may have gone unheard). Until a
 * copy of the current directory is loaded, `current()` answers undefined and the lists are read
 * from SQL, so an answer never comes from a copy older than a change this instance heard of
 * (the name search, which has no SQL way, waits for the copy: forNames).
 * With a read replica the copy is loaded once the replica has replayed the change.
 */
@Injectable()
export class DoctorMemoryIndex implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('DoctorMemoryIndex');
  private columns: DoctorColumns | undefined;
  /** Bumped by each change heard: a load started under an older generation is thrown away. */
  private generation = 0;
  private loading: Promise<void> | undefined;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;
  /** LISTS_FROM_SQL: the lists read SQL; the name search still answers from the columns. */
  private readonly listsFromSql: boolean;
  private readonly query: ReadQuery;
  /** Loads completed, and the last one's seconds and rows (for the metrics and the logs). */
  loads = 0;
  lastLoadSeconds = 0;
  /** Lists answered from the columns (their total and the choice of their page). */
  answered = 0;

  constructor(
    @Inject(DIRECTORY_READ_SOURCE) ds: DataSource,
    listener: PgNotificationListener,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'listsFromSql'>,
    @Optional() private readonly replica?: ReplicaSync,
  ) {
    this.listsFromSql = config.listsFromSql;
    this.query = <T>(sql: string, params?: unknown[]) => ds.query<T>(sql, params);
    const changed = () => this.changed();
    listener.subscribe(DIRECTORY_CHANGED_CHANNEL, {
      onNotify: changed,
      onLost: changed,
      onListening: changed,
    });
  }

  /** Doctors the loaded columns hold (0 while none are). */
  get loadedSize(): number {
    return this.columns?.size ?? 0;
  }

  /**
   * The columns of the current directory for the lists, or undefined while they load (read from
   * SQL then) and always with LISTS_FROM_SQL.
   */
  current(): DoctorColumns | undefined {
    return this.listsFromSql ? undefined : this.loaded();
  }

  /** The columns of the current directory, or undefined while they load (a load started). */
  private loaded(): DoctorColumns | undefined {
    if (!this.columns && !this.loading && !this.closed) this.startLoad();
    return this.columns;
  }

  /**
   * The columns for the name search, which has no other way to answer (issue 50): at once when
   * loaded, else once loaded, waiting at most `waitMs` (undefined after it: the caller answers
   * 503 `unavailable`, retry shortly).
   */
  async forNames(waitMs: number): Promise<DoctorColumns | undefined> {
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

  /** Resolves once a copy of the directory as it is now is loaded (tests, tools). */
  async ready(): Promise<DoctorColumns> {
    for (;;) {
      if (this.closed) throw new Error('not loaded: closed');
      const c = this.loaded();
      if (c) return c;
      if (this.loading) await this.loading;
      if (!this.columns) await new Promise((r) => setTimeout(r, 20));
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

  /** A change (or a gap in listening): the copy is dropped at once and loaded again. */
  private changed(): void {
    this.generation++;
    this.columns = undefined;
    this.loading = undefined;
    clearTimeout(this.retry);
    // Changes come in bursts (an import's commit, the listener's reconnection): one load after them.
    this.retry = setTimeout(() => this.loaded(), RELOAD_AFTER_MS);
    this.retry.unref();
  }

  private startLoad(): void {
    const generation = this.generation;
    const started = process.hrtime.bigint();
    const load = (async () => {
      // With a replica: only once it has what the primary has now.
      if (this.replica?.hasReplica) await this.replica.caughtUp();
      return loadDoctorColumns(this.query);
    })();
    this.loading = load.then(
      (columns) => {
        if (generation !== this.generation || this.closed) return;
        const warming = process.hrtime.bigint();
        columns.warmUp();
        const warmMs = Number(process.hrtime.bigint() - warming) / 1e6;
        this.columns = columns;
        this.loading = undefined;
        this.loads++;
        this.lastLoadSeconds = Number(process.hrtime.bigint() - started) / 1e9;
        const names = columns.d.nameIndex;
        const bytes = names.bytes();
        this.log.log(
          `doctor lists in memory: ${columns.size} doctors in ${this.lastLoadSeconds.toFixed(2)} s` +
            ` (warm-up ${warmMs.toFixed(0)} ms); name index: ${names.groups} names,` +
            ` ${(bytes.total / 1e6).toFixed(1)} MB (typo index ${(bytes.typo / 1e3).toFixed(0)} KB)`,
        );
      },
      (e: unknown) => {
        if (generation !== this.generation || this.closed) return;
        this.log.warn(`doctor lists in memory not loaded: ${(e as Error)?.message ?? e}`);
        // Read from SQL meanwhile; a change of the directory tries again sooner.
        this.retry = setTimeout(() => {
          if (generation === this.generation) this.loading = undefined;
        }, RETRY_MS);
        this.retry.unref();
      },
    );
  }
}
