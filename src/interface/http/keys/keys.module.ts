import { Module } from '@nestjs/common';
import { RotateKeyUseCase } from '../../../application/keys/rotate-key.use-case';
import { KeysPersistenceModule } from '../../../infrastructure/persistence/keys/keys-persistence.module';
import { SecurityModule } from '../../../infrastructure/security/security.module';
import { KeysController } from './keys.controller';

/** POST /keys/rotate. Authentication itself is AuthModule's (global guards). */
@Module({
  imports: [KeysPersistenceModule, SecurityModule],
  controllers: [KeysController],
  providers: [RotateKeyUseCase],
})
export class KeysModule {}
