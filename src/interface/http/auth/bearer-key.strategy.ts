import { Strategy } from 'passport-http-bearer';
import { AuthenticateKeyUseCase } from '../../../application/keys/authenticate-key.use-case';
import { KeyForbiddenError } from '../../../domain/keys/key.errors';
import { CredentialRequest } from './credential-request';
import { keyPrincipal } from './principal.factory';

type PassportRequest = Parameters<Strategy<never>['authenticate']>[0];
type Done = (err: unknown, user?: unknown) => void;
type VerifyWithRequest = (req: PassportRequest, token: string, done: Done) => void;

/**
 * passport-http-bearer: `Authorization: Bearer <key>`. Any active key but a gateway key
 * authenticates here (gateway keys only through the gateway headers, where the host is checked:
 * one rule, one path, 403 `forbidden` otherwise); the
 * verify callback resolves it (format check, then keyed-hash lookup) and fails with
 * InvalidKeyError (401 `invalid_key`) otherwise.
 */
export class BearerKeyStrategy extends Strategy<VerifyWithRequest> {
  constructor(authenticate: AuthenticateKeyUseCase) {
    super({ passReqToCallback: true }, (req: PassportRequest, token: string, done: Done) => {
      const { ip } = req as unknown as CredentialRequest;
      authenticate.execute(token).then(
        (key) =>
          key.tier === 'gateway'
            ? done(
                new KeyForbiddenError(
                  'Gateway keys are accepted only through the gateway headers; send this key as ' +
                    'the gateway key header with the gateway host header.',
                ),
              )
            : done(null, keyPrincipal(key, ip)),
        (e: unknown) => done(e),
      );
    });
  }
}
