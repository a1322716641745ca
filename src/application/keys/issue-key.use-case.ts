import { Injectable } from '@nestjs/common';
import { IssuableTier, ISSUABLE_TIERS } from '../../domain/keys/api-key';
import { generateApiKey } from '../../domain/keys/api-key-format';
import { InvalidParamError } from '../../domain/shared/domain-error';
import { Clock } from '../shared/clock';
import { ApiKeyRepository } from './api-key.repository';
import { IssuedKey } from './issued-key';
import { KeyHasher } from './key-hasher';

/** Issues a new live, gateway or admin key (operator command line; checkout later). */
@Injectable()
export class IssueKeyUseCase {
  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly hasher: KeyHasher,
    private readonly clock: Clock,
  ) {}

  async execute(tier: string, label: string | null = null): Promise<IssuedKey> {
    if (!(ISSUABLE_TIERS as readonly string[]).includes(tier)) {
      throw new InvalidParamError(
        `tier must be one of ${ISSUABLE_TIERS.join(', ')}, got "${tier}"`,
      );
    }
    const fresh = generateApiKey(tier as IssuableTier);
    const stored = await this.keys.insert({
      keyHash: this.hasher.hash(fresh.value),
      keyPrefix: fresh.keyPrefix,
      tier: fresh.tier,
      label,
      createdAt: this.clock.now(),
    });
    return { id: stored.id, key: fresh.value, keyPrefix: stored.keyPrefix, tier: stored.tier };
  }
}
