/**
 * Sign-in throttling (issue 30, item 3). Failures are counted three ways within a window:
 * - per address and IP pair: past `perPair` the pair is locked for the window, so whoever guesses
 *   an operator's address from their own IP locks only themselves out;
 * - per IP (an IPv6 /64 as one): past `perIp` the IP is locked, whatever the addresses;
 * - per address alone, from any IP: never a lock, only a delay before the password is checked
 *   that grows with the failures (`addressDelayMs`), so the right password from another IP is
 *   always checked, at worst `maxDelayMs` later.
 */
export const SIGN_IN_LIMITS = {
  perPair: 5,
  perIp: 20,
  windowMinutes: 15,
  /** Failures of an address (all IPs) before its attempts are slowed. */
  addressFreeFailures: 5,
  firstDelayMs: 1_000,
  maxDelayMs: 10_000,
} as const;

/** Recent failures (attempts not known to have succeeded), newest first, within the window. */
export interface SignInHistory {
  readonly pair: readonly Date[];
  readonly ip: readonly Date[];
  readonly address: number;
}

export type SignInDecision =
  | { readonly kind: 'locked'; readonly by: 'pair' | 'ip'; readonly until: Date }
  | { readonly kind: 'allowed'; readonly delayMs: number };

/**
 * When a run of failures locks sign-in: `times` are recent failures, newest first. A lock starts
 * at the failure that completes `limit` failures within `windowMinutes` and lasts `windowMinutes`
 * from it. Returns the end of the lock in force at `now`, or null.
 */
export function lockedUntil(
  times: readonly Date[],
  limit: number,
  windowMinutes: number,
  now: Date,
): Date | null {
  const window = windowMinutes * 60_000;
  for (let i = 0; i + limit - 1 < times.length; i++) {
    const newest = times[i].getTime();
    const oldest = times[i + limit - 1].getTime();
    if (newest - oldest <= window) {
      const until = newest + window;
      return until > now.getTime() ? new Date(until) : null;
    }
  }
  return null;
}

/** The wait before checking a password for an address with `failures` recent failures. */
export function addressDelayMs(failures: number): number {
  const over = failures - SIGN_IN_LIMITS.addressFreeFailures;
  if (over < 0) return 0;
  return Math.min(SIGN_IN_LIMITS.maxDelayMs, SIGN_IN_LIMITS.firstDelayMs * 2 ** Math.min(over, 20));
}

/** Whether an attempt may have its password checked now, and after what delay. */
export function signInDecision(h: SignInHistory, now: Date): SignInDecision {
  const L = SIGN_IN_LIMITS;
  const pair = lockedUntil(h.pair, L.perPair, L.windowMinutes, now);
  const ip = lockedUntil(h.ip, L.perIp, L.windowMinutes, now);
  if (pair && (!ip || pair >= ip)) return { kind: 'locked', by: 'pair', until: pair };
  if (ip) return { kind: 'locked', by: 'ip', until: ip };
  return { kind: 'allowed', delayMs: addressDelayMs(h.address) };
}
