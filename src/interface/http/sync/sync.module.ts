import { Module } from '@nestjs/common';
import { BulkFileSnapshots, SyncStore } from '../../../application/sync/sync.ports';
import {
  GetBulkSnapshotUseCase,
  GetDataVersionUseCase,
  ListChangesUseCase,
  OpenBulkFileUseCase,
} from '../../../application/sync/sync.use-cases';
import { DirectoryPersistenceModule } from '../../../infrastructure/persistence/directory/directory-persistence.module';
import { FileBulkSnapshots } from '../../../infrastructure/persistence/sync/bulk-snapshot-files';
import { PgSyncStore } from '../../../infrastructure/persistence/sync/pg-sync.store';
import { DataVersionInterceptor } from './data-version.interceptor';
import { RecordSchemaController } from './record-schema.controller';
import { SyncController } from './sync.controller';

/** The bulk snapshot, the change feed and the lists' `dataVersion` (issue 34, docs/sync.md). */
@Module({
  imports: [DirectoryPersistenceModule],
  controllers: [SyncController, RecordSchemaController],
  providers: [
    { provide: SyncStore, useClass: PgSyncStore },
    { provide: BulkFileSnapshots, useClass: FileBulkSnapshots },
    GetDataVersionUseCase,
    GetBulkSnapshotUseCase,
    OpenBulkFileUseCase,
    ListChangesUseCase,
    DataVersionInterceptor,
  ],
  // The lists' handlers use the interceptor (`@UseInterceptors`), not every route: a global
  // interceptor would put every request, /ping included, through an rxjs pipeline.
  exports: [GetDataVersionUseCase, DataVersionInterceptor],
})
export class SyncModule {}
