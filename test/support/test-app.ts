import { NestFastifyApplication } from '@nestjs/platform-fastify';
import pino from 'pino';
import { DataSource } from 'typeorm';
import { AppModule } from '../../src/app.module';
import { Clock } from '../../src/application/shared/clock';
import { AppConfig, loadConfig } from '../../src/infrastructure/config/app-config';
import { DatabaseRuntime } from '../../src/infrastructure/database/database-runtime';
import { DoctorMemoryIndex } from '../../src/infrastructure/persistence/directory/memory/doctor-memory-index';
import { createHttpApp } from '../../src/interface/http/http-app.factory';
import { TestDatabase } from './test-database';

export const TEST_KEY_HASH_SECRET = 'test-key-hash-secret-0123456789abcdef';

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  dataSource: DataSource;
  close(): Promise<void>;
}

/**
 * The real HTTP application (same adapter, filters, guards and docs as main.ts) on a test
 * database. `env` overrides configuration as environment variables would. Returns once the
 * directory's index has loaded (the instance is ready), as a balancer would wait for it; with
 * `waitForIndex: false` at once (the start itself under test). A load that cannot finish (the
 * database is down) is waited for at most 20 s.
 */
export async function createTestApp(
  db: TestDatabase,
  env: Record<string, string> = {},
  clock?: Clock,
  logTo?: NodeJS.WritableStream,
  { waitForIndex = true }: { waitForIndex?: boolean } = {},
): Promise<TestApp> {
  const config = loadConfig({
    DATABASE_URL: db.url,
    KEY_HASH_SECRET: TEST_KEY_HASH_SECRET,
    LOG_LEVEL: 'silent',
    ...env,
  });
  const database: DatabaseRuntime = {
    url: db.url,
    embedded: false,
    keyHashSecret: config.keyHashSecret!,
    stop: async () => undefined,
  };
  const app = await createHttpApp(
    AppModule.forRoot({ config, database, clock }),
    config,
    logTo ? pino({ level: 'info' }, logTo) : pino({ level: config.logLevel }),
  );
  await app.getHttpAdapter().getInstance().ready();
  if (waitForIndex) await app.get(DoctorMemoryIndex).whenLoaded(20_000);
  return { app, config, dataSource: app.get(DataSource), close: () => app.close() };
}
