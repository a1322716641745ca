import { DataSource } from 'typeorm';
import { OperatorsAdminUseCases } from '../../../application/operators/operators-admin.use-cases';
import { SystemClock } from '../../../application/shared/clock';
import { Operator } from '../../../domain/operators/operator';
import { TypeOrmAuditLog } from '../../../infrastructure/persistence/operators/typeorm-audit-log';
import { TypeOrmOperatorRepository } from '../../../infrastructure/persistence/operators/typeorm-operator.repository';
import { TypeOrmSignInThrottle } from '../../../infrastructure/persistence/operators/typeorm-sign-in-throttle';
import { Argon2PasswordHasher } from '../../../infrastructure/security/argon2-password-hasher';
import { JsonLines } from './orders.command';

export const OPERATORS_USAGE =
  'usage: operators add <email> | operators list | operators disable <email> | operators password <email> | operators unlock <email>\n' +
  '  add and password read the password from standard input (12+ characters), or generate one and print it once;\n' +
  "  password ends every session of the operator; unlock forgets the address's sign-in failures";

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const line = (o: Operator) => ({
  email: o.email,
  created_at: iso(o.createdAt),
  password_changed_at: iso(o.passwordChangedAt),
  disabled_at: iso(o.disabledAt),
});

/** Standard input as the password when something is piped in; undefined on a terminal or empty. */
export async function passwordFromStdin(): Promise<string | undefined> {
  if (process.stdin.isTTY) return undefined;
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
  return text === '' ? undefined : text;
}

/**
 * `operators …` (decisions.md, Admin dashboard): add, list, disable, password, unlock. A
 * generated password is printed in the result this once; a given one never is.
 */
export async function runOperatorsCommand(
  args: string[],
  ds: DataSource,
  readPassword: () => Promise<string | undefined> = passwordFromStdin,
): Promise<unknown> {
  const [sub, email, ...rest] = args;
  if (rest.length) throw new Error(OPERATORS_USAGE);
  const ops = new OperatorsAdminUseCases(
    new TypeOrmOperatorRepository(ds),
    new TypeOrmAuditLog(ds),
    new Argon2PasswordHasher(),
    new TypeOrmSignInThrottle(ds),
    new SystemClock(),
  );
  switch (sub) {
    case 'add': {
      if (!email) throw new Error(OPERATORS_USAGE);
      const { operator, generated } = await ops.add(email, await readPassword());
      return { ...line(operator), ...(generated ? { password: generated } : {}) };
    }
    case 'list':
      if (email) throw new Error(OPERATORS_USAGE);
      return new JsonLines((await ops.list()).map(line));
    case 'disable':
      if (!email) throw new Error(OPERATORS_USAGE);
      return line(await ops.disable(email));
    case 'password': {
      if (!email) throw new Error(OPERATORS_USAGE);
      const { generated, sessionsEnded } = await ops.setPassword(email, await readPassword());
      return {
        email: email.trim().toLowerCase(),
        sessions_ended: sessionsEnded,
        ...(generated ? { password: generated } : {}),
      };
    }
    case 'unlock': {
      if (!email) throw new Error(OPERATORS_USAGE);
      const { cleared } = await ops.unlock(email);
      return { email: email.trim().toLowerCase(), failures_cleared: cleared };
    }
    default:
      throw new Error(OPERATORS_USAGE);
  }
}
