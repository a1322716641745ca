import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';
import { MAX_PASSWORD_LENGTH, normalizeEmail } from '../../domain/operators/operator';
import { SIGN_IN_LIMITS, signInDecision } from '../../domain/operators/sign-in-throttle';
import { Clock } from '../shared/clock';
import { AdminSessionRepository } from './admin-session.repository';
import { AdminSettings } from './admin-settings';
import { AuditLog } from './audit-log';
import { OperatorRepository } from './operator.repository';
import { PasswordCheckBusyError, PasswordHasher } from './password-hasher';
import { newSessionId } from './session-id';
import { SignInAttemptKey, SignInThrottle } from './sign-in-throttle';

export type SignInResult =
  | { readonly kind: 'signed_in'; readonly sessionId: string; readonly expiresAt: Date }
  /** The same answer for an unknown address, a wrong password and a disabled operator. */
  | { readonly kind: 'failed' }
  | { readonly kind: 'locked'; readonly retryMinutes: number }
  /** Too many password checks at once: nothing was checked, try again in a few seconds. */
  | { readonly kind: 'busy'; readonly message: string };

/**
 * Sign-in: throttled (domain/operators/sign-in-throttle) from attempts every instance shares, each
 * recorded before its password is checked; a password check that takes as long for an unknown
 * address; a new session id at every sign-in (no fixation); an audit line for each checked
 * attempt, and one for each burst of refusals per minute (not one per refusal).
 */
@Injectable()
export class SignInUseCase {
  /** Verified against for unknown addresses, so that timing does not tell who exists. */
  private dummyHash: Promise<string> | undefined;

  constructor(
    private readonly operators: OperatorRepository,
    private readonly sessions: AdminSessionRepository,
    private readonly audit: AuditLog,
    private readonly hasher: PasswordHasher,
    private readonly throttle: SignInThrottle,
    private readonly settings: AdminSettings,
    private readonly clock: Clock,
  ) {}

  /** `ip` is logged as is; `ipKey` is what the IP is counted as (an IPv6 /64 as one). */
  async execute(input: {
    email: string;
    password: string;
    ip: string;
    ipKey: string;
    userAgent: string | null;
  }): Promise<SignInResult> {
    const now = this.clock.now();
    const email = normalizeEmail(input.email) ?? input.email.trim().toLowerCase().slice(0, 254);
    const key: SignInAttemptKey = { email, ipKey: input.ipKey };
    const window = SIGN_IN_LIMITS.windowMinutes * 60_000;
    const since = {
      locks: new Date(now.getTime() - 2 * window),
      delay: new Date(now.getTime() - window),
    };
    const entry = { at: now, operatorId: null, operatorEmail: null, target: email, ip: input.ip };
    const reserved = await this.throttle.reserve(key, now, since, (h) => signInDecision(h, now));
    if (reserved.kind === 'locked') {
      // One line per refused burst: per address for its pair locks, per IP for an IP lock.
      const burst = reserved.by === 'pair' ? `address:${email}` : `ip:${input.ipKey}`;
      await this.refusedOnce(burst, now, {
        ...entry,
        detail: `locked out (${reserved.by === 'pair' ? 'this address from this IP' : 'this IP'}); later refusals this minute are not logged`,
      });
      return {
        kind: 'locked',
        retryMinutes: Math.ceil((reserved.until.getTime() - now.getTime()) / 60_000),
      };
    }
    if (reserved.delayMs > 0) await sleep(reserved.delayMs);
    const found = await this.operators.findByEmail(email);
    const password = input.password.slice(0, MAX_PASSWORD_LENGTH + 1);
    let ok: boolean;
    try {
      ok = found
        ? (await this.hasher.verify(found.passwordHash, password)) && !found.operator.disabledAt
        : await this.hasher.verify(await this.dummy(), password).then(() => false);
    } catch (e) {
      if (!(e instanceof PasswordCheckBusyError)) throw e;
      await this.throttle.release(reserved.attemptId);
      await this.refusedOnce('busy', now, {
        ...entry,
        detail: 'too many password checks at once; later refusals this minute are not logged',
      });
      return { kind: 'busy', message: e.message };
    }
    const slowed = reserved.delayMs > 0 ? `after a ${reserved.delayMs / 1000} s delay` : null;
    if (!found || !ok) {
      const disabled = found?.operator.disabledAt ? 'operator disabled' : null;
      await this.audit.record({
        ...entry,
        operatorId: found?.operator.id ?? null,
        action: 'sign_in_failed',
        detail: [disabled, slowed].filter(Boolean).join('; ') || null,
      });
      return { kind: 'failed' };
    }
    await this.throttle.succeeded(reserved.attemptId, key);
    const session = newSessionId();
    const expiresAt = new Date(now.getTime() + this.settings.sessionHours * 3_600_000);
    await this.sessions.create({
      idHash: session.hash,
      operatorId: found.operator.id,
      createdAt: now,
      expiresAt,
      ip: input.ip,
      userAgent: input.userAgent?.slice(0, 300) ?? null,
    });
    await this.audit.record({
      ...entry,
      operatorId: found.operator.id,
      operatorEmail: found.operator.email,
      action: 'sign_in',
      detail: slowed,
    });
    return { kind: 'signed_in', sessionId: session.id, expiresAt };
  }

  private async refusedOnce(
    burst: string,
    now: Date,
    e: { at: Date; target: string; ip: string; detail: string },
  ): Promise<void> {
    if (!(await this.throttle.firstRefusalOfMinute(burst, now))) return;
    await this.audit.record({
      ...e,
      operatorId: null,
      operatorEmail: null,
      action: 'sign_in_refused',
    });
  }

  private dummy(): Promise<string> {
    if (!this.dummyHash) {
      const made = this.hasher.hash('not-a-real-password-only-for-timing');
      // A busy refusal of the first hash must not stick: the next attempt computes it again.
      made.catch(() => (this.dummyHash = undefined));
      this.dummyHash = made;
    }
    return this.dummyHash;
  }
}
