import { ExecutionContext, Inject, Injectable, Optional } from '@nestjs/common';
import { ThrottlerGuard, ThrottlerRequest } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthenticateKeyUseCase } from '../../../application/keys/authenticate-key.use-case';
import { ServiceMetrics } from '../../../infrastructure/metrics/service-metrics';
import { RateLimitStorage } from '../../../infrastructure/rate-limit/rate-limit.storage';
import { ApiError } from '../errors/api-error';
import { rateLimitHeaders } from './rate-limit-headers';
import { RATE_COST_PARAM, rateCost } from './rate-cost';

/**
 * Global guard, second after ApiKeyGuard (so the key is resolved first): the @nestjs/throttler
 * guard with one counter per principal's `rateKey` across all routes (see rate-limit.options.ts),
 * our RateLimit-* fields instead of X-RateLimit-*, and 429 `rate_limited` in the contract's body
 * with a plain `Retry-After` in seconds. Public routes and admin keys are not limited. A batch
 * lookup counts as one request per 10 keys (rate-cost.ts). A key is confirmed active in the store
 * before it is refused for its rate (a revoked key gets 401).
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  @Optional() @Inject(ServiceMetrics) private readonly metrics?: ServiceMetrics;
  @Inject(AuthenticateKeyUseCase) private readonly authenticateKey!: AuthenticateKeyUseCase;

  protected override async shouldSkip(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const principal = context.switchToHttp().getRequest<FastifyRequest>().principal;
    return principal === undefined || principal.tier === 'admin';
  }

  protected override async handleRequest(r: ThrottlerRequest): Promise<boolean> {
    const http = r.context.switchToHttp();
    const req = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const principal = req.principal!;
    const name = r.throttler.name ?? 'default';
    const key = r.generateKey(r.context, await r.getTracker(req, r.context), name);
    const param = this.reflector.get<string | undefined>(RATE_COST_PARAM, r.context.getHandler());
    const rec = await (this.storageService as RateLimitStorage).increment(
      key,
      r.ttl,
      r.limit,
      r.blockDuration,
      name,
      rateCost(req, param),
    );
    const headers = rateLimitHeaders(principal.tier, {
      limit: r.limit,
      windowSeconds: Math.round(r.ttl / 1000),
      hits: rec.totalHits,
      resetSeconds: rec.timeToExpire,
    });
    if (rec.isBlocked) {
      // Authentication decides before the rate limit: a key revoked a moment ago (before this
      // instance heard of it) is told it is revoked (401), not to retry later. Asked of the store
      // only on this path, once per refused request.
      if (principal.keyId) await this.authenticateKey.confirmActive(principal.keyId);
      this.metrics?.rateLimitRefusals.inc({ limiter: principal.tier });
      throw new ApiError(
        'rate_limited',
        `Rate limit of ${r.limit} requests per ${Math.round(r.ttl / 1000)} s exceeded; retry in ${rec.timeToBlockExpire} s.`,
        { ...headers, 'Retry-After': String(rec.timeToBlockExpire) },
      );
    }
    void reply.headers(headers);
    return true;
  }
}
