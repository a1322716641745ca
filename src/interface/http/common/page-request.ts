import { PageRequest } from '../../../domain/shared/page';
import { Principal } from '../auth/principal';

export const DEFAULT_LIMIT = 25;
export const MAX_LIMIT = 100;

export interface TierCaps {
  sandboxMaxLimit: number;
  sandboxMaxWindow: number;
}

/**
 * The page actually read: the contract's cap of 100, and for the sandbox tier its page-size cap
 * and its window (only the first `sandboxMaxWindow` rows of any list can be reached). `total`
 * stays true whatever the caps.
 */
export function effectivePage(
  limit: number | undefined,
  offset: number | undefined,
  principal: Principal | undefined,
  caps: TierCaps,
): PageRequest {
  let l = Math.min(limit ?? DEFAULT_LIMIT, MAX_LIMIT);
  const o = offset ?? 0;
  if (principal?.tier === 'sandbox') {
    l = Math.min(l, caps.sandboxMaxLimit, Math.max(0, caps.sandboxMaxWindow - o));
  }
  return { limit: l, offset: o };
}
