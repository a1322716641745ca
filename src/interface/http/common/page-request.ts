import { effectivePage as capped, TierCaps } from '../../../application/shared/page-caps';
import { PageRequest } from '../../../domain/shared/page';
import { Principal } from '../auth/principal';

export const DEFAULT_LIMIT = 25;
export const MAX_LIMIT = 100;

export type { TierCaps };

/** The REST page: the contract's default of 25 and cap of 100, then the tier's caps. */
export function effectivePage(
  limit: number | undefined,
  offset: number | undefined,
  principal: Principal | undefined,
  caps: TierCaps,
): PageRequest {
  return capped(limit, offset, principal?.tier, caps, {
    defaultLimit: DEFAULT_LIMIT,
    maxLimit: MAX_LIMIT,
  });
}
