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

/**
 * Injection token of the DataSource that directory reads go to: a replica when
 * DATABASE_READ_URL is set, else the primary itself. Keys, orders, sessions, health of the
 * primary and every notification stay on the primary.
 */
export const DIRECTORY_READ_SOURCE = 'DIRECTORY_READ_SOURCE';

/** How often an instance asks the replica whether it has replayed a change yet. */
const CATCH_UP_POLL_MS = 50;
/** Past this, a replica that has not caught up is reported and caching resumes anyway. */
const CATCH_UP_GIVE_UP_MS = 60_000;

/**
 * Replication awareness: `caughtUp()` resolves once the read source has replayed everything the
 * primary had written when it was called (at once without a replica, or when the read source is
 * not a standby). The directory cache waits for it after `directory_changed`, so it never keeps
 * an answer the replica computed from data older than the change it was told about.
 */
@Injectable()
export class ReplicaSync {
  private readonly log = new Logger('ReplicaSync');

  constructor(
    private readonly primary: DataSource,
    @Inject(DIRECTORY_READ_SOURCE) private readonly read: DataSource,
  ) {}

  get hasReplica(): boolean {
    return underlyingDataSource(this.read) !== this.primary;
  }

  async caughtUp(): Promise<void> {
    if (!this.hasReplica) return;
    const started = Date.now();
    try {
      const [{ lsn }] = await this.primary.query<{ lsn: string }[]>(
        'SELECT pg_current_wal_lsn()::text AS lsn',
      );
      for (;;) {
        const [row] = await this.read.query<{ standby: boolean; replayed: boolean }[]>(
          `SELECT pg_is_in_recovery() AS standby,
                  coalesce(pg_last_wal_replay_lsn() >= $1::pg_lsn, false) AS replayed`,
          [lsn],
        );
        if (!row.standby || row.replayed) return;
        if (Date.now() - started > CATCH_UP_GIVE_UP_MS) {
          this.log.warn(`replica has not replayed ${lsn} after ${CATCH_UP_GIVE_UP_MS} ms`);
          return;
        }
        await new Promise((r) => setTimeout(r, CATCH_UP_POLL_MS));
      }
    } catch (e) {
      this.log.warn(`could not compare replica and primary positions: ${(e as Error).message}`);
    }
  }
}

/**
 * Closes the walks' pool, and the replica's pool, at shutdown (the primary's belongs to
 * TypeOrmModule).
 */
@Injectable()
class ReadSourceCloser implements OnApplicationShutdown {
  constructor(
    private readonly primary: DataSource,
    @Inject(DIRECTORY_READ_SOURCE) private readonly read: DataSource,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await closePreparedReads(this.read);
    const read = underlyingDataSource(this.read);
    if (read !== this.primary && read.isInitialized) await read.destroy();
  }
}

const readSourceProvider: Provider = {
  provide: DIRECTORY_READ_SOURCE,
  inject: [DataSource, APP_CONFIG],
  useFactory: async (primary: DataSource, config: AppConfig): Promise<DataSource> => {
    if (!config.databaseReadUrl) return preparedReads(primary);
    const replica = new DataSource({
      ...dataSourceOptions(config.databaseReadUrl, config.db, 'serving'),
      migrations: [],
      extra: {
        ...(dataSourceOptions(config.databaseReadUrl, config.db, 'serving').extra as object),
        application_name: 'gta-directory-read',
      },
    });
    return preparedReads(await replica.initialize());
  },
};

/** Provides the directory's read source (primary or replica) and ReplicaSync to every module. */
@Global()
@Module({
  providers: [readSourceProvider, ReplicaSync, ReadSourceCloser],
  exports: [DIRECTORY_READ_SOURCE, ReplicaSync],
})
export class DirectoryReadSourceModule {}
