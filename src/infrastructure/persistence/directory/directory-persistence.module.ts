import { Module } from '@nestjs/common';
import { ClinicReadRepository } from '../../../application/clinics/clinic-read.repository';
import { DoctorReadRepository } from '../../../application/doctors/doctor-read.repository';
import { MetadataRepository } from '../../../application/metadata/metadata.repository';
import { ReviewReadRepository } from '../../../application/reviews/review-read.repository';
import { PostalAreaRepository } from '../../../application/geo/postal-area.repository';
import { ReadCache } from '../../../application/shared/read-cache';
import { TypeOrmClinicReadRepository } from '../clinics/typeorm-clinic-read.repository';
import { TypeOrmDoctorReadRepository } from '../doctors/typeorm-doctor-read.repository';
import { TypeOrmMetadataRepository } from '../metadata/typeorm-metadata.repository';
import { TypeOrmReviewReadRepository } from '../reviews/typeorm-review-read.repository';
import { TypeOrmPostalAreaRepository } from '../geo/typeorm-postal-area.repository';
import { DirectoryReadCache } from './directory-read-cache';
import { ListTotals } from './list-totals';
import { DoctorMemoryIndex } from './memory/doctor-memory-index';
import { MemoryIndexState, MemoryIndexVersion } from './memory/memory-index-state';
import { ServedDataVersion } from '../../../application/sync/sync.ports';
import { DirectoryIndexState } from '../../../application/health/directory-index-state.port';
import { ReferenceIds } from './reference-ids';

/**
 * Binds the directory's read ports to their TypeORM adapters. The directory features (doctors,
 * clinics, reviews, metadata) read the same few tables, so they share one persistence module.
 */
@Module({
  providers: [
    { provide: DoctorReadRepository, useClass: TypeOrmDoctorReadRepository },
    { provide: ClinicReadRepository, useClass: TypeOrmClinicReadRepository },
    { provide: ReviewReadRepository, useClass: TypeOrmReviewReadRepository },
    { provide: MetadataRepository, useClass: TypeOrmMetadataRepository },
    { provide: ReadCache, useClass: DirectoryReadCache },
    { provide: PostalAreaRepository, useClass: TypeOrmPostalAreaRepository },
    ReferenceIds,
    ListTotals,
    DoctorMemoryIndex,
    { provide: DirectoryIndexState, useClass: MemoryIndexState },
    { provide: ServedDataVersion, useClass: MemoryIndexVersion },
  ],
  exports: [
    DoctorReadRepository,
    ClinicReadRepository,
    ReviewReadRepository,
    MetadataRepository,
    PostalAreaRepository,
    ReadCache,
    ListTotals,
    DoctorMemoryIndex,
    DirectoryIndexState,
    ServedDataVersion,
  ],
})
export class DirectoryPersistenceModule {}
