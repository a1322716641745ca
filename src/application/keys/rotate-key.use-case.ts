import { Injectable } from '@nestjs/common';
import { isRotatableTier } from '../../domain/keys/api-key';
import { generateApiKey } from '../../domain/keys/api-key-format';
import { InvalidKeyError, NotRotatableError } from '../../domain/keys/key.errors';
import { Tier } from '../../domain/keys/tier';
import { Clock } from '../shared/clock';
import { ApiKeyRepository } from './api-key.repository';
import { IssuedKey } from './issued-key';
import { KeyHasher } from './key-hasher';

/** The key presenting the rotation request (null id: a gateway request without a key of ours). */
export interface RotationCaller {
  readonly keyId: string | null;
  readonly tier: Tier;
}

/**
 * POST /keys/rotate: a paid developer key is replaced by a new key of the same tier, the old one
 * revoked in the same transaction. Free and unlimited; no second key is created.
 */
@Injectable()
export class RotateKeyUseCase {
  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly hasher: KeyHasher,
    private readonly clock: Clock,
  ) {}

  /**
   * @throws NotRotatableError for sandbox, gateway and admin callers.
   * @throws InvalidKeyError when the key was revoked meanwhile (a concurrent rotation won).
   */
  async execute(caller: RotationCaller): Promise<IssuedKey> {
    if (caller.keyId === null || !isRotatableTier(caller.tier)) {
      throw new NotRotatableError(
        `A ${caller.tier} key cannot be rotated: only paid developer (live) keys rotate.`,
      );
    }
    const fresh = generateApiKey(caller.tier);
    const stored = await this.keys.rotate(caller.keyId, {
      keyHash: this.hasher.hash(fresh.value),
      keyPrefix: fresh.keyPrefix,
      tier: caller.tier,
      label: null,
      createdAt: this.clock.now(),
    });
    if (!stored) throw new InvalidKeyError('The API key has been revoked.');
    return { id: stored.id, key: fresh.value, keyPrefix: stored.keyPrefix, tier: stored.tier };
  }
}
