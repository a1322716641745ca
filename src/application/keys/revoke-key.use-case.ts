import { Injectable } from '@nestjs/common';
import { ApiKey } from '../../domain/keys/api-key';
import { isKeyPrefix, parseApiKey } from '../../domain/keys/api-key-format';
import { InvalidParamError, NotFoundError } from '../../domain/shared/domain-error';
import { Clock } from '../shared/clock';
import { ApiKeyRepository, RevokeOutcome } from './api-key.repository';
import { KeyHasher } from './key-hasher';

export interface RevokedKey {
  readonly key: ApiKey;
  /** False when the key was already revoked before this call (revoking is idempotent). */
  readonly changed: boolean;
}

/** Revokes a key by its display prefix (or by the full key); it gets 401 at once everywhere. */
@Injectable()
export class RevokeKeyUseCase {
  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly hasher: KeyHasher,
    private readonly clock: Clock,
  ) {}

  async execute(prefixOrKey: string): Promise<RevokedKey> {
    const now = this.clock.now();
    let outcome: RevokeOutcome;
    const full = parseApiKey(prefixOrKey);
    if (full) {
      outcome = await this.keys.revokeByHash(this.hasher.hash(full.value), now);
    } else if (isKeyPrefix(prefixOrKey)) {
      outcome = await this.keys.revokeByPrefix(prefixOrKey, now);
    } else {
      throw new InvalidParamError(
        'expected a key prefix such as gtad_live_AbC123 (see `keys list`)',
      );
    }
    switch (outcome.kind) {
      case 'revoked':
        return { key: outcome.key, changed: true };
      case 'already_revoked':
        return { key: outcome.key, changed: false };
      case 'not_found':
        throw new NotFoundError(`no key with prefix ${full ? full.keyPrefix : prefixOrKey}`);
      case 'ambiguous':
        throw new InvalidParamError(
          `${outcome.count} active keys share the prefix ${prefixOrKey}; revoke with the full key instead`,
        );
    }
  }
}
