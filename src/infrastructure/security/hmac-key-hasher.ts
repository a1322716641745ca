import { createHmac } from 'node:crypto';
import { KeyHasher } from '../../application/keys/key-hasher';

/** At most this many recent keys keep their hash in memory (then all are forgotten at once). */
export const MAX_REMEMBERED_HASHES = 10_000;

/**
 * HMAC-SHA-256 of the key with a server secret that lives outside the database
 * (KEY_HASH_SECRET, or the one generated into DATA_DIR): a stolen api_keys table alone cannot be
 * used to test guesses offline.
 */
export class HmacKeyHasher extends KeyHasher {
  private readonly secret: Buffer;
  /**
   * The hashes of the keys presented lately: every request hashes its key to look it up, the same
   * few keys over and over (about 14 µs of a list request's CPU, issue 14 item 6). Bounded; each
   * caller gets its own copy.
   */
  private readonly recent = new Map<string, Buffer>();

  constructor(secret: string) {
    super();
    if (secret.length < 32) throw new Error('the key-hash secret must be at least 32 characters');
    this.secret = Buffer.from(secret, 'utf8');
  }

  hash(key: string): Buffer {
    let h = this.recent.get(key);
    if (h === undefined) {
      h = createHmac('sha256', this.secret).update(key, 'utf8').digest();
      if (this.recent.size >= MAX_REMEMBERED_HASHES) this.recent.clear();
      this.recent.set(key, h);
    }
    return Buffer.from(h);
  }
}
