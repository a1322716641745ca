import { PasswordCheckBusyError } from '../../application/operators/password-hasher';
import { Argon2PasswordHasher } from './argon2-password-hasher';

describe('Argon2PasswordHasher', () => {
  it('runs at most `running` argon2 verifications at once, the rest in turn', async () => {
    const hasher = new Argon2PasswordHasher({ running: 2 });
    const hash = await hasher.hash('a long enough password');
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        hasher.verify(hash, i % 2 ? 'a long enough password' : 'wrong password!!'),
      ),
    );
    expect(results).toEqual(Array.from({ length: 12 }, (_, i) => i % 2 === 1));
    expect(hasher.gate.peak).toBe(2);
  });

  it('refuses a verification when the queue is full, or waited too long, as busy', async () => {
    const hasher = new Argon2PasswordHasher({ running: 1, waiting: 1, maxWaitMs: 10_000 });
    const hash = await hasher.hash('a long enough password');
    const outcomes = await Promise.allSettled(
      [1, 2, 3].map(() => hasher.verify(hash, 'a long enough password')),
    );
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect((outcomes[2] as PromiseRejectedResult).reason).toBeInstanceOf(PasswordCheckBusyError);

    const impatient = new Argon2PasswordHasher({ running: 1, waiting: 5, maxWaitMs: 1 });
    const timed = await Promise.allSettled(
      [1, 2].map(() => impatient.verify(hash, 'a long enough password')),
    );
    expect(timed.map((o) => o.status)).toEqual(['fulfilled', 'rejected']);
    // Malformed hashes are still a plain false, never an error.
    expect(await hasher.verify('not a hash', 'x')).toBe(false);
  });
});
