import { Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { BatchCap } from '../../../application/shared/batch-lookup';
import { ListCursors, ListScope, PagePlan } from '../../../application/shared/list-cursor';
import { batchCap } from '../../../application/shared/page-caps';
import { Page, PageRequest } from '../../../domain/shared/page';
import { AppConfig } from '../../../infrastructure/config/app-config';
import { APP_CONFIG } from '../../../infrastructure/config/core.module';
import { PaginationQueryDto } from './list-query.dto';
import { DEFAULT_LIMIT, effectivePage, MAX_LIMIT } from './page-request';

const BOUNDS = { defaultLimit: DEFAULT_LIMIT, maxLimit: MAX_LIMIT };

/** The page a request may read, with the caller's tier caps applied. */
@Injectable()
export class PageResolver {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly cursors: ListCursors,
  ) {}

  resolve(q: PaginationQueryDto, req: FastifyRequest): PageRequest {
    return effectivePage(q.limit, q.offset, req.principal, this.config.limits);
  }

  /**
   * The page of a list that pages by cursor too: `offset`, or `cursor` (the previous page's
   * nextCursor; not both), with the caller's tier caps (issue 34, item 3).
   */
  plan(q: PaginationQueryDto, req: FastifyRequest, scope: ListScope): PagePlan {
    return this.cursors.plan(q, req.principal?.tier, this.config.limits, BOUNDS, scope);
  }

  /** The most keys a batch lookup (`?cpso=`, `?id=`) takes for the caller's tier. */
  batchCap(req: FastifyRequest): BatchCap {
    return batchCap(req.principal?.tier, this.config.limits);
  }

  /** The nextCursor of a page read by `plan` (null on the last page). */
  next(plan: PagePlan, scope: ListScope, page: Page<unknown>): string | null {
    return this.cursors.next(plan, scope, page);
  }
}
