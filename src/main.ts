// First: V8's settings for a serving process, before anything allocates.
import './infrastructure/runtime/serving-v8-flags';
import 'reflect-metadata';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'pino';
import { AppModule } from './app.module';
import { EnsureSandboxKeyUseCase } from './application/keys/ensure-sandbox-key.use-case';
import { AppConfig, ConfigError, loadConfig } from './infrastructure/config/app-config';
import { openDataSource } from './infrastructure/database/data-source-options';
import { DatabaseRuntime, resolveDatabase } from './infrastructure/database/database-runtime';
import { recordServiceSecret } from './infrastructure/database/key-hash-secret-fingerprint';
import { prepareDatabase } from './infrastructure/database/prepare-database';
import { createRootLogger } from './infrastructure/logging/json-logger';
import { seedDemoData } from './infrastructure/seed/demo-data.seeder';
import { createHttpApp } from './interface/http/http-app.factory';

const SHUTDOWN_DEADLINE_MS = 25_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(2);
    }
    throw e;
  }
  const log = createRootLogger(config.logLevel);
  const t0 = Date.now();
  // Signals are handled from the first moment: a SIGTERM that came while the handlers were not yet
  // installed killed the process at once (its default), leaving the embedded database running.
  let app: NestFastifyApplication | undefined;
  let database: DatabaseRuntime | undefined;
  let started = false;
  let stopping: string | undefined;
  const shutdown = async (signal: string) => {
    log.info({ signal }, 'shutting down: finishing in-flight requests');
    const deadline = setTimeout(() => {
      log.error('shutdown deadline passed; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    await app?.close().catch((e: unknown) => log.error({ err: e }, 'error while closing'));
    await database
      ?.stop()
      .catch((e: unknown) => log.error({ err: e }, 'error while stopping the database'));
    log.info('stopped');
    process.exit(0);
  };
  const onSignal = (signal: string) => {
    if (stopping && !started) process.exit(1); // a second signal while starting: at once
    if (stopping) return;
    stopping = signal;
    if (started) void shutdown(signal);
    else log.info({ signal }, 'stopping once the current start step ends (again: at once)');
  };
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));

  try {
    database = await resolveDatabase(config, { adoptLeftover: true, log: (m) => log.info(m) });
    // The schema, the key-hash secret's record and an empty directory's demo data come before the
    // application, so that nothing it loads at start meets a missing table or an empty directory.
    if (!stopping) await prepareBeforeStart(config, database, log);
    if (!stopping) app = await createHttpApp(AppModule.forRoot({ config, database }), config, log);
    // The published sandbox key exists from the first start on (it is also stored on first use).
    if (app && !stopping) {
      await app.get(EnsureSandboxKeyUseCase).execute();
      await app.listen(config.port, config.host);
      log.info(
        { url: await app.getUrl(), startMs: Date.now() - t0, embedded: database.embedded },
        'listening',
      );
    }
  } catch (e) {
    log.fatal({ err: e }, 'start failed');
    await app?.close().catch(() => undefined);
    await database?.stop().catch(() => undefined);
    process.exit(1);
  }
  started = true;
  if (stopping) await shutdown(stopping);
}

/**
 * Migrations, the record of the secret keys are hashed with (the command line compares its own to
 * it), and the demo dataset for an empty directory, on a connection pool of their own.
 */
async function prepareBeforeStart(
  config: AppConfig,
  database: DatabaseRuntime,
  log: Logger,
): Promise<void> {
  const ds = await openDataSource(database.url, config.db);
  try {
    await prepareDatabase(
      ds,
      async (d) => {
        log.info(
          `empty directory: seeding the synthetic demo dataset (${config.demoDoctors} doctors)`,
        );
        const stats = await seedDemoData(d, { doctors: config.demoDoctors });
        log.info({ stats }, 'demo dataset seeded');
      },
      (m) => log.info(m),
    );
    const replaced = await recordServiceSecret(
      ds,
      database.keyHashSecret,
      database.keyHashSecretSource ?? 'the service',
    );
    if (replaced) {
      log.warn(
        `the key-hash secret (${database.keyHashSecretSource}) is not the one recorded at ` +
          `${replaced.recordedAt.toISOString()} (${replaced.source}): keys issued with that one ` +
          `are not recognised; give every instance and the command line the same KEY_HASH_SECRET`,
      );
    }
  } finally {
    await ds.destroy();
  }
}

void main();
