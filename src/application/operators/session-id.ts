import { createHash, randomBytes } from 'node:crypto';

/** A new opaque session id (256 random bits); only its SHA-256 is ever stored. */
export function newSessionId(): { id: string; hash: Buffer } {
  const id = randomBytes(32).toString('base64url');
  return { id, hash: hashSessionId(id) };
}

export function hashSessionId(id: string): Buffer {
  return createHash('sha256').update(id, 'utf8').digest();
}

/** A generated password for `operators add` without one on standard input: 24 characters. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
