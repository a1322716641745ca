import { Injectable } from '@nestjs/common';
import { ApiKey } from '../../domain/keys/api-key';
import { ApiKeyRepository } from './api-key.repository';

/** Every key with its prefix, tier and dates; never a secret (none is stored). */
@Injectable()
export class ListKeysUseCase {
  constructor(private readonly keys: ApiKeyRepository) {}

  execute(): Promise<ApiKey[]> {
    return this.keys.list();
  }
}
