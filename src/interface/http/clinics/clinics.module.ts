import { CatalogueModule } from '../metadata/catalogue.module';
import { Module } from '@nestjs/common';
import { GetClinicUseCase } from '../../../application/clinics/get-clinic.use-case';
import { ListClinicsUseCase } from '../../../application/clinics/list-clinics.use-case';
import { LookupClinicsUseCase } from '../../../application/clinics/lookup-clinics.use-case';
import { ListSpecialistsUseCase } from '../../../application/clinics/list-specialists.use-case';
import { GetClinicSignalsUseCase } from '../../../application/reviews/get-clinic-signals.use-case';
import { ListClinicReviewsUseCase } from '../../../application/reviews/list-clinic-reviews.use-case';
import { ResolveLocationUseCase } from '../../../application/geo/resolve-location.use-case';
import { DirectoryPersistenceModule } from '../../../infrastructure/persistence/directory/directory-persistence.module';
import { PageResolver } from '../common/page-resolver';
import { ClinicOpening } from '../../../application/clinics/clinic-opening';
import { ListMomentsResolver } from '../../../application/shared/list-moments';
import { HolidaysModule } from '../../../infrastructure/holidays/holidays.module';
import { SyncModule } from '../sync/sync.module';
import { ClinicsController } from './clinics.controller';
import { SpecialistsController } from './specialists.controller';

@Module({
  imports: [CatalogueModule, DirectoryPersistenceModule, HolidaysModule, SyncModule],
  controllers: [ClinicsController, SpecialistsController],
  providers: [
    ListClinicsUseCase,
    LookupClinicsUseCase,
    GetClinicUseCase,
    ListClinicReviewsUseCase,
    GetClinicSignalsUseCase,
    ListSpecialistsUseCase,
    PageResolver,
    ResolveLocationUseCase,
    ClinicOpening,
    ListMomentsResolver,
  ],
})
export class ClinicsModule {}
