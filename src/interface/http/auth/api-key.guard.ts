import { CanActivate, ExecutionContext, Inject, Injectable, Optional } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { AppConfig } from '../../../infrastructure/config/app-config';
import { APP_CONFIG } from '../../../infrastructure/config/core.module';
import { AuthenticateKeyUseCase } from '../../../application/keys/authenticate-key.use-case';
import { KeyForbiddenError, InvalidKeyError } from '../../../domain/keys/key.errors';
import { clientIp } from '../common/client-ip';
import { UsageRecorder } from '../../../application/usage/usage';
import { ServiceMetrics } from '../../../infrastructure/metrics/service-metrics';
import { ApiError } from '../errors/api-error';
import { AuthFailureLimiter } from './auth-failure.limiter';
import { AUTH_REQUIREMENT, AuthRequirement } from './auth-requirement';
import { GatewayHeaders, gatewayHeaders, headerValue } from './gateway-headers';
import { CredentialKind, PassportAuthenticator } from './passport-authenticator';

/**
 * Global guard, first of the two: every route needs a credential unless marked `@Public()`.
 * Picks the credential (Authorization wins when both are sent; then the gateway's proxy secret or
 * key headers), authenticates it through passport and sets `request.principal`, which the rate
 * limiter and the controllers read. 401 `missing_key` when none is sent.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  private readonly gateway: GatewayHeaders;
  private readonly requirements = new WeakMap<object, WeakMap<object, AuthRequirement>>();

  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: PassportAuthenticator,
    private readonly failures: AuthFailureLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly usage: UsageRecorder,
    private readonly authenticateKey: AuthenticateKeyUseCase,
    @Optional() private readonly metrics?: ServiceMetrics,
  ) {
    this.gateway = gatewayHeaders(config);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    if (this.requirement(context) === 'public') return true;
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    const kind = this.credentialKind(req);
    if (!kind) {
      this.metrics?.authFailures.inc({ reason: 'missing_key' });
      throw new ApiError(
        'missing_key',
        `An API key is required: send Authorization: Bearer <key> (the sandbox key is published), ` +
          `or ${this.gateway.keyName} and ${this.gateway.hostName} through the gateway.`,
      );
    }
    const ip = clientIp(req);
    const wait = this.failures.retryAfter(ip);
    // Over the failure limit, only what would cost a lookup is refused: a key this instance
    // already knows to be active, or the gateway's proxy secret (compared in memory), is served
    // as usual, so a flood of bad credentials from an address (or from one gateway user behind
    // the gateway's address) locks out no valid client there.
    if (wait > 0 && !this.judgedWithoutLookup(req, kind)) {
      this.metrics?.rateLimitRefusals.inc({ limiter: 'auth_failures' });
      throw tooManyFailures(wait);
    }
    try {
      req.principal = await this.authenticator.authenticate(kind, { headers: req.headers, ip });
      // The dashboard's chart: counted in memory, written in batches (never a write per request).
      if (req.principal.keyId)
        this.usage.record(req.principal.keyId, req.principal.tier, new Date());
    } catch (e) {
      if (e instanceof KeyForbiddenError) this.metrics?.authFailures.inc({ reason: 'forbidden' });
      if (e instanceof InvalidKeyError) {
        this.metrics?.authFailures.inc({ reason: 'invalid_key' });
        const blocked = await this.failures.recordFailure(ip);
        if (blocked > 0) {
          this.metrics?.rateLimitRefusals.inc({ limiter: 'auth_failures' });
          throw tooManyFailures(blocked);
        }
      }
      throw e;
    }
    return true;
  }

  /** The route's requirement, read from its metadata once per controller method. */
  private requirement(context: ExecutionContext): AuthRequirement {
    const cls = context.getClass();
    const handler = context.getHandler();
    let byHandler = this.requirements.get(cls);
    if (!byHandler) this.requirements.set(cls, (byHandler = new WeakMap()));
    let requirement = byHandler.get(handler);
    if (requirement === undefined) {
      requirement =
        this.reflector.getAllAndOverride<AuthRequirement | undefined>(AUTH_REQUIREMENT, [
          handler,
          cls,
        ]) ?? 'authenticated';
      byHandler.set(handler, requirement);
    }
    return requirement;
  }

  /**
   * A request vouched for by the gateway's proxy secret is judged by the secret, whatever else it
   * carries (a gateway user's stray Authorization header must not count against the gateway's
   * address); otherwise Authorization wins over the gateway key headers (decisions.md, Keys).
   */
  private credentialKind(req: FastifyRequest): CredentialKind | null {
    const h = req.headers;
    if (this.config.gateway.proxySecret && headerValue(h, this.gateway.proxySecret) !== undefined)
      return 'gateway';
    if (headerValue(h, 'authorization') !== undefined) return 'bearer';
    if (headerValue(h, this.gateway.key) !== undefined) return 'gateway';
    return null;
  }

  /** Whether the credential is judged from memory: the proxy secret, or a key known active. */
  private judgedWithoutLookup(req: FastifyRequest, kind: CredentialKind): boolean {
    const h = req.headers;
    if (kind === 'gateway') {
      if (this.config.gateway.proxySecret && headerValue(h, this.gateway.proxySecret) !== undefined)
        return true;
      const key = headerValue(h, this.gateway.key);
      return key !== undefined && this.authenticateKey.isKnownActive(key);
    }
    const m = /^Bearer +(\S+)$/i.exec(headerValue(h, 'authorization') ?? '');
    return m !== null && this.authenticateKey.isKnownActive(m[1]);
  }
}

function tooManyFailures(seconds: number): ApiError {
  return new ApiError(
    'rate_limited',
    `Too many failed authentications from this address; retry in ${seconds} s.`,
    { 'Retry-After': String(seconds) },
  );
}
