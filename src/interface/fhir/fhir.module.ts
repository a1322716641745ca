import { Module } from '@nestjs/common';
import { ListClinicsUseCase } from '../../application/clinics/list-clinics.use-case';
import { SearchFhirDirectoryUseCase } from '../../application/fhir/search-fhir-directory.use-case';
import { DirectoryPersistenceModule } from '../../infrastructure/persistence/directory/directory-persistence.module';
import { FhirPersistenceModule } from '../../infrastructure/persistence/fhir/fhir-persistence.module';
import { FhirController } from './fhir.controller';
import { FhirSearchService } from './fhir-search.service';

/** The FHIR R4 view under /api/v1/fhir: one controller on the directory's use cases. */
@Module({
  imports: [DirectoryPersistenceModule, FhirPersistenceModule],
  controllers: [FhirController],
  providers: [ListClinicsUseCase, SearchFhirDirectoryUseCase, FhirSearchService],
})
export class FhirModule {}
