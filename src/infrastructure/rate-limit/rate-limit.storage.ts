import type { ThrottlerStorage } from '@nestjs/throttler';

/** The throttler's storage record: hits in the window, and seconds until it ends. */
export interface RateLimitRecord {
  totalHits: number;
  timeToExpire: number;
  isBlocked: boolean;
  timeToBlockExpire: number;
}

/**
 * Counter store of the rate limiter (a @nestjs/throttler storage): fixed windows of `ttl` ms per
 * key. `isBlocked` once the window holds more than `limit` hits; the times are whole seconds.
 */
export abstract class RateLimitStorage implements ThrottlerStorage {
  abstract increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
    /** How many requests this one counts for (a batch lookup counts for more than one). */
    cost?: number,
  ): Promise<RateLimitRecord>;

  /** Where the counters live now, for logs and tests: 'memory' or 'redis'. */
  abstract readonly backend: 'memory' | 'redis';
}

/** The record of a fixed window holding `hits` hits and ending in `msLeft` ms. */
export function windowRecord(hits: number, msLeft: number, limit: number): RateLimitRecord {
  const seconds = Math.max(1, Math.ceil(msLeft / 1000));
  const isBlocked = hits > limit;
  return {
    totalHits: hits,
    timeToExpire: seconds,
    isBlocked,
    timeToBlockExpire: isBlocked ? seconds : 0,
  };
}
