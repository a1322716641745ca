import { Injectable } from '@nestjs/common';
import { ApiKey } from '../../domain/keys/api-key';
import { isKeyPrefix, parseApiKey } from '../../domain/keys/api-key-format';
import { InvalidParamError, NotFoundError } from '../../domain/shared/domain-error';
import { Clock } from '../shared/clock';
import { ApiKeyRepository, RevocationActor } from './api-key.repository';
import { KeyHasher } from './key-hasher';

/** What a revocation did, for the page or the command line to report exactly. */
export interface KeyRevocation {
  /** The key the operator named (by prefix, full key or the dashboard's row). */
  readonly named: ApiKey;
  /** The keys this call revoked, oldest first: the chain's current key, or none (already revoked). */
  readonly revoked: readonly ApiKey[];
  /** The chain's newest key, after the call: revoked now in every case. */
  readonly current: ApiKey;
  /** Every key of the named key's rotation chain, oldest first. */
  readonly chain: readonly ApiKey[];
}

/** Who revokes: the audit log records it with every key revoked. */
export type Revoker = Omit<RevocationActor, 'reason'> & { readonly via: 'cli' | 'dashboard' };

/**
 * Revokes a key's whole rotation chain: naming any key of a chain (an old prefix, or a key its
 * owner rotated while the operator was on the confirmation page) revokes the chain's current key,
 * so no working key is left, and says which. Audited; every instance refuses it at once.
 */
@Injectable()
export class RevokeKeyUseCase {
  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly hasher: KeyHasher,
    private readonly clock: Clock,
  ) {}

  /** The command line: a display prefix or a full key. */
  async execute(prefixOrKey: string, by: Revoker): Promise<KeyRevocation> {
    return this.revoke(await this.named(prefixOrKey), by);
  }

  /** Revokes the chain of a key already found (the dashboard's row). */
  async revoke(named: ApiKey, by: Revoker): Promise<KeyRevocation> {
    const result = await this.keys.revokeChain(named.chainId, this.clock.now(), {
      operatorId: by.operatorId,
      operatorEmail: by.operatorEmail,
      ip: by.ip,
      reason: `revocation of the rotation chain of ${named.keyPrefix}, via ${by.via}`,
    });
    return {
      named,
      revoked: result.revoked,
      current: result.chain[result.chain.length - 1],
      chain: result.chain,
    };
  }

  private async named(prefixOrKey: string): Promise<ApiKey> {
    const full = parseApiKey(prefixOrKey);
    if (full) {
      const key = await this.keys.findByHash(this.hasher.hash(full.value));
      if (!key) throw new NotFoundError(`no key with prefix ${full.keyPrefix}`);
      return key;
    }
    if (!isKeyPrefix(prefixOrKey))
      throw new InvalidParamError(
        'expected a key prefix such as gtad_live_AbC123 (see `keys list`)',
      );
    const matches = await this.keys.findByPrefix(prefixOrKey);
    if (matches.length === 0) throw new NotFoundError(`no key with prefix ${prefixOrKey}`);
    const chainIds = [...new Set(matches.map((k) => k.chainId))];
    if (chainIds.length === 1) return matches[matches.length - 1];
    // Several chains share the prefix: the one with a working key is meant; two are ambiguous.
    const live: ApiKey[] = [];
    for (const chainId of chainIds) {
      const chain = await this.keys.chain(chainId);
      if (chain.some((k) => k.revokedAt === null))
        live.push(matches.filter((k) => k.chainId === chainId).pop()!);
    }
    if (live.length > 1)
      throw new InvalidParamError(
        `${live.length} active keys share the prefix ${prefixOrKey}; revoke with the full key instead`,
      );
    return live[0] ?? matches[matches.length - 1];
  }
}
