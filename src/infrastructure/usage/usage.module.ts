import { Global, Module } from '@nestjs/common';
import { NoUsageRecorder, UsageRecorder, UsageRepository } from '../../application/usage/usage';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/core.module';
import { TypeOrmUsageRepository } from '../persistence/usage/typeorm-usage.repository';
import { BufferedUsageRecorder } from './buffered-usage-recorder';

/** Per-key daily request counts: counted in memory, flushed every USAGE_FLUSH_SECONDS. */
@Global()
@Module({
  providers: [
    { provide: UsageRepository, useClass: TypeOrmUsageRepository },
    {
      provide: UsageRecorder,
      useFactory: (repo: UsageRepository, config: AppConfig) =>
        config.admin.usageFlushSeconds === 0
          ? new NoUsageRecorder()
          : new BufferedUsageRecorder(repo, config.admin.usageFlushSeconds * 1000),
      inject: [UsageRepository, APP_CONFIG],
    },
  ],
  exports: [UsageRecorder, UsageRepository],
})
export class UsageModule {}
