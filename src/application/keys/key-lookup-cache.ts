import { ApiKey } from '../../domain/keys/api-key';

/**
 * Port: remembers what a key hash resolved to, so that a request need not ask the database. An
 * adapter may answer from memory only while it is sure to hear of every revocation, rotation or
 * tier change at once (on every instance); otherwise it must call `load`.
 */
export abstract class KeyLookupCache {
  abstract find(keyHash: Buffer, load: () => Promise<ApiKey | null>): Promise<ApiKey | null>;
  /** What is known of the key in memory, without a lookup: undefined when nothing is. */
  abstract peek(keyHash: Buffer): ApiKey | undefined;
}

/** No caching: every authentication asks the store. */
export class NoKeyLookupCache extends KeyLookupCache {
  find(_keyHash: Buffer, load: () => Promise<ApiKey | null>): Promise<ApiKey | null> {
    return load();
  }
  peek(): ApiKey | undefined {
    return undefined;
  }
}
