import { Module } from '@nestjs/common';
import { CheckReadinessUseCase } from '../../../application/health/check-readiness.use-case';
import { HealthPersistenceModule } from '../../../infrastructure/persistence/health/health-persistence.module';
import { HealthController } from './health.controller';

@Module({
  imports: [HealthPersistenceModule],
  controllers: [HealthController],
  providers: [CheckReadinessUseCase],
})
export class HealthModule {}
