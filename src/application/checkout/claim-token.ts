import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The claim token decides which browser may see an order's key: a random value kept in that
 * browser's cookie; only its SHA-256 is stored with the order.
 */
export function newClaimToken(): { token: string; hash: Buffer } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashClaimToken(token) };
}

export function hashClaimToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** Constant-time comparison of a presented token with the stored hash. */
export function claimMatches(storedHash: Buffer, presented: string | undefined): boolean {
  if (!presented || presented.length > 200) return false;
  const h = hashClaimToken(presented);
  return h.length === storedHash.length && timingSafeEqual(h, storedHash);
}
