import { DynamicModule, Global, Module } from '@nestjs/common';
import { Clock, SystemClock } from '../../application/shared/clock';
import { DirectorySettings } from '../../application/shared/directory-settings';
import { ListCursors } from '../../application/shared/list-cursor';
import { DatabaseRuntime } from '../database/database-runtime';
import { PgNotificationListener } from '../database/pg-notification-listener';
import { AppConfig } from './app-config';

/** Injection token of the validated AppConfig (a plain object, so a token rather than a class). */
export const APP_CONFIG = 'APP_CONFIG';
/** Injection token of the DatabaseRuntime (URL, key-hash secret). */
export const DATABASE_RUNTIME = 'DATABASE_RUNTIME';

@Global()
@Module({})
export class CoreModule {
  static forRoot(
    config: AppConfig,
    database: DatabaseRuntime,
    clock: Clock = new SystemClock(),
  ): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: DATABASE_RUNTIME, useValue: database },
        { provide: Clock, useValue: clock },
        {
          provide: DirectorySettings,
          useValue: new DirectorySettings(config.freshnessDays, config.signalsMinSample),
        },
        { provide: PgNotificationListener, useValue: new PgNotificationListener(database) },
        // List cursors are signed under the key-hashing secret, which every instance shares.
        { provide: ListCursors, useValue: new ListCursors(database.keyHashSecret) },
      ],
      exports: [
        APP_CONFIG,
        DATABASE_RUNTIME,
        Clock,
        DirectorySettings,
        PgNotificationListener,
        ListCursors,
      ],
    };
  }
}
