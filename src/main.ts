// First: V8's settings for a serving process, before anything allocates.
import './infrastructure/runtime/serving-v8-flags';
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module';
import { EnsureSandboxKeyUseCase } from './application/keys/ensure-sandbox-key.use-case';
import { ConfigError, loadConfig } from './infrastructure/config/app-config';
import { resolveDatabase } from './infrastructure/database/database-runtime';
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
  const database = await resolveDatabase(config, { adoptLeftover: true, log: (m) => log.info(m) });
  let app;
  try {
    app = await createHttpApp(AppModule.forRoot({ config, database }), config, log);
    await prepareDatabase(
      app.get(DataSource),
      async (ds) => {
        log.info(
          `empty directory: seeding the synthetic demo dataset (${config.demoDoctors} doctors)`,
        );
        const stats = await seedDemoData(ds, { doctors: config.demoDoctors });
        log.info({ stats }, 'demo dataset seeded');
      },
      (m) => log.info(m),
    );
    // The published sandbox key exists from the first start on (it is also stored on first use).
    await app.get(EnsureSandboxKeyUseCase).execute();
    await app.listen(config.port, config.host);
  } catch (e) {
    log.fatal({ err: e }, 'start failed');
    await app?.close().catch(() => undefined);
    await database.stop();
    process.exit(1);
  }
  log.info(
    { url: await app.getUrl(), startMs: Date.now() - t0, embedded: database.embedded },
    'listening',
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down: finishing in-flight requests');
    const deadline = setTimeout(() => {
      log.error('shutdown deadline passed; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    await app.close().catch((e: unknown) => log.error({ err: e }, 'error while closing'));
    await database
      .stop()
      .catch((e: unknown) => log.error({ err: e }, 'error while stopping the database'));
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

void main();
