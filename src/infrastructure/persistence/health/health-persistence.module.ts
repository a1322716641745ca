import { Module } from '@nestjs/common';
import { DatabaseHealth } from '../../../application/health/database-health.port';
import { TypeOrmDatabaseHealth } from './typeorm-database-health';
import { DirectoryPersistenceModule } from '../directory/directory-persistence.module';

@Module({
  imports: [DirectoryPersistenceModule],
  providers: [{ provide: DatabaseHealth, useClass: TypeOrmDatabaseHealth }],
  exports: [DatabaseHealth, DirectoryPersistenceModule],
})
export class HealthPersistenceModule {}
