import { createHash } from 'node:crypto';
import { Controller, Get, HttpCode, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CheckoutSettings } from '../../../application/checkout/checkout-settings';
import { CompleteCheckoutUseCase } from '../../../application/checkout/complete-checkout.use-case';
import { HandlePaymentEventUseCase } from '../../../application/checkout/handle-payment-event.use-case';
import { StartCheckoutUseCase } from '../../../application/checkout/start-checkout.use-case';
import { AppConfig } from '../../../infrastructure/config/app-config';
import { APP_CONFIG } from '../../../infrastructure/config/core.module';
import { DemoPaymentProvider } from '../../../infrastructure/payments/demo-payment.provider';
import { RateLimitStorage } from '../../../infrastructure/rate-limit/rate-limit.storage';
import { Public } from '../../http/auth/auth.decorators';
import { clientIp, clientIpKey } from '../../http/common/client-ip';
import { COPY_SCRIPT_PATH } from '../web-setup';
import { renderErrorPage, renderPage } from '../web-page';

/** The browser's claim on its order: HttpOnly, sent back only to /checkout pages. */
export const CLAIM_COOKIE = 'gtad_checkout_claim';
const SESSION_ID = /^[A-Za-z0-9_-]{1,255}$/;

const money = (cents: number, currency: string) =>
  `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

/**
 * The checkout pages (decisions.md, Live keys at checkout): thin, each one use case. Refusing
 * cross-site form posts is the app-wide Fetch-Metadata check; the POST is also rate-limited per
 * client IP in the shared rate-limit storage.
 */
@ApiExcludeController()
@Public()
@Controller('checkout')
export class CheckoutController {
  constructor(
    private readonly start: StartCheckoutUseCase,
    private readonly complete: CompleteCheckoutUseCase,
    private readonly handleEvent: HandlePaymentEventUseCase,
    private readonly settings: CheckoutSettings,
    private readonly counters: RateLimitStorage,
    @Inject(DemoPaymentProvider) private readonly demo: DemoPaymentProvider | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  async page(@Query('cancelled') cancelled: unknown, @Res() reply: FastifyReply): Promise<void> {
    await renderPage(reply, 'checkout.eta', {
      title: 'Buy a live API key',
      notice:
        cancelled !== undefined
          ? 'Checkout cancelled: nothing was charged and no key issued.'
          : null,
      price: money(this.settings.priceCents, this.settings.currency),
      ratePerMin: this.config.limits.liveRatePerMin,
      sandboxWindow: this.config.limits.sandboxMaxWindow,
      demo: this.demo !== null,
    });
  }

  @Post()
  async buy(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const ip = clientIpKey(clientIp(req));
    const counter = `checkout:${createHash('sha256').update(ip).digest('base64url')}`;
    const limit = this.config.checkout.ratePerMin;
    const rec = await this.counters.increment(counter, 60_000, limit, 0, 'checkout');
    if (rec.isBlocked) {
      return renderErrorPage(
        reply,
        429,
        `Too many checkouts from your address (${limit} a minute); try again in ${rec.timeToBlockExpire} s.`,
        { 'Retry-After': String(rec.timeToBlockExpire) },
      );
    }
    const started = await this.start.execute();
    void reply.setCookie(CLAIM_COOKIE, started.claimToken, {
      path: '/checkout',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.settings.publicUrl.startsWith('https:'),
      maxAge: 24 * 60 * 60,
    });
    await reply.status(303).header('Cache-Control', 'no-store').redirect(started.redirectUrl, 303);
  }

  @Get('complete')
  async completed(
    @Query('session_id') sessionId: unknown,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (typeof sessionId !== 'string' || !SESSION_ID.test(sessionId)) {
      return renderErrorPage(
        reply,
        400,
        'This address needs the session_id the payment page gave.',
      );
    }
    const view = await this.complete.execute(sessionId, req.cookies[CLAIM_COOKIE]);
    // The claim has done its work once the key is on screen: the browser forgets it.
    if (view.kind === 'key') void reply.clearCookie(CLAIM_COOKIE, { path: '/checkout' });
    await renderPage(reply, 'checkout-complete.eta', {
      title: view.kind === 'key' ? 'Your live key' : 'Your order',
      view,
      publicUrl: this.settings.publicUrl,
      refreshSeconds: view.kind === 'processing' ? 3 : undefined,
      scripts: view.kind === 'key' ? [COPY_SCRIPT_PATH] : undefined,
    });
  }

  /** The demo provider's hosted page (404 when Stripe is configured). */
  @Get('demo/:id')
  async demoPage(@Param('id') id: string, @Res() reply: FastifyReply): Promise<void> {
    const session = this.demo ? await this.demo.session(id) : null;
    if (!session) return renderErrorPage(reply, 404, 'No demo payment has this id.');
    await renderPage(reply, 'checkout-demo.eta', {
      title: 'Demo payment: no money moves',
      session,
      price: money(session.amountCents, session.currency),
    });
  }

  @Post('demo/:id/pay')
  @HttpCode(303)
  async demoPay(@Param('id') id: string, @Res() reply: FastifyReply): Promise<void> {
    return this.demoSettle(id, 'pay', reply);
  }

  @Post('demo/:id/cancel')
  @HttpCode(303)
  async demoCancel(@Param('id') id: string, @Res() reply: FastifyReply): Promise<void> {
    return this.demoSettle(id, 'cancel', reply);
  }

  private async demoSettle(id: string, action: 'pay' | 'cancel', reply: FastifyReply) {
    const session = this.demo ? await this.demo.session(id) : null;
    if (!this.demo || !session) return renderErrorPage(reply, 404, 'No demo payment has this id.');
    const event = action === 'pay' ? await this.demo.pay(id) : await this.demo.cancel(id);
    // The same path as a webhook delivery of the event Stripe would send.
    if (event) await this.handleEvent.execute(event);
    const after = await this.demo.session(id);
    const target = after?.status === 'cancelled' ? session.cancelUrl : session.successUrl;
    await reply.header('Cache-Control', 'no-store').redirect(target, 303);
  }
}
