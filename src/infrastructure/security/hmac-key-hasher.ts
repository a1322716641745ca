import { createHmac } from 'node:crypto';
import { KeyHasher } from '../../application/keys/key-hasher';

/**
 * HMAC-SHA-256 of the key with a server secret that lives outside the database
 * (KEY_HASH_SECRET, or the one generated into DATA_DIR): a stolen api_keys table alone cannot be
 * used to test guesses offline.
 */
export class HmacKeyHasher extends KeyHasher {
  private readonly secret: Buffer;

  constructor(secret: string) {
    super();
    if (secret.length < 32) throw new Error('the key-hash secret must be at least 32 characters');
    this.secret = Buffer.from(secret, 'utf8');
  }

  hash(key: string): Buffer {
    return createHmac('sha256', this.secret).update(key, 'utf8').digest();
  }
}
