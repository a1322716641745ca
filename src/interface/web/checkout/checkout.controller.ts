import { createHash } from 'node:crypto';
import { Controller, Get, HttpCode, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CheckoutSettings } from '../../../application/checkout/checkout-settings';
import { CompleteCheckoutUseCase } from '../../../application/checkout/complete-checkout.use-case';
import { HandlePaymentEventUseCase } from '../../../application/checkout/handle-payment-event.use-case';
import { StartCheckoutUseCase } from '../../../application/checkout/start-checkout.use-case';
import { Clock } from '../../../application/shared/clock';
import { AppConfig } from '../../../infrastructure/config/app-config';
import { APP_CONFIG } from '../../../infrastructure/config/core.module';
import { DemoPaymentProvider } from '../../../infrastructure/payments/demo-payment.provider';
import {
  RateLimitRecord,
  RateLimitStorage,
} from '../../../infrastructure/rate-limit/rate-limit.storage';
import { Public } from '../../http/auth/auth.decorators';
import { clientIp, clientIpKey } from '../../http/common/client-ip';
import { COPY_SCRIPT_PATH } from '../web-setup';
import { renderErrorPage, renderPage } from '../web-page';
import {
  CLAIM_MAX_AGE_SECONDS,
  claimCookieName,
  claimCookieValue,
  claimsToDrop,
  claimTokenOf,
  LEGACY_CLAIM_COOKIE,
} from './claim-cookies';
import { isLoopbackClient } from './loopback-client';

const SESSION_ID = /^[A-Za-z0-9_-]{1,255}$/;
/** A Host header fit to be shown back in the usage example (no PUBLIC_URL). */
const SHOWABLE_HOST = /^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;
/** The completion page of a payment still settling reloads itself this often. */
const PROCESSING_REFRESH_SECONDS = 10;

/** Cookie options of every claim: HttpOnly, sent back only to /checkout pages. */
const CLAIM_PATH = '/checkout';

/**
 * The referrer policy of the pages with a form (Buy, Pay, Cancel). Over plain HTTP at an address
 * other than localhost (a LAN address) browsers send no Sec-Fetch-Site, and under the app-wide
 * `no-referrer` they send `Origin: null`, which the cross-origin check must refuse; with
 * `same-origin` a same-origin post carries its real Origin (a cross-origin one still sends null).
 */
const FORM_PAGE_REFERRER_POLICY = 'same-origin';

/** The demo's refusal to a client that is not on this machine (CHECKOUT_DEMO_PUBLIC unset). */
export const DEMO_LOOPBACK_ONLY =
  'This service runs the demo payment provider, which gives live keys away, so it serves only ' +
  'this machine (loopback addresses). To offer the demo on other addresses, start the service ' +
  'with CHECKOUT_DEMO_PUBLIC=true; to sell keys, configure Stripe.';

/** The address is over CHECKOUT_RATE_PER_MIN: the provider is not asked. */
class CheckoutLimitReached extends Error {
  constructor(readonly record: RateLimitRecord) {
    super('checkout rate limit');
  }
}

