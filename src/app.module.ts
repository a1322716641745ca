import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Clock } from './application/shared/clock';
import { AppConfig } from './infrastructure/config/app-config';
import { CoreModule } from './infrastructure/config/core.module';
import { dataSourceOptions } from './infrastructure/database/data-source-options';
import { DatabaseRuntime } from './infrastructure/database/database-runtime';
import { DirectoryReadSourceModule } from './infrastructure/database/directory-read-source';
import { AuthModule } from './interface/http/auth/auth.module';
import { ClinicsModule } from './interface/http/clinics/clinics.module';
import { DoctorsModule } from './interface/http/doctors/doctors.module';
import { HealthModule } from './interface/http/health/health.module';
import { KeysModule } from './interface/http/keys/keys.module';
import { MetadataModule } from './interface/http/metadata/metadata.module';
import { McpHttpModule } from './interface/mcp/mcp.module';
import { FhirModule } from './interface/fhir/fhir.module';
import { CheckoutModule } from './interface/web/checkout/checkout.module';
import { AdminModule } from './interface/web/admin/admin.module';
import { UsageModule } from './infrastructure/usage/usage.module';
import { SyncModule } from './interface/http/sync/sync.module';
import { MetricsModule } from './infrastructure/metrics/metrics.module';
import { MetricsHttpModule } from './interface/http/metrics/metrics-http.module';

export interface AppDeps {
  config: AppConfig;
  database: DatabaseRuntime;
  clock?: Clock;
}

/** Composition root: configuration, database, guards and the feature modules. */
@Module({})
export class AppModule {
  static forRoot(deps: AppDeps): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(deps.config, deps.database, deps.clock),
        TypeOrmModule.forRoot({
          ...dataSourceOptions(deps.database.url, deps.config.db, 'serving'),
          autoLoadEntities: true,
          retryAttempts: 0,
        }),
        DirectoryReadSourceModule,
        MetricsModule.forRoot(deps.config),
        UsageModule,
        AuthModule,
        HealthModule,
        KeysModule,
        DoctorsModule,
        ClinicsModule,
        MetadataModule,
        SyncModule,
        McpHttpModule,
        FhirModule,
        CheckoutModule,
        AdminModule,
        MetricsHttpModule.forRoot(deps.config),
      ],
    };
  }
}
