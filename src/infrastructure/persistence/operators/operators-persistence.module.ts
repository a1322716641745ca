import { Module } from '@nestjs/common';
import { AdminSessionRepository } from '../../../application/operators/admin-session.repository';
import { AuditLog } from '../../../application/operators/audit-log';
import { OperatorRepository } from '../../../application/operators/operator.repository';
import { PasswordHasher } from '../../../application/operators/password-hasher';
import { Argon2PasswordHasher } from '../../security/argon2-password-hasher';
import { TypeOrmAdminSessionRepository } from './typeorm-admin-session.repository';
import { TypeOrmAuditLog } from './typeorm-audit-log';
import { TypeOrmOperatorRepository } from './typeorm-operator.repository';

/** Binds the operators, sessions, audit log and password hashing ports. */
@Module({
  providers: [
    { provide: OperatorRepository, useClass: TypeOrmOperatorRepository },
    { provide: AdminSessionRepository, useClass: TypeOrmAdminSessionRepository },
    { provide: AuditLog, useClass: TypeOrmAuditLog },
    { provide: PasswordHasher, useClass: Argon2PasswordHasher },
  ],
  exports: [OperatorRepository, AdminSessionRepository, AuditLog, PasswordHasher],
})
export class OperatorsPersistenceModule {}
