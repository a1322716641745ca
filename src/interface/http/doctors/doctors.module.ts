import { CatalogueModule } from '../metadata/catalogue.module';
import { Module } from '@nestjs/common';
import { GetDoctorSummaryUseCase } from '../../../application/doctors/get-doctor-summary.use-case';
import { GetDoctorUseCase } from '../../../application/doctors/get-doctor.use-case';
import { ListDoctorsUseCase } from '../../../application/doctors/list-doctors.use-case';
import { LookupDoctorsUseCase } from '../../../application/doctors/lookup-doctors.use-case';
import { SearchDoctorsUseCase } from '../../../application/doctors/search-doctors.use-case';
import { GetDoctorSignalsUseCase } from '../../../application/reviews/get-doctor-signals.use-case';
import { ListDoctorReviewsUseCase } from '../../../application/reviews/list-doctor-reviews.use-case';
import { ResolveLocationUseCase } from '../../../application/geo/resolve-location.use-case';
import { ClinicOpening } from '../../../application/clinics/clinic-opening';
import { ListMomentsResolver } from '../../../application/shared/list-moments';
import { HolidaysModule } from '../../../infrastructure/holidays/holidays.module';
import { SyncModule } from '../sync/sync.module';
import { DirectoryPersistenceModule } from '../../../infrastructure/persistence/directory/directory-persistence.module';
import { PageResolver } from '../common/page-resolver';
import { DoctorsController } from './doctors.controller';

@Module({
  imports: [CatalogueModule, DirectoryPersistenceModule, HolidaysModule, SyncModule],
  controllers: [DoctorsController],
  providers: [
    ListDoctorsUseCase,
    LookupDoctorsUseCase,
    SearchDoctorsUseCase,
    GetDoctorSummaryUseCase,
    GetDoctorUseCase,
    ListDoctorReviewsUseCase,
    GetDoctorSignalsUseCase,
    PageResolver,
    ResolveLocationUseCase,
    ListMomentsResolver,
    ClinicOpening,
  ],
})
export class DoctorsModule {}
