import { Tier } from '../../domain/keys/tier';
import { PageRequest } from '../../domain/shared/page';

export interface TierCaps {
  readonly sandboxMaxLimit: number;
  readonly sandboxMaxWindow: number;
}

/** The page size an interface uses when none is asked for, and the most it ever reads. */
export interface PageBounds {
  readonly defaultLimit: number;
  readonly maxLimit: number;
}

/**
 * The page actually read, whatever the interface (REST or MCP): the interface's own bounds, and
 * for the sandbox tier its page-size cap and its window (only the first `sandboxMaxWindow` rows
 * of any list can be reached). `total` stays true whatever the caps.
 */
export function effectivePage(
  limit: number | undefined,
  offset: number | undefined,
  tier: Tier | undefined,
  caps: TierCaps,
  bounds: PageBounds,
): PageRequest {
  let l = Math.min(limit ?? bounds.defaultLimit, bounds.maxLimit);
  const o = offset ?? 0;
  if (tier === 'sandbox') {
    l = Math.min(l, caps.sandboxMaxLimit, Math.max(0, caps.sandboxMaxWindow - o));
  }
  return { limit: l, offset: o };
}
