import { isRecoveryConflict, isReplicaUnreachable } from './replica-errors';

/** Errors as pg and TypeORM hand them over (messages as PostgreSQL 15 and node-postgres word them). */
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });
const typeorm = (driverError: Error) =>
  Object.assign(new Error(driverError.message), { driverError });

describe('replica errors', () => {
  const conflict = pgError('40001', 'canceling statement due to conflict with recovery');
  const deadlock = pgError('40P01', 'canceling statement due to conflict with recovery');
  const terminated = pgError('40001', 'terminating connection due to conflict with recovery');

  it('a recovery conflict is 40001 or 40P01 saying "conflict with recovery", wrapped or not', () => {
    for (const e of [conflict, deadlock, terminated, typeorm(conflict)]) {
      expect(isRecoveryConflict(e)).toBe(true);
    }
    // A serialization failure on the primary, or a deadlock between two writers, is not one.
    expect(isRecoveryConflict(pgError('40001', 'could not serialize access'))).toBe(false);
    expect(isRecoveryConflict(pgError('40P01', 'deadlock detected'))).toBe(false);
    expect(
      isRecoveryConflict(pgError('57014', 'canceling statement due to statement timeout')),
    ).toBe(false);
    expect(isRecoveryConflict(undefined)).toBe(false);
    expect(isRecoveryConflict('conflict with recovery')).toBe(false);
  });

  it('an unreachable replica: refused, cut, shutting down or starting; not a timeout or a full server', () => {
    const unreachable = [
      pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5433'),
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('57P03', 'the database system is starting up'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      typeorm(pgError('57P01', 'terminating connection due to administrator command')),
    ];
    for (const e of unreachable) expect(isReplicaUnreachable(e)).toBe(true);
    const answered = [
      pgError('57014', 'canceling statement due to statement timeout'),
      pgError('53300', 'sorry, too many clients already'),
      pgError('42P01', 'relation "doctors" does not exist'),
      conflict,
      undefined,
    ];
    for (const e of answered) expect(isReplicaUnreachable(e)).toBe(false);
  });
});
