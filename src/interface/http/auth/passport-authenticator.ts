import { Inject, Injectable } from '@nestjs/common';
import passport from 'passport';
import { AuthenticateKeyUseCase } from '../../../application/keys/authenticate-key.use-case';
import { InvalidKeyError } from '../../../domain/keys/key.errors';
import { AppConfig } from '../../../infrastructure/config/app-config';
import { APP_CONFIG } from '../../../infrastructure/config/core.module';
import { BearerKeyStrategy } from './bearer-key.strategy';
import { CredentialRequest } from './credential-request';
import { GatewayStrategy } from './gateway.strategy';
import { Principal } from './principal';

export type CredentialKind = 'bearer' | 'gateway';

/**
 * Runs the passport strategies on a request. The strategies live in a Passport instance of this
 * application, not in passport's process-wide default (where @nestjs/passport's PassportStrategy
 * registers them), so that two applications in one process (tests, two instances) never share
 * strategies bound to the other's configuration and database.
 */
@Injectable()
export class PassportAuthenticator {
  private readonly passport = new passport.Passport();

  constructor(authenticateKey: AuthenticateKeyUseCase, @Inject(APP_CONFIG) config: AppConfig) {
    this.passport.use('bearer', new BearerKeyStrategy(authenticateKey));
    this.passport.use('gateway', new GatewayStrategy(authenticateKey, config));
  }

  /** The principal, or a DomainError (401 `invalid_key`, 403 `forbidden`). */
  authenticate(kind: CredentialKind, req: CredentialRequest): Promise<Principal> {
    return new Promise<Principal>((resolve, reject) => {
      const onResult = (err: Error | null, user: unknown) => {
        // Passed on as is (a DomainError, or a database outage that the filter answers 503).
        if (err) reject(err);
        else if (user) resolve(user as Principal);
        else reject(new InvalidKeyError(failureMessage(kind)));
      };
      const middleware = this.passport.authenticate(kind, { session: false }, onResult) as (
        req: unknown,
        res: unknown,
        next: (err?: Error) => void,
      ) => void;
      middleware({ headers: req.headers, ip: req.ip }, {}, (err?: Error) =>
        reject(err ?? new InvalidKeyError(failureMessage(kind))),
      );
    });
  }
}

function failureMessage(kind: CredentialKind): string {
  return kind === 'bearer'
    ? 'The Authorization header must be "Bearer <key>".'
    : 'The gateway credentials are not valid.';
}
