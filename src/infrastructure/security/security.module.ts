import { Module } from '@nestjs/common';
import { KeyHasher } from '../../application/keys/key-hasher';
import { DATABASE_RUNTIME } from '../config/core.module';
import { DatabaseRuntime } from '../database/database-runtime';
import { HmacKeyHasher } from './hmac-key-hasher';

/** Binds the KeyHasher port to HMAC-SHA-256 with the runtime's key-hash secret. */
@Module({
  providers: [
    {
      provide: KeyHasher,
      useFactory: (db: DatabaseRuntime) => new HmacKeyHasher(db.keyHashSecret),
      inject: [DATABASE_RUNTIME],
    },
  ],
  exports: [KeyHasher],
})
export class SecurityModule {}
