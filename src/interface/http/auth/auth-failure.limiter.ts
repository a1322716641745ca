import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../../../infrastructure/config/app-config';
import { APP_CONFIG } from '../../../infrastructure/config/core.module';
import { RateLimitStorage } from '../../../infrastructure/rate-limit/rate-limit.storage';
import { clientIpKey } from '../common/client-ip';

const WINDOW_MS = 60_000;

/**
 * Counts failed authentications (unknown, malformed or revoked keys, wrong proxy secrets) per
 * client IP in the shared rate-limit storage (Redis when configured). Past AUTH_FAILURES_PER_MIN
 * in a minute the address is answered 429 until the window ends, before any key is looked up, so
 * a flood of guessed keys costs the database nothing. Only failures count: a client that
 * authenticates is never slowed by this.
 */
@Injectable()
export class AuthFailureLimiter {
  /** Addresses known to be over the limit, and until when (ms): checked without a round trip. */
  private readonly blockedUntil = new Map<string, number>();

  constructor(
    private readonly storage: RateLimitStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds the address must still wait, or 0. */
  retryAfter(ip: string): number {
    const key = clientIpKey(ip);
    const until = this.blockedUntil.get(key);
    if (until === undefined) return 0;
    const left = until - this.now();
    if (left <= 0) {
      this.blockedUntil.delete(key);
      return 0;
    }
    return Math.ceil(left / 1000);
  }

  /** Records one failure; returns the seconds to wait when this failure crossed the limit. */
  async recordFailure(ip: string): Promise<number> {
    const key = clientIpKey(ip);
    const counter = `authfail:${createHash('sha256').update(key).digest('base64url')}`;
    const limit = this.config.authFailuresPerMin;
    const rec = await this.storage.increment(counter, WINDOW_MS, limit, 0, 'auth-failures');
    if (!rec.isBlocked) return 0;
    if (this.blockedUntil.size > 100_000) this.blockedUntil.clear();
    this.blockedUntil.set(key, this.now() + rec.timeToExpire * 1000);
    return rec.timeToExpire;
  }
}
