import { Injectable } from '@nestjs/common';
import {
  lockedUntil,
  MAX_PASSWORD_LENGTH,
  normalizeEmail,
  SIGN_IN_LIMITS,
} from '../../domain/operators/operator';
import { Clock } from '../shared/clock';
import { AdminSessionRepository } from './admin-session.repository';
import { AdminSettings } from './admin-settings';
import { AuditLog } from './audit-log';
import { OperatorRepository } from './operator.repository';
import { PasswordHasher } from './password-hasher';
import { newSessionId } from './session-id';

export type SignInResult =
  | { readonly kind: 'signed_in'; readonly sessionId: string; readonly expiresAt: Date }
  /** The same answer for an unknown address, a wrong password and a disabled operator. */
  | { readonly kind: 'failed' }
  | { readonly kind: 'locked'; readonly retryMinutes: number };

/**
 * Sign-in: throttled per address and per IP from the audit log's recent failures (shared by every
 * instance), a password check that takes as long for an unknown address, a new session id at
 * every sign-in (no fixation), and an audit line for each outcome.
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
    private readonly settings: AdminSettings,
    private readonly clock: Clock,
  ) {}

  async execute(input: {
    email: string;
    password: string;
    ip: string;
    userAgent: string | null;
  }): Promise<SignInResult> {
    const now = this.clock.now();
    const email = normalizeEmail(input.email) ?? input.email.trim().toLowerCase().slice(0, 254);
    const since = new Date(now.getTime() - 2 * SIGN_IN_LIMITS.windowMinutes * 60_000);
    const [byEmail, byIp] = await Promise.all([
      this.audit.recentFailures('target', email, since),
      this.audit.recentFailures('ip', input.ip, since),
    ]);
    const locks = [
      lockedUntil(byEmail, SIGN_IN_LIMITS.perEmail, SIGN_IN_LIMITS.windowMinutes, now),
      lockedUntil(byIp, SIGN_IN_LIMITS.perIp, SIGN_IN_LIMITS.windowMinutes, now),
    ].filter((d): d is Date => d !== null);
    const entry = { at: now, operatorId: null, operatorEmail: null, target: email, ip: input.ip };
    if (locks.length > 0) {
      const until = Math.max(...locks.map((d) => d.getTime()));
      await this.audit.record({ ...entry, action: 'sign_in_refused', detail: 'locked out' });
      return { kind: 'locked', retryMinutes: Math.ceil((until - now.getTime()) / 60_000) };
    }
    const found = await this.operators.findByEmail(email);
    const password = input.password.slice(0, MAX_PASSWORD_LENGTH + 1);
    const ok = found
      ? (await this.hasher.verify(found.passwordHash, password)) && !found.operator.disabledAt
      : await this.hasher.verify(await this.dummy(), password).then(() => false);
    if (!found || !ok) {
      await this.audit.record({
        ...entry,
        operatorId: found?.operator.id ?? null,
        action: 'sign_in_failed',
        detail: found?.operator.disabledAt ? 'operator disabled' : null,
      });
      return { kind: 'failed' };
    }
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
      detail: null,
    });
    return { kind: 'signed_in', sessionId: session.id, expiresAt };
  }

  private dummy(): Promise<string> {
    this.dummyHash ??= this.hasher.hash('not-a-real-password-only-for-timing');
    return this.dummyHash;
  }
}
