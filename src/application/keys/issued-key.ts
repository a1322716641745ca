import { Tier } from '../../domain/keys/tier';

/** A key as returned once, at issue or rotation: the only moment the secret leaves the service. */
export interface IssuedKey {
  readonly id: string;
  readonly key: string;
  readonly keyPrefix: string;
  readonly tier: Tier;
}
