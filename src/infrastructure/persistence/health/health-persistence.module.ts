import { Module } from '@nestjs/common';
import { DatabaseHealth } from '../../../application/health/database-health.port';
import { TypeOrmDatabaseHealth } from './typeorm-database-health';

@Module({
  providers: [{ provide: DatabaseHealth, useClass: TypeOrmDatabaseHealth }],
  exports: [DatabaseHealth],
})
export class HealthPersistenceModule {}
