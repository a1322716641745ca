import { CatalogueModule } from '../http/metadata/catalogue.module';
import { Module } from '@nestjs/common';
import { ListClinicsUseCase } from '../../application/clinics/list-clinics.use-case';
import { SearchFhirDirectoryUseCase } from '../../application/fhir/search-fhir-directory.use-case';
import { DirectoryPersistenceModule } from '../../infrastructure/persistence/directory/directory-persistence.module';
import { FhirPersistenceModule } from '../../infrastructure/persistence/fhir/fhir-persistence.module';
import { FhirController } from './fhir.controller';
import { FhirSearchService } from './fhir-search.service';
import { ListMomentsResolver } from '../../application/shared/list-moments';
import { HolidaysModule } from '../../infrastructure/holidays/holidays.module';

/** The FHIR R4 view under /api/v1/fhir: one controller on the directory's use cases. */
@Module({
  imports: [CatalogueModule, DirectoryPersistenceModule, FhirPersistenceModule, HolidaysModule],
  controllers: [FhirController],
  providers: [
    ListClinicsUseCase,
    ListMomentsResolver,
    SearchFhirDirectoryUseCase,
    FhirSearchService,
  ],
})
export class FhirModule {}
