import { Body, Controller, Get, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CHART_DAYS, DashboardUseCases } from '../../../application/operators/dashboard.use-cases';
import { ISSUABLE_TIERS } from '../../../domain/keys/api-key';
import { TIERS } from '../../../domain/keys/tier';
import { ORDER_STATES } from '../../../domain/checkout/order';
import { DomainError } from '../../../domain/shared/domain-error';
import { Public } from '../../http/auth/auth.decorators';
import { clientIp } from '../../http/common/client-ip';
import { COPY_SCRIPT_PATH } from '../web-setup';
import { renderPage } from '../web-page';
import { AdminPageGuard } from './admin-page.guard';
import { chartBars, PAGE_SIZE, pageBase, pageNumber, TIER_COLOURS, tierParam } from './admin-view';

/**
 * The dashboard's pages (decisions.md, Admin dashboard): overview, keys (filter, find by prefix,
 * issue, revoke) and orders (the audit log has its own controller). Thin: each calls the
 * dashboard use cases.
 */
@ApiExcludeController()
@Public()
@UseGuards(AdminPageGuard)
@Controller('admin')
export class AdminPagesController {
  constructor(private readonly dashboard: DashboardUseCases) {}

  @Get()
  async overview(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const o = await this.dashboard.overview();
    const keyTable = TIERS.map((tier) => ({
      tier,
      active: o.keys.find((k) => k.tier === tier && k.active)?.count ?? 0,
      revoked: o.keys.find((k) => k.tier === tier && !k.active)?.count ?? 0,
    }));
    await renderPage(reply, 'admin-overview.eta', {
      ...pageBase(req, reply, 'Overview', '/admin'),
      keyTable,
      orders: ORDER_STATES.map((s) => ({ state: s, count: o.orders[s] ?? 0 })),
      chart: chartBars(o.usage),
      usage: o.usage,
      days: CHART_DAYS,
      colours: TIER_COLOURS,
      tiers: TIERS,
    });
  }

  @Get('keys')
  async keys(
    @Query() q: Record<string, unknown>,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const tier = tierParam(q.tier);
    const state = q.state === 'active' || q.state === 'revoked' ? q.state : undefined;
    const prefix =
      typeof q.prefix === 'string' && /^[A-Za-z0-9_]{1,40}$/.test(q.prefix.trim())
        ? q.prefix.trim()
        : undefined;
    const chain =
      typeof q.chain === 'string' && /^[0-9a-f-]{36}$/i.test(q.chain) ? q.chain : undefined;
    const page = pageNumber(q.page);
    const { keys, total } = await this.dashboard.searchKeys({
      tier,
      active: state === undefined ? undefined : state === 'active',
      prefix,
      chain,
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
    });
    const filters = new URLSearchParams();
    if (tier) filters.set('tier', tier);
    if (state) filters.set('state', state);
    if (prefix) filters.set('prefix', prefix);
    if (chain) filters.set('chain', chain);
    await renderPage(reply, 'admin-keys.eta', {
      ...pageBase(req, reply, 'Keys', '/admin/keys'),
      keys,
      total,
      page,
      pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
      filters: { tier, state, prefix, chain },
      query: filters.toString(),
      tiers: TIERS,
      badPrefix: typeof q.prefix === 'string' && q.prefix.trim() !== '' && !prefix,
    });
  }

  @Get('keys/new')
  async newKey(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await renderPage(reply, 'admin-key-new.eta', {
      ...pageBase(req, reply, 'Issue a key', '/admin/keys/new'),
      tiers: ISSUABLE_TIERS,
      error: null,
    });
  }

  @Post('keys')
  async issue(
    @Body() body: Record<string, unknown>,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const tier = typeof body?.tier === 'string' ? body.tier : '';
    const label = typeof body?.label === 'string' && body.label.trim() ? body.label.trim() : null;
    try {
      const issued = await this.dashboard.issue(req.adminSession!, clientIp(req), tier, label);
      await renderPage(reply, 'admin-key-issued.eta', {
        ...pageBase(req, reply, 'Key issued', '/admin/keys/new'),
        issued,
        label,
        scripts: [COPY_SCRIPT_PATH],
      });
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      await renderPage(
        reply,
        'admin-key-new.eta',
        {
          ...pageBase(req, reply, 'Issue a key', '/admin/keys/new'),
          tiers: ISSUABLE_TIERS,
          error: e.message,
        },
        400,
      );
    }
  }

  @Get('keys/:id/revoke')
  async confirmRevoke(
    @Param('id') id: string,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const key = await this.dashboard.keyToRevoke(id);
    const chain = await this.dashboard.chainOf(key);
    await renderPage(reply, 'admin-key-revoke.eta', {
      ...pageBase(req, reply, `Revoke ${key.keyPrefix}`, '/admin/keys'),
      key,
      chain,
      current: chain[chain.length - 1] ?? key,
    });
  }

  @Post('keys/:id/revoke')
  async revoke(
    @Param('id') id: string,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    // The page reports what this revocation did, from the server's answer (never from a query
    // string): which keys it revoked, or that the chain was already revoked. Revoking is
    // idempotent, so a reload that posts again changes nothing and says so.
    const result = await this.dashboard.revoke(req.adminSession!, clientIp(req), id);
    await renderPage(reply, 'admin-key-revoked.eta', {
      ...pageBase(req, reply, `Revoked ${result.named.keyPrefix}`, '/admin/keys'),
      result,
    });
  }

  @Get('orders')
  async orders(
    @Query('page') rawPage: unknown,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const page = pageNumber(rawPage);
    const [orders, total] = await this.dashboard.ordersPage(PAGE_SIZE, (page - 1) * PAGE_SIZE);
    await renderPage(reply, 'admin-orders.eta', {
      ...pageBase(req, reply, 'Orders', '/admin/orders'),
      orders,
      total,
      page,
      pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    });
  }
}
