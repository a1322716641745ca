import { Strategy } from 'passport-http-bearer';
import { AuthenticateKeyUseCase } from '../../../application/keys/authenticate-key.use-case';
import { CredentialRequest } from './credential-request';
import { keyPrincipal } from './principal.factory';

type PassportRequest = Parameters<Strategy<never>['authenticate']>[0];
type Done = (err: unknown, user?: unknown) => void;
type VerifyWithRequest = (req: PassportRequest, token: string, done: Done) => void;

/**
 * passport-http-bearer: `Authorization: Bearer <key>`. Any active key authenticates here; the
 * verify callback resolves it (format check, then keyed-hash lookup) and fails with
 * InvalidKeyError (401 `invalid_key`) otherwise.
 */
export class BearerKeyStrategy extends Strategy<VerifyWithRequest> {
  constructor(authenticate: AuthenticateKeyUseCase) {
    super({ passReqToCallback: true }, (req: PassportRequest, token: string, done: Done) => {
      const { ip } = req as unknown as CredentialRequest;
      authenticate.execute(token).then(
        (key) => done(null, keyPrincipal(key, ip)),
        (e: unknown) => done(e),
      );
    });
  }
}
