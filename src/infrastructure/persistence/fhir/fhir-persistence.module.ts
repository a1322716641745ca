import { Module } from '@nestjs/common';
import { FhirDirectoryReader } from '../../../application/fhir/fhir-directory.reader';
import { DirectoryPersistenceModule } from '../directory/directory-persistence.module';
import { TypeOrmFhirDirectoryReader } from './typeorm-fhir-directory.reader';

/** Binds the FHIR view's read port to its TypeORM adapter. */
@Module({
  imports: [DirectoryPersistenceModule],
  providers: [{ provide: FhirDirectoryReader, useClass: TypeOrmFhirDirectoryReader }],
  exports: [FhirDirectoryReader],
})
export class FhirPersistenceModule {}
