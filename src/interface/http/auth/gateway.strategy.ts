import { createHash, timingSafeEqual } from 'node:crypto';
import passport from 'passport';
import { AuthenticateKeyUseCase } from '../../../application/keys/authenticate-key.use-case';
import { KeyForbiddenError, InvalidKeyError } from '../../../domain/keys/key.errors';
import { AppConfig } from '../../../infrastructure/config/app-config';
import { CredentialRequest } from './credential-request';
import { GatewayHeaders, gatewayHeaders, headerValue } from './gateway-headers';
import { Principal } from './principal';
import { gatewayUserPrincipal, keyPrincipal } from './principal.factory';

/**
 * The marketplace gateway route (decisions.md, Keys):
 * - proxy-secret mode, when GATEWAY_PROXY_SECRET is set and `X-<Name>-Proxy-Secret` is sent: the
 *   gateway vouches for the caller; the secret is compared in constant time; counted per
 *   `X-<Name>-User`;
 * - otherwise `X-<Name>-Key` must be an active gateway-tier key (else 403 `forbidden`) and, when
 *   GATEWAY_HOST is set, `X-<Name>-Host` must equal it (case-insensitively, else 403 `forbidden`).
 * Fails (no credential) when neither header is present.
 */
export class GatewayStrategy extends passport.Strategy {
  override name = 'gateway';
  private readonly headers: GatewayHeaders;
  private readonly secretDigest: Buffer | undefined;

  constructor(
    private readonly authenticateKey: AuthenticateKeyUseCase,
    private readonly config: AppConfig,
  ) {
    super();
    this.headers = gatewayHeaders(config);
    const secret = config.gateway.proxySecret;
    this.secretDigest = secret === undefined ? undefined : digest(secret);
  }

  override authenticate(req: PassportRequest): void {
    this.resolve(req as unknown as CredentialRequest).then(
      (p) => (p ? this.success(p as Express.User) : this.fail()),
      (e: unknown) => this.error(e as Error),
    );
  }

  private async resolve(req: CredentialRequest): Promise<Principal | null> {
    const h = this.headers;
    const secret = headerValue(req.headers, h.proxySecret);
    if (this.secretDigest && secret !== undefined) {
      if (!timingSafeEqual(digest(secret), this.secretDigest)) {
        throw new InvalidKeyError('The gateway proxy secret does not match.');
      }
      return gatewayUserPrincipal(headerValue(req.headers, h.user), req.ip);
    }
    const presented = headerValue(req.headers, h.key);
    if (presented === undefined) return null;
    const key = await this.authenticateKey.execute(presented);
    if (key.tier !== 'gateway') {
      throw new KeyForbiddenError(
        `${h.keyName} must carry a gateway key; send other keys as Authorization: Bearer <key>.`,
      );
    }
    const expected = this.config.gateway.host;
    if (
      expected !== undefined &&
      headerValue(req.headers, h.host)?.toLowerCase() !== expected.toLowerCase()
    ) {
      throw new KeyForbiddenError(`${h.hostName} does not name this API's gateway host.`);
    }
    return keyPrincipal(key, req.ip);
  }
}

type PassportRequest = Parameters<passport.Strategy['authenticate']>[0];

/** Equal-length digests, so that timingSafeEqual leaks neither content nor length. */
function digest(s: string): Buffer {
  return createHash('sha256').update(s, 'utf8').digest();
}
