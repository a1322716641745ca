import { Module } from '@nestjs/common';
import { ApiKeyRepository } from '../../../application/keys/api-key.repository';
import { KeyLookupCache } from '../../../application/keys/key-lookup-cache';
import { ApiKeyCache } from './api-key-cache';
import { TypeOrmApiKeyRepository } from './typeorm-api-key.repository';

/** Binds the key ports (store and lookup cache); exports only the ports. */
@Module({
  providers: [
    { provide: ApiKeyRepository, useClass: TypeOrmApiKeyRepository },
    ApiKeyCache,
    { provide: KeyLookupCache, useExisting: ApiKeyCache },
  ],
  exports: [ApiKeyRepository, KeyLookupCache, ApiKeyCache],
})
export class KeysPersistenceModule {}
