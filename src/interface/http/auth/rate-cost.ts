import { SetMetadata } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { KEYS_PER_REQUEST_COST } from '../../../application/shared/batch-lookup';

export const RATE_COST_PARAM = 'gtad:rate-cost-param';

/**
 * Marks a route whose query parameter `param` can ask for many records at once (a batch lookup):
 * such a request counts as one request per KEYS_PER_REQUEST_COST keys against the rate limit (100
 * CPSO numbers cost 10), so a batch is no cheaper per record than the pages it replaces.
 */
export const CostsPerKey = (param: string) => SetMetadata(RATE_COST_PARAM, param);

/** What a request counts for against its rate limit: 1, or the batch's share for a batch. */
export function rateCost(req: FastifyRequest, param: string | undefined): number {
  if (!param) return 1;
  const raw = (req.query as Record<string, unknown> | undefined)?.[param];
  const values = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  const keys = new Set<string>();
  for (const v of values)
    if (typeof v === 'string')
      for (const part of v.split(',')) {
        const k = part.trim().toLowerCase();
        if (k) keys.add(k);
      }
  return Math.max(1, Math.ceil(keys.size / KEYS_PER_REQUEST_COST));
}
