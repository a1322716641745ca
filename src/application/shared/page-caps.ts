import { Tier } from '../../domain/keys/tier';
import { PageRequest } from '../../domain/shared/page';
import { BatchCap, CONTRACT_BATCH_CAP, MAX_BATCH_KEYS } from './batch-lookup';

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

/**
 * The most keys one batch lookup (`?cpso=`, `?id=`) takes for this tier: the sandbox's page size
 * (a batch is a page of rows: the sandbox's caps hold on every read path), else the contract's 100.
 */
export function batchCap(tier: Tier | undefined, caps: TierCaps): BatchCap {
  if (tier !== 'sandbox') return CONTRACT_BATCH_CAP;
  const max = Math.min(MAX_BATCH_KEYS, caps.sandboxMaxLimit);
  return { max, why: `with the sandbox key (a live key takes up to ${MAX_BATCH_KEYS})` };
}
