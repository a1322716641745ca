import { Body, Controller, Get, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AccountUseCases } from '../../../application/operators/account.use-cases';
import { SignInUseCase } from '../../../application/operators/sign-in.use-case';
import { InvalidParamError } from '../../../domain/shared/domain-error';
import { Public } from '../../http/auth/auth.decorators';
import { clientIp, clientIpKey } from '../../http/common/client-ip';
import { renderPage } from '../web-page';
import { sessionCookieOptions, SESSION_COOKIE } from './admin-cookies';
import { AdminPageGuard, SignedOutPage } from './admin-page.guard';
import { csrfToken, pageBase } from './admin-view';

const text = (v: unknown, max = 300) => (typeof v === 'string' ? v.slice(0, max) : '');

/** Sign-in, sign-out and the operator's own account (password, other sessions). */
@ApiExcludeController()
@Public()
@UseGuards(AdminPageGuard)
@Controller('admin')
export class AdminAccountController {
  constructor(
    private readonly signIn: SignInUseCase,
    private readonly account: AccountUseCases,
  ) {}

  @Get('sign-in')
  @SignedOutPage()
  async signInPage(
    @Query('signed_out') signedOut: unknown,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (req.adminSession) return void reply.redirect('/admin', 303);
    await this.renderSignIn(req, reply, signedOut !== undefined ? 'You are signed out.' : null);
  }

  @Post('sign-in')
  @SignedOutPage()
  async signInPost(
    @Body() body: Record<string, unknown>,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const ip = clientIp(req);
    const result = await this.signIn.execute({
      email: text(body?.email),
      password: text(body?.password, 1024),
      ip,
      ipKey: clientIpKey(ip),
      userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null,
    });
    if (result.kind === 'signed_in') {
      // A new id at every sign-in; whatever session this browser had is ended.
      if (req.adminSession) await this.account.signOut(req.adminSession, ip);
      void reply.setCookie(
        SESSION_COOKIE,
        result.sessionId,
        sessionCookieOptions(result.expiresAt),
      );
      return void reply.header('Cache-Control', 'no-store').redirect('/admin', 303);
    }
    const [message, status] =
      result.kind === 'locked'
        ? [
            `Too many failed sign-ins: sign-in is refused for ${result.retryMinutes} more minute(s).`,
            429,
          ]
        : result.kind === 'busy'
          ? [result.message, 503]
          : ['Wrong e-mail address or password.', 401];
    if (result.kind === 'busy') void reply.header('Retry-After', '5');
    await this.renderSignIn(req, reply, message, status, text(body?.email, 254));
  }

  @Post('sign-out')
  async signOut(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.account.signOut(req.adminSession!, clientIp(req));
    void reply.clearCookie(SESSION_COOKIE, sessionCookieOptions());
    await reply.header('Cache-Control', 'no-store').redirect('/admin/sign-in?signed_out=1', 303);
  }

  @Get('account')
  async accountPage(
    @Query('done') done: unknown,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const notice =
      done === 'password'
        ? 'Password changed; your other sessions were ended.'
        : done === 'sessions'
          ? 'Your other sessions were ended.'
          : null;
    await renderPage(reply, 'admin-account.eta', {
      ...pageBase(req, reply, 'Account', '/admin/account'),
      session: req.adminSession,
      notice,
      error: null,
    });
  }

  @Post('account/sessions')
  async endOthers(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.account.endOtherSessions(req.adminSession!, clientIp(req));
    await reply.header('Cache-Control', 'no-store').redirect('/admin/account?done=sessions', 303);
  }

  @Post('account/password')
  async changePassword(
    @Body() body: Record<string, unknown>,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    try {
      await this.account.changePassword(
        req.adminSession!,
        clientIp(req),
        text(body?.current, 1024),
        text(body?.password, 1024),
        text(body?.confirm, 1024),
      );
    } catch (e) {
      if (!(e instanceof InvalidParamError)) throw e;
      return renderPage(
        reply,
        'admin-account.eta',
        {
          ...pageBase(req, reply, 'Account', '/admin/account'),
          session: req.adminSession,
          notice: null,
          error: e.message,
        },
        400,
      );
    }
    await reply.header('Cache-Control', 'no-store').redirect('/admin/account?done=password', 303);
  }

  private renderSignIn(
    req: FastifyRequest,
    reply: FastifyReply,
    message: string | null,
    status = 200,
    email = '',
  ): Promise<void> {
    return renderPage(
      reply,
      'admin-sign-in.eta',
      { title: 'Operator sign-in', csrf: csrfToken(req, reply), message, email },
      status,
    );
  }
}
