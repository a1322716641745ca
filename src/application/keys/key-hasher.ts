/**
 * Port: the keyed hash stored in place of a key (HMAC-SHA-256 with a secret kept outside the
 * database). Deterministic, so a presented key is found by its hash.
 */
export abstract class KeyHasher {
  abstract hash(key: string): Buffer;
}
