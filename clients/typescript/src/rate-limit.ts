/**
 * The rate-limit fields of an answer (decisions.md, Errors): `RateLimit-Limit`,
 * `RateLimit-Remaining`, `RateLimit-Reset` (seconds until the window resets), the IETF draft's
 * `RateLimit-Policy` and `RateLimit` fields, and `Retry-After` (seconds) on a 429. A field the
 * answer did not carry is null: public routes and admin keys are not limited.
 */
export interface RateLimitInfo {
  limit: number | null;
  remaining: number | null;
  /** Seconds until the window resets. */
  reset: number | null;
  /** Seconds to wait before retrying (a 429 carries it). */
  retryAfter: number | null;
  /** The `RateLimit-Policy` field as sent, e.g. `"live";q=600;w=60`. */
  policy: string | null;
  /** The `RateLimit` field as sent, e.g. `"live";r=599;t=60`. */
  field: string | null;
}

const NONE: RateLimitInfo = {
  limit: null,
  remaining: null,
  reset: null,
  retryAfter: null,
  policy: null,
  field: null,
};

function whole(value: string | null): number | null {
  if (value === null || !/^\s*\d+\s*$/.test(value)) return null;
  return Number(value);
}

/**
 * `Retry-After` in seconds: delta-seconds as the service sends it, or an HTTP date (RFC 9110),
 * rounded up and never negative. Null when absent or unreadable.
 */
export function retryAfterSeconds(headers: Headers, now: () => number = Date.now): number | null {
  const value = headers.get('retry-after');
  if (value === null) return null;
  const seconds = whole(value);
  if (seconds !== null) return seconds;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now()) / 1000));
}

export function readRateLimit(headers: Headers | undefined): RateLimitInfo {
  if (!headers) return { ...NONE };
  return {
    limit: whole(headers.get('ratelimit-limit')),
    remaining: whole(headers.get('ratelimit-remaining')),
    reset: whole(headers.get('ratelimit-reset')),
    retryAfter: retryAfterSeconds(headers),
    policy: headers.get('ratelimit-policy'),
    field: headers.get('ratelimit'),
  };
}
