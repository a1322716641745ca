import { ApiKey } from '../../domain/keys/api-key';
import { Tier } from '../../domain/keys/tier';
import { RevokeOutcome } from './api-key.repository';

export interface KeySearch {
  readonly tier?: Tier;
  /** true: active keys only; false: revoked keys only. */
  readonly active?: boolean;
  /** The start of a key prefix (`gtad_live_AbC`). */
  readonly prefix?: string;
  readonly limit: number;
  readonly offset: number;
}

export interface KeyCount {
  readonly tier: Tier;
  readonly active: boolean;
  readonly count: number;
}

/** Port: what the dashboard asks of api_keys beyond the API's own needs. */
export abstract class KeyAdminRepository {
  /** Newest first, with the order each key came from. */
  abstract search(c: KeySearch): Promise<{ keys: ApiKey[]; total: number }>;
  abstract findById(id: string): Promise<ApiKey | null>;
  abstract counts(): Promise<KeyCount[]>;
  /** Revokes one key by id; every instance refuses it at its next request. */
  abstract revokeById(id: string, at: Date): Promise<RevokeOutcome>;
}
