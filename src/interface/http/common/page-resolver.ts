import { Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { PageRequest } from '../../../domain/shared/page';
import { AppConfig } from '../../../infrastructure/config/app-config';
import { APP_CONFIG } from '../../../infrastructure/config/core.module';
import { PaginationQueryDto } from './list-query.dto';
import { effectivePage } from './page-request';

/** The page a request may read, with the caller's tier caps applied. */
@Injectable()
export class PageResolver {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  resolve(q: PaginationQueryDto, req: FastifyRequest): PageRequest {
    return effectivePage(q.limit, q.offset, req.principal, this.config.limits);
  }
}
