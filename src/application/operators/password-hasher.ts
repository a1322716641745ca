import { UnavailableError } from '../../domain/shared/domain-error';

/**
 * Too many password checks are running or waiting already (each costs a 19 MiB argon2 run): the
 * caller may try again in a few seconds.
 */
export class PasswordCheckBusyError extends UnavailableError {
  constructor() {
    super('Sign-in is busy right now: try again in a few seconds.');
  }
}

/** Port: one-way password hashing (argon2id in production). */
export abstract class PasswordHasher {
  /** @throws PasswordCheckBusyError when the bound on running hashes is reached and the wait too long. */
  abstract hash(password: string): Promise<string>;
  /**
   * False for a wrong password or a malformed hash; never throws for either.
   * @throws PasswordCheckBusyError when the bound on running checks is reached and the wait too long.
   */
  abstract verify(hash: string, password: string): Promise<boolean>;
}
