import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Secrets that the embedded default generates once and keeps in DATA_DIR (mode 0600), outside
 * the database: the embedded server's password and the key-hashing secret.
 */
export interface LocalSecrets {
  pgPassword: string;
  keyHashSecret: string;
}

export function loadOrCreateLocalSecrets(dataDir: string): LocalSecrets {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'secrets.json');
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LocalSecrets>;
    if (parsed.pgPassword && parsed.keyHashSecret) return parsed as LocalSecrets;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  const secrets: LocalSecrets = {
    pgPassword: randomBytes(24).toString('base64url'),
    keyHashSecret: randomBytes(32).toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2) + '\n', { mode: 0o600, flag: 'w' });
  return secrets;
}
