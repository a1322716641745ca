import { ApiKey } from '../../domain/keys/api-key';
import { Tier } from '../../domain/keys/tier';

export interface KeySearch {
  readonly tier?: Tier;
  /** true: active keys only; false: revoked keys only. */
  readonly active?: boolean;
  /** The start of a key prefix (`gtad_live_AbC`). */
  readonly prefix?: string;
  /** One rotation chain's keys (its chain id). */
  readonly chain?: string;
  readonly limit: number;
  readonly offset: number;
}

export interface KeyCount {
  readonly tier: Tier;
  readonly active: boolean;
  readonly count: number;
}

/** A key as the dashboard lists it: with its place in its rotation chain. */
export interface ListedKey extends ApiKey {
  /** The key this one replaced by rotation (display prefix), if any. */
  readonly replacesPrefix: string | null;
  /** The key that replaced this one by rotation (display prefix), if any. */
  readonly replacedByPrefix: string | null;
  /** How many keys the chain holds, and its current (newest) key's prefix. */
  readonly chainLength: number;
  readonly currentPrefix: string;
}

/** Port: what the dashboard asks of api_keys beyond the API's own needs. */
export abstract class KeyAdminRepository {
  /** Newest first, with the order each key came from. */
  abstract search(c: KeySearch): Promise<{ keys: ListedKey[]; total: number }>;
  abstract findById(id: string): Promise<ApiKey | null>;
  abstract counts(): Promise<KeyCount[]>;
  /** Every key of a rotation chain, oldest first. */
  abstract chain(chainId: string): Promise<ApiKey[]>;
}
