import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { AppConfig } from '../config/app-config';
import { startEmbeddedPostgres } from './embedded-postgres.server';
import { loadOrCreateLocalSecrets } from './local-secrets';

/** Where the database is, who must stop it, and the secret used to hash keys. */
export interface DatabaseRuntime {
  readonly url: string;
  readonly embedded: boolean;
  readonly keyHashSecret: string;
  /**
   * Where keyHashSecret came from, said to whoever compares secrets (key-hash-secret-fingerprint.ts):
   * `KEY_HASH_SECRET`, or the data folder it was generated into (host and absolute path).
   */
  readonly keyHashSecretSource?: string;
  stop(): Promise<void>;
}

/**
 * Resolves the database: DATABASE_URL when set (nothing is started), else the embedded
 * PostgreSQL under DATA_DIR. The key-hash secret is KEY_HASH_SECRET, else one generated into
 * DATA_DIR, so it never lives in the database.
 */
export async function resolveDatabase(
  config: AppConfig,
  opts: { adoptLeftover: boolean; log?: (m: string) => void },
): Promise<DatabaseRuntime> {
  const localSecret = () => loadOrCreateLocalSecrets(config.dataDir).keyHashSecret;
  const keyHashSecretSource = keyHashSecretSourceOf(config);
  if (config.databaseUrl) {
    return {
      url: config.databaseUrl,
      embedded: false,
      keyHashSecret: config.keyHashSecret ?? localSecret(),
      keyHashSecretSource,
      stop: async () => undefined,
    };
  }
  const pg = await startEmbeddedPostgres({ dataDir: config.dataDir, ...opts });
  return {
    url: pg.url,
    embedded: true,
    keyHashSecret: config.keyHashSecret ?? localSecret(),
    keyHashSecretSource,
    stop: () => pg.stop(),
  };
}

/** `KEY_HASH_SECRET`, or the data folder whose secrets.json holds the generated secret. */
export function keyHashSecretSourceOf(
  config: Pick<AppConfig, 'keyHashSecret' | 'dataDir'>,
): string {
  return config.keyHashSecret
    ? 'KEY_HASH_SECRET'
    : `the secret generated in DATA_DIR ${resolve(config.dataDir)} on ${hostname()}`;
}
