import { Module } from '@nestjs/common';
import { AdminSessionRepository } from '../../../application/operators/admin-session.repository';
import { AuditLog } from '../../../application/operators/audit-log';
import { OperatorRepository } from '../../../application/operators/operator.repository';
import { PasswordHasher } from '../../../application/operators/password-hasher';
import { SignInThrottle } from '../../../application/operators/sign-in-throttle';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/core.module';
import { Argon2PasswordHasher } from '../../security/argon2-password-hasher';
import { TypeOrmAdminSessionRepository } from './typeorm-admin-session.repository';
import { TypeOrmAuditLog } from './typeorm-audit-log';
import { TypeOrmOperatorRepository } from './typeorm-operator.repository';
import { TypeOrmSignInThrottle } from './typeorm-sign-in-throttle';

/** Binds the operators, sessions, audit log, sign-in throttle and password hashing ports. */
@Module({
  providers: [
    { provide: OperatorRepository, useClass: TypeOrmOperatorRepository },
    { provide: AdminSessionRepository, useClass: TypeOrmAdminSessionRepository },
    { provide: AuditLog, useClass: TypeOrmAuditLog },
    { provide: SignInThrottle, useClass: TypeOrmSignInThrottle },
    {
      provide: PasswordHasher,
      useFactory: (c: AppConfig) => new Argon2PasswordHasher({ running: c.admin.passwordChecks }),
      inject: [APP_CONFIG],
    },
  ],
  exports: [OperatorRepository, AdminSessionRepository, AuditLog, PasswordHasher, SignInThrottle],
})
export class OperatorsPersistenceModule {}
