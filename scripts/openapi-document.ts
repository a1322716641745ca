import 'reflect-metadata';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import pino from 'pino';
import { AppModule } from '../src/app.module';
import { loadConfig } from '../src/infrastructure/config/app-config';
import { createHttpApp } from '../src/interface/http/http-app.factory';
import { openApiDocumentOf } from '../src/interface/http/openapi/openapi.setup';

/**
 * `npm run openapi:document [file]`: writes the OpenAPI document the service serves at
 * /api/v1/openapi.json (default file: openapi/openapi.json), without a database: the
 * application graph is built in preview mode, which reads the routes and DTOs only.
 */
async function main(): Promise<void> {
  const out = resolve(process.argv[2] ?? 'openapi/openapi.json');
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: 'postgres://preview@127.0.0.1:1/none',
    KEY_HASH_SECRET: 'openapi-document-preview-secret-0123456789',
    LOG_LEVEL: 'silent',
  });
  const database = {
    url: config.databaseUrl!,
    embedded: false,
    keyHashSecret: config.keyHashSecret!,
    stop: async () => undefined,
  };
  const app = await createHttpApp(
    AppModule.forRoot({ config, database }),
    config,
    pino({ level: 'silent' }),
    {
      preview: true,
    },
  );
  const document = openApiDocumentOf(app);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(document, null, 2)}\n`);
  await app.close();
  process.stdout.write(`${out}\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`openapi:document failed: ${(e as Error).stack ?? String(e)}\n`);
  process.exit(1);
});
