// First: V8's settings for a serving process, before anything allocates.
import './infrastructure/runtime/serving-v8-flags';
import 'reflect-metadata';
import { DynamicModule, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { DataSource } from 'typeorm';
import { AppConfig, ConfigError, loadConfig } from './infrastructure/config/app-config';
import { CoreModule } from './infrastructure/config/core.module';
import { dataSourceOptions } from './infrastructure/database/data-source-options';
import { DatabaseRuntime, resolveDatabase } from './infrastructure/database/database-runtime';
import { DirectoryReadSourceModule } from './infrastructure/database/directory-read-source';
import { prepareDatabase } from './infrastructure/database/prepare-database';
import { createRootLogger, JsonLogger } from './infrastructure/logging/json-logger';
import { seedDemoData } from './infrastructure/seed/demo-data.seeder';
import { DirectoryTools } from './interface/mcp/directory-tools';
import { McpToolsModule } from './interface/mcp/mcp.module';

/** Composition root of the stdio server: the database, the directory and the tools, no HTTP. */
@Module({})
class McpStdioModule {
  static forRoot(config: AppConfig, database: DatabaseRuntime): DynamicModule {
    return {
      module: McpStdioModule,
      imports: [
        CoreModule.forRoot(config, database),
        TypeOrmModule.forRoot({
          ...dataSourceOptions(database.url, config.db, 'serving'),
          retryAttempts: 0,
        }),
        DirectoryReadSourceModule,
        McpToolsModule,
      ],
    };
  }
}

/**
 * `npm run --silent mcp`: the directory's tools over stdio for a local assistant, on the
 * configured database (the embedded one by default, prepared and seeded as `npm start` does),
 * with admin reach (no caps). Standard output carries only protocol messages; logs go to stderr.
 */
async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(2);
    }
    throw e;
  }
  const log = createRootLogger(config.logLevel, 2);
  const database = await resolveDatabase(config, {
    adoptLeftover: true,
    log: (m) => log.info(m),
  });
  const app = await NestFactory.createApplicationContext(McpStdioModule.forRoot(config, database), {
    logger: new JsonLogger(log.child({ component: 'nest' })),
  });
  await prepareDatabase(
    app.get(DataSource),
    async (ds) => {
      log.info(`empty directory: seeding the demo dataset (${config.demoDoctors} doctors)`);
      await seedDemoData(ds, { doctors: config.demoDoctors });
    },
    (m) => log.info(m),
  );
  const server = await app.get(DirectoryTools).createServer({ tier: 'admin', caps: config.limits });
  const transport = new StdioServerTransport();
  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    await server.close().catch(() => undefined);
    await app.close().catch(() => undefined);
    await database.stop().catch(() => undefined);
    process.exit(0);
  };
  transport.onclose = () => void close();
  process.stdin.on('end', () => void close());
  process.on('SIGTERM', () => void close());
  process.on('SIGINT', () => void close());
  await server.connect(transport);
  log.info('MCP server ready on stdio');
}

main().catch((e: unknown) => {
  process.stderr.write(`MCP stdio server failed: ${(e as Error).message}\n`);
  process.exit(1);
});
