import { Module } from '@nestjs/common';
import { CatalogueNames } from '../../../application/metadata/catalogue-names';
import { ListLanguagesUseCase } from '../../../application/metadata/list-languages.use-case';
import { ListSpecialtiesUseCase } from '../../../application/metadata/list-specialties.use-case';
import { DirectoryPersistenceModule } from '../../../infrastructure/persistence/directory/directory-persistence.module';

/** The catalogue (specialties and languages with their aliases) and the reading of names by it. */
@Module({
  imports: [DirectoryPersistenceModule],
  providers: [ListSpecialtiesUseCase, ListLanguagesUseCase, CatalogueNames],
  exports: [ListSpecialtiesUseCase, ListLanguagesUseCase, CatalogueNames],
})
export class CatalogueModule {}
