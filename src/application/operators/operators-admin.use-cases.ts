import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { normalizeEmail, Operator, passwordProblem } from '../../domain/operators/operator';
import { InvalidParamError, NotFoundError } from '../../domain/shared/domain-error';
import { Clock } from '../shared/clock';
import { AuditLog } from './audit-log';
import { OperatorRepository } from './operator.repository';
import { PasswordHasher } from './password-hasher';
import { generatePassword } from './session-id';

/** The `operators` commands (decisions.md): add, list, disable, password. Audited. */
@Injectable()
export class OperatorsAdminUseCases {
  constructor(
    private readonly operators: OperatorRepository,
    private readonly audit: AuditLog,
    private readonly hasher: PasswordHasher,
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
    await this.log('operator_added', email);
    return password === undefined ? { operator: op, generated: pw } : { operator: op };
  }

  list(): Promise<Operator[]> {
    return this.operators.list();
  }

  /** Disables the operator and ends their sessions at once. */
  async disable(rawEmail: string): Promise<Operator> {
    const email = this.email(rawEmail);
    const op = await this.operators.disable(email, this.clock.now());
    if (!op) throw new NotFoundError(`no operator ${email}`);
    await this.log('operator_disabled', email);
    return op;
  }

  async setPassword(rawEmail: string, password?: string): Promise<{ generated?: string }> {
    const email = this.email(rawEmail);
    const found = await this.operators.findByEmail(email);
    if (!found) throw new NotFoundError(`no operator ${email}`);
    const pw = password ?? generatePassword();
    this.checkPassword(pw);
    await this.operators.setPassword(
      found.operator.id,
      await this.hasher.hash(pw),
      this.clock.now(),
    );
    await this.log('operator_password_set', email);
    return password === undefined ? { generated: pw } : {};
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
    action: 'operator_added' | 'operator_disabled' | 'operator_password_set',
    target: string,
  ) {
    return this.audit.record({
      at: this.clock.now(),
      operatorId: null,
      operatorEmail: 'command line',
      action,
      target,
      ip: null,
      detail: null,
    });
  }
}
