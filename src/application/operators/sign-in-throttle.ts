import { SignInDecision, SignInHistory } from '../../domain/operators/sign-in-throttle';

/** Whose attempt: the normalised address and the client's IP as a counter key (IPv6 /64). */
export interface SignInAttemptKey {
  readonly email: string;
  readonly ipKey: string;
}

export type SignInReservation =
  | Extract<SignInDecision, { kind: 'locked' }>
  | { readonly kind: 'allowed'; readonly attemptId: string; readonly delayMs: number };

/** An address's recent failures, for the operators page. */
export interface AddressFailures {
  readonly failures: number;
  /** IPs (/64s) that reached the pair limit for this address within the window. */
  readonly lockedIps: number;
}

/**
 * Port: the sign-in attempts every instance shares. An attempt is recorded as a failure BEFORE
 * its password is checked, in the same atomic step that counts the earlier ones, so concurrent
 * attempts cannot all pass a limit; a success then takes it back.
 */
export abstract class SignInThrottle {
  /**
   * Atomically across instances: reads the failures of the pair and the IP since `since.locks`
   * and the address's count since `since.delay`, asks `decide`, and when it allows, records this
   * attempt (as a failure until `succeeded` or `release`). Older attempts may be forgotten.
   */
  abstract reserve(
    key: SignInAttemptKey,
    now: Date,
    since: { readonly locks: Date; readonly delay: Date },
    decide: (h: SignInHistory) => SignInDecision,
  ): Promise<SignInReservation>;
  /** The attempt signed in: it and the pair's earlier failures no longer count. */
  abstract succeeded(attemptId: string, key: SignInAttemptKey): Promise<void>;
  /** The attempt's password was never checked: it does not count. */
  abstract release(attemptId: string): Promise<void>;
  /** Forgets every failure of the address (an unlock: pair locks and delay); returns how many. */
  abstract clear(email: string): Promise<number>;
  /** True only for the first refusal of `burst` in the minute that holds `now` (all instances). */
  abstract firstRefusalOfMinute(burst: string, now: Date): Promise<boolean>;
  /** Failures since `since` of each address, and the IPs with `pairLimit` or more of them. */
  abstract failuresOf(
    emails: readonly string[],
    since: Date,
    pairLimit: number,
  ): Promise<Map<string, AddressFailures>>;
}
