import { Tier } from '../../../domain/keys/tier';

export interface WindowState {
  readonly limit: number;
  readonly windowSeconds: number;
  readonly hits: number;
  /** Seconds until the window resets. */
  readonly resetSeconds: number;
}

/**
 * The rate-limit fields of a limited response: the widespread RateLimit-Limit/-Remaining/-Reset
 * trio, and the current IETF draft's (draft-ietf-httpapi-ratelimit-headers) structured fields
 * `RateLimit-Policy: "<tier>";q=<quota>;w=<window s>` and `RateLimit: "<tier>";r=<remaining>;t=<s>`.
 */
export function rateLimitHeaders(tier: Tier, s: WindowState): Record<string, string> {
  const remaining = Math.max(0, s.limit - s.hits);
  return {
    'RateLimit-Limit': String(s.limit),
    'RateLimit-Remaining': String(remaining),
    'RateLimit-Reset': String(s.resetSeconds),
    'RateLimit-Policy': `"${tier}";q=${s.limit};w=${s.windowSeconds}`,
    RateLimit: `"${tier}";r=${remaining};t=${s.resetSeconds}`,
  };
}
