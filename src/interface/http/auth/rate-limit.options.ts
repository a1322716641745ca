import { createHash } from 'node:crypto';
import { ExecutionContext } from '@nestjs/common';
import { ThrottlerModuleOptions } from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import { Tier } from '../../../domain/keys/tier';
import { AppConfig } from '../../../infrastructure/config/app-config';
import { RateLimitStorage } from '../../../infrastructure/rate-limit/rate-limit.storage';
import { Principal } from './principal';

/** One fixed window of a minute; the per-tier quotas are per minute (decisions.md, Keys). */
export const WINDOW_MS = 60_000;

/** Requests per minute of a tier; null means unlimited (admin). */
export function ratePerMinute(tier: Tier, limits: AppConfig['limits']): number | null {
  switch (tier) {
    case 'sandbox':
      return limits.sandboxRatePerMin;
    case 'live':
      return limits.liveRatePerMin;
    case 'gateway':
      return limits.gatewayRatePerMin;
    case 'admin':
      return null;
  }
}

/** Trackers already hashed (key ids, addresses, gateway users): bounded, emptied when full. */
const HASHED_TRACKERS = new Map<string, string>();
const MAX_HASHED_TRACKERS = 10_000;

function hashedTracker(tracker: string): string {
  let key = HASHED_TRACKERS.get(tracker);
  if (key === undefined) {
    key = createHash('sha256').update(tracker).digest('base64url');
    if (HASHED_TRACKERS.size >= MAX_HASHED_TRACKERS) HASHED_TRACKERS.clear();
    HASHED_TRACKERS.set(tracker, key);
  }
  return key;
}

const principalOf = (req: Record<string, unknown>): Principal =>
  (req as unknown as FastifyRequest).principal!;

/**
 * @nestjs/throttler options: one throttler whose quota follows the caller's tier, tracked by the
 * principal's rateKey (key id, sandbox client IP or gateway user) and keyed by it alone, so one
 * counter spans every route. The tracker is hashed: gateway user names are caller-chosen text.
 */
export function rateLimitOptions(
  config: AppConfig,
  storage: RateLimitStorage,
): ThrottlerModuleOptions {
  return {
    storage,
    setHeaders: false,
    throttlers: [
      {
        name: 'default',
        ttl: WINDOW_MS,
        limit: (ctx: ExecutionContext) =>
          ratePerMinute(principalOf(ctx.switchToHttp().getRequest()).tier, config.limits) ??
          Number.MAX_SAFE_INTEGER,
      },
    ],
    getTracker: (req) => principalOf(req).rateKey,
    generateKey: (_ctx, tracker) => hashedTracker(tracker),
  };
}
