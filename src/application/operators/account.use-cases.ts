import { Injectable } from '@nestjs/common';
import { passwordProblem } from '../../domain/operators/operator';
import { InvalidParamError } from '../../domain/shared/domain-error';
import { Clock } from '../shared/clock';
import { AdminSession, AdminSessionRepository } from './admin-session.repository';
import { AuditLog } from './audit-log';
import { OperatorRepository } from './operator.repository';
import { PasswordHasher } from './password-hasher';

/** What an operator does to their own account: sign out, end other sessions, change password. */
@Injectable()
export class AccountUseCases {
  constructor(
    private readonly operators: OperatorRepository,
    private readonly sessions: AdminSessionRepository,
    private readonly audit: AuditLog,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
  ) {}

  async signOut(s: AdminSession, ip: string): Promise<void> {
    await this.sessions.delete(s.idHash);
    await this.log(s, ip, 'sign_out', null);
  }

  async endOtherSessions(s: AdminSession, ip: string): Promise<number> {
    const n = await this.sessions.deleteFor(s.operator.id, s.idHash);
    await this.log(s, ip, 'sessions_ended', `${n} other session(s)`);
    return n;
  }

  /**
   * @throws InvalidParamError for a wrong current password, a mismatch or a weak new password.
   * Other sessions end: whoever else held one no longer does.
   */
  async changePassword(
    s: AdminSession,
    ip: string,
    current: string,
    next: string,
    confirm: string,
  ): Promise<void> {
    const found = await this.operators.findById(s.operator.id);
    if (!found || !(await this.hasher.verify(found.passwordHash, current)))
      throw new InvalidParamError('The current password is not right.');
    if (next !== confirm) throw new InvalidParamError('The new passwords do not match.');
    const problem = passwordProblem(next);
    if (problem) throw new InvalidParamError(`The new password is refused: ${problem}.`);
    const hash = await this.hasher.hash(next);
    const ended = await this.operators.setPassword(s.operator.id, hash, this.clock.now(), s.idHash);
    await this.log(s, ip, 'password_changed', `${ended} other session(s) ended`);
  }

  private log(
    s: AdminSession,
    ip: string,
    action: 'sign_out' | 'sessions_ended' | 'password_changed',
    detail: string | null,
  ) {
    return this.audit.record({
      at: this.clock.now(),
      operatorId: s.operator.id,
      operatorEmail: s.operator.email,
      action,
      target: s.operator.email,
      ip,
      detail,
    });
  }
}
