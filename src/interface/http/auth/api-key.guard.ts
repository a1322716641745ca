import { CanActivate, ExecutionContext, Inject, Injectable, Optional } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { AppConfig } from '../../../infrastructure/config/app-config';
import { APP_CONFIG } from '../../../infrastructure/config/core.module';
import { AuthenticateKeyUseCase } from '../../../application/keys/authenticate-key.use-case';
import {
  KeyForbiddenError,
  InvalidKeyError,
  RevokedKeyError,
} from '../../../domain/keys/key.errors';
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
    // A valid key is always served: the failure limit bounds what failures cost, it never refuses
    // a credential that turns out valid. Over the limit, a credential that is invalid on its face
    // (a malformed key, failing its check characters) is refused without a lookup; any other is
    // looked up (one indexed statement) and served when valid, so a flood of bad credentials from
    // an address (or a junk Authorization header beside the gateway's key) locks out no valid
    // client there, whether or not this instance has seen its key before.
    if (wait > 0 && this.malformed(req, kind)) {
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
      // A revoked key is a real key, not a guess: its holder is told it is revoked (401), never
      // to retry later, and it does not count against the address.
      if (e instanceof InvalidKeyError && !(e instanceof RevokedKeyError)) {
        this.metrics?.authFailures.inc({ reason: 'invalid_key' });
        const blocked = Math.max(wait, await this.failures.recordFailure(ip));
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

  /**
   * Whether the credential is invalid on its face, judged from memory: a key that fails its
   * format or check characters, or an Authorization header that is not `Bearer <key>`. The
   * gateway's proxy secret is compared in memory by its strategy (never a lookup), so it is
   * judged as usual.
   */
  private malformed(req: FastifyRequest, kind: CredentialKind): boolean {
    const h = req.headers;
    if (kind === 'gateway') {
      if (this.config.gateway.proxySecret && headerValue(h, this.gateway.proxySecret) !== undefined)
        return false;
      const key = headerValue(h, this.gateway.key);
      return key === undefined || !this.authenticateKey.isWellFormed(key);
    }
    const m = /^Bearer +(\S+)$/i.exec(headerValue(h, 'authorization') ?? '');
    return m === null || !this.authenticateKey.isWellFormed(m[1]);
  }
}

function tooManyFailures(seconds: number): ApiError {
  return new ApiError(
    'rate_limited',
    `Too many failed authentications from this address; retry in ${seconds} s.`,
    { 'Retry-After': String(seconds) },
  );
}