const money = (cents: number, currency: string) =>
  `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

/**
 * The checkout pages (decisions.md, Live keys at checkout): thin, each one use case. Refusing
 * cross-site form posts is the app-wide Fetch-Metadata check. Per client IP, in the shared
 * rate-limit storage, CHECKOUT_RATE_PER_MIN counts what makes the provider work: each POST
 * (a new session) and each completion page that has to ask about a pending order. The demo
 * provider serves loopback clients only, unless CHECKOUT_DEMO_PUBLIC.
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
    private readonly clock: Clock,
  ) {}

  @Get()
  async page(
    @Query('cancelled') cancelled: unknown,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    void reply.header('Referrer-Policy', FORM_PAGE_REFERRER_POLICY);
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
      demoRefused: this.demoRefuses(req) ? DEMO_LOOPBACK_ONLY : null,
    });
  }

  @Post()
  async buy(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (this.demoRefuses(req)) return renderErrorPage(reply, 403, DEMO_LOOPBACK_ONLY);
    const rec = await this.countProviderWork(req);
    if (rec.isBlocked) return this.tooMany(reply, rec);
    const started = await this.start.execute();
    // One claim per order; the oldest claims go first when the browser holds too many.
    for (const name of claimsToDrop(req.cookies)) {
      void reply.clearCookie(name, { path: CLAIM_PATH });
    }
    void reply.setCookie(
      claimCookieName(started.sessionId),
      claimCookieValue(started.claimToken, this.clock.now()),
      {
        path: CLAIM_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: this.secure(req),
        maxAge: CLAIM_MAX_AGE_SECONDS,
      },
    );
    await reply.status(303).header('Cache-Control', 'no-store').redirect(started.redirectUrl, 303);
  }

  @Get('complete')
  async completed(
    @Query('session_id') sessionId: unknown,
    @Query('refresh') refresh: unknown,
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
    const claimName = claimCookieName(sessionId);
    const own = claimTokenOf(req.cookies[claimName]);
    const legacy = req.cookies[LEGACY_CLAIM_COOKIE];
    let view;
    try {
      // A load from the provider's return (or a person's reload) asks the provider afresh, counted
      // by the page's limit; the page's own automatic refresh (`refresh=1`) may reuse an answer
      // remembered a few seconds.
      const afresh = refresh !== '1';
      view = await this.complete.execute(
        sessionId,
        own ?? legacy,
        async () => {
          const rec = await this.countProviderWork(req);
          if (rec.isBlocked) throw new CheckoutLimitReached(rec);
        },
        afresh,
      );
    } catch (e) {
      if (e instanceof CheckoutLimitReached) return this.tooMany(reply, e.record);
      throw e;
    }
    // The claim has done its work once the key is shown (or can no longer be): forget it.
    if (['key', 'already_shown', 'revoked'].includes(view.kind) && req.cookies[claimName]) {
      void reply.clearCookie(claimName, { path: CLAIM_PATH });
    }
    if (view.kind === 'key' && own === undefined && legacy !== undefined) {
      void reply.clearCookie(LEGACY_CLAIM_COOKIE, { path: CLAIM_PATH });
    }
    await renderPage(reply, 'checkout-complete.eta', {
      title: view.kind === 'key' ? 'Your live key' : 'Your order',
      view,
      publicUrl: this.settings.publicUrl ?? this.requestOrigin(req),
      refreshSeconds: view.kind === 'processing' ? PROCESSING_REFRESH_SECONDS : undefined,
      refreshUrl: `/checkout/complete?session_id=${encodeURIComponent(sessionId)}&refresh=1`,
      scripts: view.kind === 'key' ? [COPY_SCRIPT_PATH] : undefined,
    });
  }

  /** The demo provider's hosted page (404 when Stripe is configured). */
  @Get('demo/:id')
  async demoPage(
    @Param('id') id: string,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (this.demoRefuses(req)) return renderErrorPage(reply, 403, DEMO_LOOPBACK_ONLY);
    const session = this.demo ? await this.demo.session(id) : null;
    if (!session) return renderErrorPage(reply, 404, 'No demo payment has this id.');
    void reply.header('Referrer-Policy', FORM_PAGE_REFERRER_POLICY);
    await renderPage(reply, 'checkout-demo.eta', {
      title: 'Demo payment: no money moves',
      session,
      price: money(session.amountCents, session.currency),
    });
  }

  @Post('demo/:id/pay')
  @HttpCode(303)
  async demoPay(
    @Param('id') id: string,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.demoSettle(id, 'pay', req, reply);
  }

  @Post('demo/:id/cancel')
  @HttpCode(303)
  async demoCancel(
    @Param('id') id: string,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.demoSettle(id, 'cancel', req, reply);
  }

  private async demoSettle(
    id: string,
    action: 'pay' | 'cancel',
    req: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (this.demoRefuses(req)) return renderErrorPage(reply, 403, DEMO_LOOPBACK_ONLY);
    const session = this.demo ? await this.demo.session(id) : null;
    if (!this.demo || !session) return renderErrorPage(reply, 404, 'No demo payment has this id.');
    const event = action === 'pay' ? await this.demo.pay(id) : await this.demo.cancel(id);
    // The same path as a webhook delivery of the event Stripe would send.
    if (event) await this.handleEvent.execute(event);
    const after = await this.demo.session(id);
    const target = after?.status === 'cancelled' ? session.cancelUrl : session.successUrl;
    await reply.header('Cache-Control', 'no-store').redirect(target, 303);
  }

  /** The demo provider, CHECKOUT_DEMO_PUBLIC unset, and a client that is not on this machine. */
  private demoRefuses(req: FastifyRequest): boolean {
    return this.demo !== null && !this.config.checkout.demoPublic && !isLoopbackClient(req);
  }

  /** One unit of the address's CHECKOUT_RATE_PER_MIN. */
  private countProviderWork(req: FastifyRequest): Promise<RateLimitRecord> {
    const ip = clientIpKey(clientIp(req));
    const counter = `checkout:${createHash('sha256').update(ip).digest('base64url')}`;
    return this.counters.increment(counter, 60_000, this.config.checkout.ratePerMin, 0, 'checkout');
  }

  private tooMany(reply: FastifyReply, rec: RateLimitRecord): Promise<void> {
    const limit = this.config.checkout.ratePerMin;
    return renderErrorPage(
      reply,
      429,
      `Too many checkouts from your address (${limit} a minute); try again in ${rec.timeToBlockExpire} s.`,
      { 'Retry-After': String(rec.timeToBlockExpire) },
    );
  }

  /** Claims are Secure cookies whenever the page is served over HTTPS. */
  private secure(req: FastifyRequest): boolean {
    return this.settings.publicUrl?.startsWith('https:') ?? req.protocol === 'https';
  }

  /** Without PUBLIC_URL, the address the page was opened at (for the usage example). */
  private requestOrigin(req: FastifyRequest): string {
    const host = req.host;
    return SHOWABLE_HOST.test(host)
      ? `${req.protocol}://${host}`
      : `http://localhost:${this.config.port}`;
  }
}
