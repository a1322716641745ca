import { Module } from '@nestjs/common';
import { ListLanguagesUseCase } from '../../../application/metadata/list-languages.use-case';
import { ListSpecialtiesUseCase } from '../../../application/metadata/list-specialties.use-case';
import { DirectoryPersistenceModule } from '../../../infrastructure/persistence/directory/directory-persistence.module';
import { MetadataController } from './metadata.controller';

@Module({
  imports: [DirectoryPersistenceModule],
  controllers: [MetadataController],
  providers: [ListSpecialtiesUseCase, ListLanguagesUseCase],
})
export class MetadataModule {}
