import { Module } from '@nestjs/common';
import { IssueKeyUseCase } from '../../../application/keys/issue-key.use-case';
import { RevokeKeyUseCase } from '../../../application/keys/revoke-key.use-case';
import { AccountUseCases } from '../../../application/operators/account.use-cases';
import { AdminSettings } from '../../../application/operators/admin-settings';
import { AuditPageUseCase } from '../../../application/operators/audit-page.use-case';
import { DashboardUseCases } from '../../../application/operators/dashboard.use-cases';
import { OperatorsAdminUseCases } from '../../../application/operators/operators-admin.use-cases';
import { ResolveSessionUseCase } from '../../../application/operators/resolve-session.use-case';
import { SignInUseCase } from '../../../application/operators/sign-in.use-case';
import { AppConfig } from '../../../infrastructure/config/app-config';
import { APP_CONFIG } from '../../../infrastructure/config/core.module';
import { KeysPersistenceModule } from '../../../infrastructure/persistence/keys/keys-persistence.module';
import { OperatorsPersistenceModule } from '../../../infrastructure/persistence/operators/operators-persistence.module';
import { OrdersPersistenceModule } from '../../../infrastructure/persistence/orders/orders-persistence.module';
import { SecurityModule } from '../../../infrastructure/security/security.module';
import { AdminAccountController } from './admin-account.controller';
import { AdminAuditController } from './admin-audit.controller';
import { AdminOperatorsController } from './admin-operators.controller';
import { AdminPageGuard } from './admin-page.guard';
import { AdminPagesController } from './admin-pages.controller';

/** The operators' dashboard at /admin. */
@Module({
  imports: [
    OperatorsPersistenceModule,
    KeysPersistenceModule,
    OrdersPersistenceModule,
    SecurityModule,
  ],
  controllers: [
    AdminAccountController,
    AdminPagesController,
    AdminAuditController,
    AdminOperatorsController,
  ],
  providers: [
    {
      provide: AdminSettings,
      useFactory: (c: AppConfig) => new AdminSettings(c.admin.idleMinutes, c.admin.sessionHours),
      inject: [APP_CONFIG],
    },
    SignInUseCase,
    ResolveSessionUseCase,
    AccountUseCases,
    DashboardUseCases,
    AuditPageUseCase,
    OperatorsAdminUseCases,
    IssueKeyUseCase,
    RevokeKeyUseCase,
    AdminPageGuard,
  ],
})
export class AdminModule {}
