import * as argon2 from 'argon2';
import {
  PasswordCheckBusyError,
  PasswordHasher,
} from '../../application/operators/password-hasher';
import { BoundedConcurrency, ConcurrencyBusyError, ConcurrencyLimits } from './bounded-concurrency';

/**
 * argon2id with OWASP's first recommended configuration (19 MiB memory, 2 iterations, 1 lane),
 * through the maintained `argon2` binding. Each hash carries its own salt and parameters.
 */
export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * At most `running` argon2 runs at once (ADMIN_PASSWORD_CHECKS, 2 by default: each is about 30 ms
 * of one core and 19 MiB, so a flood of sign-ins cannot take every core or libuv thread); up to
 * 32 more wait, each at most 5 s; past that a run is refused (PasswordCheckBusyError, which
 * sign-in answers with "try again in a few seconds").
 */
export const DEFAULT_ARGON2_LIMITS: ConcurrencyLimits = {
  running: 2,
  waiting: 32,
  maxWaitMs: 5_000,
};

export class Argon2PasswordHasher extends PasswordHasher {
  readonly gate: BoundedConcurrency;

  constructor(limits: Partial<ConcurrencyLimits> = {}) {
    super();
    this.gate = new BoundedConcurrency({ ...DEFAULT_ARGON2_LIMITS, ...limits });
  }

  hash(password: string): Promise<string> {
    return this.bounded(() => argon2.hash(password, ARGON2_OPTIONS));
  }

  async verify(hash: string, password: string): Promise<boolean> {
    return this.bounded(async () => {
      try {
        return await argon2.verify(hash, password);
      } catch {
        return false;
      }
    });
  }

  private async bounded<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await this.gate.run(run);
    } catch (e) {
      if (e instanceof ConcurrencyBusyError) throw new PasswordCheckBusyError();
      throw e;
    }
  }
}
