import {
  Global,
  Inject,
  Injectable,
  Logger,
  Module,
  OnApplicationShutdown,
  Provider,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/core.module';
import { dataSourceOptions } from './data-source-options';
import { closePreparedReads, preparedReads, underlyingDataSource } from './prepared-reads';
import { isRecoveryConflict, isReplicaUnreachable } from './replica-errors';

/**
 * Injection token of the DataSource that directory reads go to: a replica when
 * DATABASE_READ_URL is set, else the primary itself. Keys, orders, sessions, health of the
 * primary and every notification stay on the primary.
 */
export const DIRECTORY_READ_SOURCE = 'DIRECTORY_READ_SOURCE';

/** The primary's prepared reads (what directory reads use without a replica, or while it is out). */
const PRIMARY_READS = 'PRIMARY_DIRECTORY_READS';

/** How often an instance asks the replica whether it has replayed a change yet. */
const CATCH_UP_POLL_MS = 50;
/** Past this, a replica that has not caught up is reported and caching resumes anyway. */
const CATCH_UP_GIVE_UP_MS = 60_000;
/** While the replica is out of service, how often it is asked whether it can serve again. */
const RETURN_PROBE_MS = 1000;
/**
 * A read the replica cancelled because of a recovery conflict is sent again this many times
 * (the conflicting change has been replayed by then, so the second try normally succeeds); a
 * further conflict is the caller's error (503 `unavailable`).
 */
export const RECOVERY_CONFLICT_RETRIES = 1;

/** The replica's position relative to the primary's (a standby that is not behind is caught up). */
const REPLAYED_SQL = `SELECT pg_is_in_recovery() AS standby,
        coalesce(pg_last_wal_replay_lsn() >= $1::pg_lsn, false) AS replayed`;

/**
 * Where directory reads go (issue 36, item 3). Without DATABASE_READ_URL, `source` is the
 * primary's prepared reads. With it, `source` sends each read to the replica while the replica
 * serves; a read cancelled there by a recovery conflict (SQLSTATE 40001 or 40P01, "conflict with
 * recovery": the standby replaying a VACUUM or an ACCESS EXCLUSIVE lock under a running read) is
 * sent again RECOVERY_CONFLICT_RETRIES times; a read that cannot reach the replica (stopped,
 * restarting, connection refused or cut) takes the replica out of service and runs on the
 * primary instead. While out of service the replica is asked every RETURN_PROBE_MS whether it
 * answers and has replayed everything the primary had written at that moment; only then do
 * reads return to it, so an answer never goes back in time.
 */
export class ReadRouting {
  private readonly log = new Logger('ReadRouting');
  private serving = true;
  private probe: NodeJS.Timeout | undefined;
  private probing = false;
  private closed = false;
  /** Reads the replica cancelled by a recovery conflict (each retried or answered 503). */
  conflicts = 0;
  /** Reads that ran on the primary because the replica was out of service. */
  fallbacks = 0;

  /** What the directory's repositories query. */
  readonly source: DataSource;

  constructor(
    private readonly primary: DataSource,
    private readonly primaryReads: DataSource,
    /** The replica's prepared reads, or undefined without DATABASE_READ_URL. */
    readonly replica: DataSource | undefined,
  ) {
    this.source = replica ? this.routed(replica) : primaryReads;
  }

  get hasReplica(): boolean {
    return this.replica !== undefined;
  }

  /** True while directory reads go to the replica (false without one, or while it is out). */
  get replicaServing(): boolean {
    return this.replica !== undefined && this.serving;
  }

  /** Takes the replica out of service (reads go to the primary) until it answers caught up. */
  markDown(reason: unknown): void {
    if (!this.replica || this.closed) return;
    if (this.serving) {
      this.serving = false;
      this.log.warn(
        `read replica out of service, directory reads go to the primary: ${(reason as Error)?.message ?? reason}`,
      );
    }
    if (!this.probe) {
      this.probe = setInterval(() => void this.tryReturn(), RETURN_PROBE_MS);
      this.probe.unref();
    }
  }

  /**
   * Asks the replica whether it answers and has replayed the primary's current position; if so,
   * reads return to it. Resolves to whether the replica serves afterwards.
   */
  async tryReturn(): Promise<boolean> {
    if (!this.replica || this.serving) return this.replicaServing;
    if (this.probing || this.closed) return false;
    this.probing = true;
    try {
      // A replica that was down when the instance started gets its pool now.
      const ds = underlyingDataSource(this.replica);
      if (!ds.isInitialized) await ds.initialize();
      const [{ lsn }] = await this.primary.query<{ lsn: string }[]>(
        'SELECT pg_current_wal_lsn()::text AS lsn',
      );
      const [row] = await this.replica.query<{ standby: boolean; replayed: boolean }[]>(
        REPLAYED_SQL,
        [lsn],
      );
      if (row && (!row.standby || row.replayed) && !this.closed) {
        this.serving = true;
        clearInterval(this.probe);
        this.probe = undefined;
        this.log.log(`read replica back in service at ${lsn}: directory reads go to it again`);
      }
    } catch {
      // Still out (or the primary itself is unreachable): the next probe asks again.
    } finally {
      this.probing = false;
    }
    return this.replicaServing;
  }

  close(): void {
    this.closed = true;
    clearInterval(this.probe);
    this.probe = undefined;
  }

  private routed(replica: DataSource): DataSource {
    const query = async (sql: string, params?: unknown[], runner?: unknown): Promise<unknown> => {
      for (let attempt = 0; ; attempt++) {
        if (!this.serving) {
          this.fallbacks++;
          return this.primaryReads.query(sql, params, runner as never);
        }
        try {
          return await replica.query(sql, params, runner as never);
        } catch (e) {
          if (isRecoveryConflict(e)) {
            this.conflicts++;
            if (attempt < RECOVERY_CONFLICT_RETRIES) continue;
            throw e;
          }
          // A read is safe to run again: on the primary, now that the replica is out.
          if (isReplicaUnreachable(e)) {
            this.markDown(e);
            continue;
          }
          throw e;
        }
      }
    };
    return new Proxy(replica, {
      get(target, prop, receiver) {
        if (prop === 'query') return query;
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
  }
}

/**
 * Replication awareness: `caughtUp()` resolves once the read source has replayed everything the
 * primary had written when it was called (at once without a replica, while the replica is out of
 * service, or when the read source is not a standby). The directory cache waits for it after
 * `directory_changed`, so it never keeps an answer the replica computed from data older than the
 * change it was told about.
 */
@Injectable()
export class ReplicaSync {
  private readonly log = new Logger('ReplicaSync');

  constructor(
    private readonly primary: DataSource,
    private readonly routing: ReadRouting,
  ) {}

  get hasReplica(): boolean {
    return this.routing.hasReplica;
  }

  async caughtUp(): Promise<void> {
    const replica = this.routing.replica;
    if (!replica || !this.routing.replicaServing) return;
    const started = Date.now();
    try {
      const [{ lsn }] = await this.primary.query<{ lsn: string }[]>(
        'SELECT pg_current_wal_lsn()::text AS lsn',
      );
      for (;;) {
        // Out of service meanwhile: reads go to the primary, which has the change.
        if (!this.routing.replicaServing) return;
        const [row] = await replica.query<{ standby: boolean; replayed: boolean }[]>(REPLAYED_SQL, [
          lsn,
        ]);
        if (!row.standby || row.replayed) return;
        if (Date.now() - started > CATCH_UP_GIVE_UP_MS) {
          this.log.warn(`replica has not replayed ${lsn} after ${CATCH_UP_GIVE_UP_MS} ms`);
          return;
        }
        await new Promise((r) => setTimeout(r, CATCH_UP_POLL_MS));
      }
    } catch (e) {
      if (isReplicaUnreachable(e)) this.routing.markDown(e);
      this.log.warn(`could not compare replica and primary positions: ${(e as Error).message}`);
    }
  }
}

/**
 * Closes the walks' pools, and the replica's pool, at shutdown (the primary's belongs to
 * TypeOrmModule).
 */
@Injectable()
class ReadSourceCloser implements OnApplicationShutdown {
  constructor(
    private readonly primary: DataSource,
    private readonly routing: ReadRouting,
    @Inject(PRIMARY_READS) private readonly primaryReads: DataSource,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    this.routing.close();
    await closePreparedReads(this.primaryReads);
    const replica = this.routing.replica;
    if (!replica) return;
    await closePreparedReads(replica);
    const read = underlyingDataSource(replica);
    if (read !== this.primary && read.isInitialized) await read.destroy();
  }
}

const primaryReadsProvider: Provider = {
  provide: PRIMARY_READS,
  inject: [DataSource],
  useFactory: (primary: DataSource): DataSource => preparedReads(primary),
};

const routingProvider: Provider = {
  provide: ReadRouting,
  inject: [DataSource, PRIMARY_READS, APP_CONFIG],
  useFactory: async (
    primary: DataSource,
    primaryReads: DataSource,
    config: AppConfig,
  ): Promise<ReadRouting> => {
    if (!config.databaseReadUrl) return new ReadRouting(primary, primaryReads, undefined);
    const options = dataSourceOptions(config.databaseReadUrl, config.db, 'serving');
    const replica = new DataSource({
      ...options,
      migrations: [],
      extra: { ...(options.extra as object), application_name: 'gta-directory-read' },
    });
    const routing = new ReadRouting(primary, primaryReads, preparedReads(replica));
    try {
      await replica.initialize();
    } catch (e) {
      // The replica is down at start: serve from the primary and keep asking for it (tryReturn
      // initializes it once it answers).
      if (!isReplicaUnreachable(e)) throw e;
      routing.markDown(e);
    }
    return routing;
  },
};

const readSourceProvider: Provider = {
  provide: DIRECTORY_READ_SOURCE,
  inject: [ReadRouting],
  useFactory: (routing: ReadRouting): DataSource => routing.source,
};

/** Provides the directory's read source (primary or replica) and ReplicaSync to every module. */
@Global()
@Module({
  providers: [
    primaryReadsProvider,
    routingProvider,
    readSourceProvider,
    ReplicaSync,
    ReadSourceCloser,
  ],
  exports: [DIRECTORY_READ_SOURCE, ReplicaSync, ReadRouting],
})
export class DirectoryReadSourceModule {}
