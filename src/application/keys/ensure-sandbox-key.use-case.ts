import { Injectable } from '@nestjs/common';
import { ApiKey } from '../../domain/keys/api-key';
import { ParsedApiKey } from '../../domain/keys/api-key-format';
import { Clock } from '../shared/clock';
import { ApiKeyRepository } from './api-key.repository';
import { KeyHasher } from './key-hasher';
import { PublishedSandboxKey } from './published-sandbox-key.setting';

export interface EnsuredSandboxKey {
  readonly key: ParsedApiKey;
  readonly stored: ApiKey;
}

/**
 * Makes the published sandbox key exist (hash stored, upsert, never duplicated) and the only
 * active sandbox key. Run at start once the schema exists, by `keys sandbox`, and lazily by
 * authentication.
 */
@Injectable()
export class EnsureSandboxKeyUseCase {
  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly hasher: KeyHasher,
    private readonly clock: Clock,
    private readonly sandbox: PublishedSandboxKey,
  ) {}

  async execute(): Promise<EnsuredSandboxKey> {
    const key = this.sandbox.key;
    const stored = await this.keys.ensureSandbox({
      keyHash: this.hasher.hash(key.value),
      keyPrefix: key.keyPrefix,
      tier: 'sandbox',
      label: 'published sandbox key',
      createdAt: this.clock.now(),
    });
    return { key, stored };
  }
}
