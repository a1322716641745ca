import { Body, Controller, Get, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OperatorsAdminUseCases } from '../../../application/operators/operators-admin.use-cases';
import { SIGN_IN_LIMITS } from '../../../domain/operators/sign-in-throttle';
import { DomainError } from '../../../domain/shared/domain-error';
import { Public } from '../../http/auth/auth.decorators';
import { clientIp } from '../../http/common/client-ip';
import { renderPage } from '../web-page';
import { AdminPageGuard } from './admin-page.guard';
import { pageBase } from './admin-view';

/** The operators page: who can sign in, their addresses' recent failures, and unlock. */
@ApiExcludeController()
@Public()
@UseGuards(AdminPageGuard)
@Controller('admin/operators')
export class AdminOperatorsController {
  constructor(private readonly operators: OperatorsAdminUseCases) {}

  @Get()
  async list(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.render(req, reply, null, null);
  }

  /** Rendered, not redirected: the notice says what the server did, never what a URL says. */
  @Post('unlock')
  async unlock(
    @Body() body: Record<string, unknown>,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const email = typeof body?.email === 'string' ? body.email.slice(0, 300) : '';
    const s = req.adminSession!;
    try {
      const { cleared } = await this.operators.unlock(email, {
        via: 'dashboard',
        operatorId: s.operator.id,
        operatorEmail: s.operator.email,
        ip: clientIp(req),
      });
      await this.render(
        req,
        reply,
        `Unlocked ${email.trim().toLowerCase()}: ${cleared} sign-in failure(s) forgotten.`,
        null,
      );
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      await this.render(req, reply, null, e.message, e.code === 'not_found' ? 404 : 400);
    }
  }

  private async render(
    req: FastifyRequest,
    reply: FastifyReply,
    notice: string | null,
    error: string | null,
    status = 200,
  ): Promise<void> {
    await renderPage(
      reply,
      'admin-operators.eta',
      {
        ...pageBase(req, reply, 'Operators', '/admin/operators'),
        operators: await this.operators.listWithSignInState(),
        windowMinutes: SIGN_IN_LIMITS.windowMinutes,
        perPair: SIGN_IN_LIMITS.perPair,
        notice,
        error,
      },
      status,
    );
  }
}
