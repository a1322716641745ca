import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { normalizeEmail, Operator, passwordProblem } from '../../domain/operators/operator';
import { addressDelayMs, SIGN_IN_LIMITS } from '../../domain/operators/sign-in-throttle';
import { InvalidParamError, NotFoundError } from '../../domain/shared/domain-error';
import { Clock } from '../shared/clock';
import { AuditLog } from './audit-log';
import { OperatorRepository } from './operator.repository';
import { PasswordHasher } from './password-hasher';
import { generatePassword } from './session-id';
import { SignInThrottle } from './sign-in-throttle';

/** Who manages operators: the command line, or an operator signed in to the dashboard. */
export type OperatorsActor =
  | { readonly via: 'command line' }
  | { readonly via: 'dashboard'; operatorId: string; operatorEmail: string; ip: string };

const COMMAND_LINE: OperatorsActor = { via: 'command line' };

/** An operator with their address's recent sign-in failures (the operators page). */
export interface OperatorSignInState {
  readonly operator: Operator;
  /** Failures of the address from any IP within the window. */
  readonly failures: number;
  /** IPs locked out for this address (each reached the pair limit). */
  readonly lockedIps: number;
  /** How long each sign-in of the address waits before its password is checked. */
  readonly delaySeconds: number;
}

/**
 * The `operators` commands (decisions.md): add, list, disable, password, unlock; the dashboard's
 * operators page lists and unlocks through the same methods. Audited.
 */
@Injectable()
export class OperatorsAdminUseCases {
  constructor(
    private readonly operators: OperatorRepository,
    private readonly audit: AuditLog,
    private readonly hasher: PasswordHasher,
    private readonly throttle: SignInThrottle,
    private readonly clock: Clock,
  ) {}

  /** Adds an operator; generates the password (returned once) when none is given. */
  async add(
    rawEmail: string,
    password?: string,
  ): Promise<{ operator: Operator; generated?: string }> {
    const email = this.email(rawEmail);
    const pw = password ?? generatePassword();
    this.checkPassword(pw);
    const now = this.clock.now();
    const op = await this.operators.insert({
      id: randomUUID(),
      email,
      passwordHash: await this.hasher.hash(pw),
      createdAt: now,
    });
    if (!op) throw new InvalidParamError(`an operator ${email} exists already`);
    await this.log(COMMAND_LINE, 'operator_added', email, null);
    return password === undefined ? { operator: op, generated: pw } : { operator: op };
  }

  list(): Promise<Operator[]> {
    return this.operators.list();
  }

  /** Every operator with their address's recent sign-in failures, locks and delay. */
  async listWithSignInState(): Promise<OperatorSignInState[]> {
    const ops = await this.operators.list();
    const since = new Date(this.clock.now().getTime() - SIGN_IN_LIMITS.windowMinutes * 60_000);
    const failures = await this.throttle.failuresOf(
      ops.map((o) => o.email),
      since,
      SIGN_IN_LIMITS.perPair,
    );
    return ops.map((operator) => {
      const f = failures.get(operator.email) ?? { failures: 0, lockedIps: 0 };
      return { operator, ...f, delaySeconds: addressDelayMs(f.failures) / 1000 };
    });
  }

  /** Disables the operator and ends their sessions at once. */
  async disable(rawEmail: string): Promise<Operator> {
    const email = this.email(rawEmail);
    const op = await this.operators.disable(email, this.clock.now());
    if (!op) throw new NotFoundError(`no operator ${email}`);
    await this.log(COMMAND_LINE, 'operator_disabled', email, null);
    return op;
  }

  /**
   * Sets the password and ends every session of the operator (whoever held one no longer does);
   * the address's sign-in failures are forgotten, as guesses at the old password.
   */
  async setPassword(
    rawEmail: string,
    password?: string,
  ): Promise<{ generated?: string; sessionsEnded: number }> {
    const email = this.email(rawEmail);
    const found = await this.operators.findByEmail(email);
    if (!found) throw new NotFoundError(`no operator ${email}`);
    const pw = password ?? generatePassword();
    this.checkPassword(pw);
    const hash = await this.hasher.hash(pw);
    const ended = await this.operators.setPassword(found.operator.id, hash, this.clock.now(), null);
    const cleared = await this.throttle.clear(email);
    await this.log(
      COMMAND_LINE,
      'operator_password_set',
      email,
      `${ended} session(s) ended; ${cleared} sign-in failure(s) cleared`,
    );
    return password === undefined
      ? { generated: pw, sessionsEnded: ended }
      : { sessionsEnded: ended };
  }

  /** Forgets the address's sign-in failures: its IP locks and its delay end at once. */
  async unlock(rawEmail: string, by: OperatorsActor = COMMAND_LINE): Promise<{ cleared: number }> {
    const email = this.email(rawEmail);
    if (!(await this.operators.findByEmail(email))) throw new NotFoundError(`no operator ${email}`);
    const cleared = await this.throttle.clear(email);
    await this.log(by, 'operator_unlocked', email, `${cleared} sign-in failure(s) cleared`);
    return { cleared };
  }

  private email(raw: string): string {
    const email = normalizeEmail(raw);
    if (!email) throw new InvalidParamError(`"${raw.slice(0, 100)}" is not an e-mail address`);
    return email;
  }

  private checkPassword(pw: string): void {
    const problem = passwordProblem(pw);
    if (problem) throw new InvalidParamError(problem);
  }

  private log(
    by: OperatorsActor,
    action: 'operator_added' | 'operator_disabled' | 'operator_password_set' | 'operator_unlocked',
    target: string,
    detail: string | null,
  ) {
    return this.audit.record({
      at: this.clock.now(),
      operatorId: by.via === 'dashboard' ? by.operatorId : null,
      operatorEmail: by.via === 'dashboard' ? by.operatorEmail : 'command line',
      action,
      target,
      ip: by.via === 'dashboard' ? by.ip : null,
      detail,
    });
  }
}
