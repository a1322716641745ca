import * as argon2 from 'argon2';
import { PasswordHasher } from '../../application/operators/password-hasher';

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

export class Argon2PasswordHasher extends PasswordHasher {
  hash(password: string): Promise<string> {
    return argon2.hash(password, ARGON2_OPTIONS);
  }

  async verify(hash: string, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }
}
