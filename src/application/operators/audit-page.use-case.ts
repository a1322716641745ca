import { Injectable } from '@nestjs/common';
import { AuditLog, AuditPage, AuditPageFrom } from './audit-log';

/** Entries counted for the page's total: past this the page says "more than". */
export const AUDIT_COUNT_CAP = 10_000;

/** The dashboard's audit log page: 50 entries from an entry onwards, newest first. */
@Injectable()
export class AuditPageUseCase {
  constructor(private readonly audit: AuditLog) {}

  async execute(from: AuditPageFrom, limit = 50): Promise<AuditPage> {
    const page = await this.audit.page(limit, from, AUDIT_COUNT_CAP);
    // Walking back up past the newest entries ends on the newest page, full.
    if ('newerThan' in from && !page.hasNewer)
      return this.audit.page(limit, { newest: true }, AUDIT_COUNT_CAP);
    return page;
  }
}
