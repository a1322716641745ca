import { randomUUID } from 'node:crypto';
import { generateApiKey } from '../../src/domain/keys/api-key-format';
import { Tier } from '../../src/domain/keys/tier';
import { HmacKeyHasher } from '../../src/infrastructure/security/hmac-key-hasher';
import { TEST_KEY_HASH_SECRET, TestApp } from './test-app';

/**
 * Stores a real key of `tier` (hashed with the test app's secret, as the service does) and returns
 * its bearer header, so data tests authenticate exactly as a client would.
 */
export async function authHeaders(t: TestApp, tier: Tier): Promise<Record<string, string>> {
  const key = generateApiKey(tier);
  await t.dataSource.query(
    'INSERT INTO api_keys (id, key_hash, key_prefix, tier) VALUES ($1, $2, $3, $4)',
    [randomUUID(), new HmacKeyHasher(TEST_KEY_HASH_SECRET).hash(key.value), key.keyPrefix, tier],
  );
  return { Authorization: `Bearer ${key.value}` };
}
