import { Module } from '@nestjs/common';
import { FhirDirectoryReader } from '../../../application/fhir/fhir-directory.reader';
import { TypeOrmFhirDirectoryReader } from './typeorm-fhir-directory.reader';

/** Binds the FHIR view's read port to its TypeORM adapter. */
@Module({
  providers: [{ provide: FhirDirectoryReader, useClass: TypeOrmFhirDirectoryReader }],
  exports: [FhirDirectoryReader],
})
export class FhirPersistenceModule {}
