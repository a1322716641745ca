import { Controller, Get, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuditPageFrom } from '../../../application/operators/audit-log';
import { AuditPageUseCase } from '../../../application/operators/audit-page.use-case';
import { Public } from '../../http/auth/auth.decorators';
import { renderPage } from '../web-page';
import { AdminPageGuard } from './admin-page.guard';
import { PAGE_SIZE, pageBase } from './admin-view';

/** An entry id from the query string (a bigint), or undefined for anything else. */
const entryId = (raw: unknown) =>
  typeof raw === 'string' && /^[1-9]\d{0,17}$/.test(raw) ? raw : undefined;

/**
 * The audit log, 50 entries a page, newest first, paged from an entry (`older_than`,
 * `newer_than`) so any page of millions of entries reads only its own.
 */
@ApiExcludeController()
@Public()
@UseGuards(AdminPageGuard)
@Controller('admin/audit')
export class AdminAuditController {
  constructor(private readonly audit: AuditPageUseCase) {}

  @Get()
  async page(
    @Query() q: Record<string, unknown>,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const older = entryId(q.older_than);
    const newer = entryId(q.newer_than);
    const from: AuditPageFrom = older
      ? { olderThan: older }
      : newer
        ? { newerThan: newer }
        : { newest: true };
    const page = await this.audit.execute(from, PAGE_SIZE);
    const first = page.entries[0];
    const last = page.entries[page.entries.length - 1];
    await renderPage(reply, 'admin-audit.eta', {
      ...pageBase(req, reply, 'Audit log', '/admin/audit'),
      entries: page.entries,
      total: page.total,
      hasNewer: page.hasNewer,
      newer: page.hasNewer && first ? first.id : null,
      older: page.hasOlder && last ? last.id : null,
    });
  }
}
