import { Module } from '@nestjs/common';
import { ApiKeyRepository } from '../../../application/keys/api-key.repository';
import { TypeOrmApiKeyRepository } from './typeorm-api-key.repository';

/** Binds the ApiKeyRepository port; exports only the port. */
@Module({
  providers: [{ provide: ApiKeyRepository, useClass: TypeOrmApiKeyRepository }],
  exports: [ApiKeyRepository],
})
export class KeysPersistenceModule {}
