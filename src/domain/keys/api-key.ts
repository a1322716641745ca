import { Tier } from './tier';

/** A stored API key as the rest of the service sees it: never the secret, never its hash. */
export interface ApiKey {
  readonly id: string;
  readonly keyPrefix: string;
  readonly tier: Tier;
  readonly label: string | null;
  readonly createdAt: Date;
  readonly lastUsedAt: Date | null;
  readonly revokedAt: Date | null;
  readonly replacedBy: string | null;
  /**
   * The rotation chain: the id of the chain's first key (this key's own id when it replaced
   * none). A chain is one customer's key over time: it shares one rate limit and is revoked whole.
   */
  readonly chainId: string;
  /** The checkout order the key (or the key it replaced) was bought with. */
  readonly orderId?: string | null;
}

/** Only paid developer keys rotate (api-v1.md, Key rotation). */
export function isRotatableTier(tier: Tier): boolean {
  return tier === 'live';
}

/** Tiers an operator may issue from the command line; the sandbox key is published, not issued. */
export const ISSUABLE_TIERS = ['live', 'gateway', 'admin'] as const satisfies readonly Tier[];
export type IssuableTier = (typeof ISSUABLE_TIERS)[number];
