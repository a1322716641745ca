import { createHash } from 'node:crypto';

/**
 * The browser's claims on its orders: one HttpOnly cookie per order, named after the order's
 * payment session, so a second checkout in the same browser never replaces the first one's claim.
 * The value is the time it was set (seconds, base 36), a dot, and the claim token.
 */
export const CLAIM_COOKIE_PREFIX = 'gtad_claim_';

/** The single claim cookie of earlier versions: still read, so an order started before works. */
export const LEGACY_CLAIM_COOKIE = 'gtad_checkout_claim';

/**
 * How long a claim lasts: as long as a payment can take to settle. A Stripe Checkout session
 * stays open up to 24 hours, and a bank debit (Canadian pre-authorized debit, ACH) confirms up
 * to five business days after it completes; 14 days leaves room for weekends and holidays.
 */
export const CLAIM_MAX_AGE_SECONDS = 14 * 24 * 60 * 60;

/**
 * At most this many claims per browser: starting another checkout expires the oldest. 10 claims
 * are about 800 bytes of Cookie header, far inside MAX_HEADER_BYTES.
 */
export const MAX_CLAIMS = 10;

/** The claim cookie of one order, by its payment session id. */
export function claimCookieName(sessionId: string): string {
  const digest = createHash('sha256').update(sessionId, 'utf8').digest('base64url');
  return `${CLAIM_COOKIE_PREFIX}${digest.slice(0, 16)}`;
}

export function claimCookieValue(token: string, setAt: Date): string {
  return `${Math.floor(setAt.getTime() / 1000).toString(36)}.${token}`;
}

/** The claim token in a cookie's value (undefined when malformed). */
export function claimTokenOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const dot = value.indexOf('.');
  return dot > 0 && dot < value.length - 1 ? value.slice(dot + 1) : undefined;
}

/**
 * The claim cookies to expire before one more is set, so that the browser keeps at most
 * MAX_CLAIMS: the oldest first (malformed ones before any).
 */
export function claimsToDrop(cookies: Record<string, string | undefined>): string[] {
  const held = Object.entries(cookies)
    .filter(([name]) => name.startsWith(CLAIM_COOKIE_PREFIX))
    .map(([name, value]) => {
      const setAt = /^([0-9a-z]{1,12})\./.exec(value ?? '')?.[1];
      return { name, setAt: setAt ? parseInt(setAt, 36) : -1 };
    })
    .sort((a, b) => a.setAt - b.setAt || a.name.localeCompare(b.name));
  return held.slice(0, Math.max(0, held.length - (MAX_CLAIMS - 1))).map((c) => c.name);
}
