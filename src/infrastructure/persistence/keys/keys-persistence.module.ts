import { Module } from '@nestjs/common';
import { ApiKeyRepository } from '../../../application/keys/api-key.repository';
import { KeyLookupCache } from '../../../application/keys/key-lookup-cache';
import { ApiKeyCache } from './api-key-cache';
import { TypeOrmApiKeyRepository } from './typeorm-api-key.repository';
import { KeyAdminRepository } from '../../../application/keys/key-admin.repository';
import { TypeOrmKeyAdminRepository } from './typeorm-key-admin.repository';

/** Binds the key ports (store and lookup cache); exports only the ports. */
@Module({
  providers: [
    { provide: ApiKeyRepository, useClass: TypeOrmApiKeyRepository },
    ApiKeyCache,
    { provide: KeyLookupCache, useExisting: ApiKeyCache },
    { provide: KeyAdminRepository, useClass: TypeOrmKeyAdminRepository },
  ],
  exports: [ApiKeyRepository, KeyLookupCache, ApiKeyCache, KeyAdminRepository],
})
export class KeysPersistenceModule {}
