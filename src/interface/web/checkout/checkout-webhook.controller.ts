import { Controller, HttpCode, Inject, Post, Req, type RawBodyRequest } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { HandlePaymentEventUseCase } from '../../../application/checkout/handle-payment-event.use-case';
import {
  InvalidPaymentEventError,
  PaymentProvider,
} from '../../../application/checkout/payment-provider';
import { InvalidParamError } from '../../../domain/shared/domain-error';
import { DemoPaymentProvider } from '../../../infrastructure/payments/demo-payment.provider';
import { Public } from '../../http/auth/auth.decorators';
import { ApiError } from '../../http/errors/api-error';
import { isLoopbackClient } from './loopback-client';

/** Provider events are larger than any API request; this route alone takes up to this much. */
export const WEBHOOK_PATH = '/checkout/webhook';
export const WEBHOOK_BODY_LIMIT_BYTES = 256 * 1024;

/**
 * POST /checkout/webhook: the provider's events, verified by signature over the raw body (400
 * `invalid_param` when unsigned, badly signed or older than 5 minutes), recorded once by id and
 * applied to their order; 200 once recorded. JSON in, JSON out (the contract's error body).
 * The demo provider without DEMO_WEBHOOK_SECRET verifies with a published secret, so it takes
 * deliveries from loopback clients only (403 `forbidden` from elsewhere).
 */
@ApiExcludeController()
@Public()
@Controller('checkout')
export class CheckoutWebhookController {
  constructor(
    private readonly provider: PaymentProvider,
    private readonly handleEvent: HandlePaymentEventUseCase,
    @Inject(DemoPaymentProvider) private readonly demo: DemoPaymentProvider | null,
  ) {}

  @Post('webhook')
  @HttpCode(200)
  async receive(@Req() req: RawBodyRequest<FastifyRequest>): Promise<{ received: true }> {
    if (this.demo?.webhookLoopbackOnly && !isLoopbackClient(req)) {
      throw new ApiError(
        'forbidden',
        'The demo webhook takes events from other machines only when DEMO_WEBHOOK_SECRET is set.',
      );
    }
    const raw = req.rawBody;
    if (!raw) throw new InvalidParamError('The webhook takes a signed JSON event body.');
    const signature = req.headers['stripe-signature'];
    let event;
    try {
      event = await this.provider.parseEvent(
        raw,
        typeof signature === 'string' ? signature : undefined,
      );
    } catch (e) {
      if (e instanceof InvalidPaymentEventError)
        throw new InvalidParamError(`Webhook refused: ${e.message}`);
      throw e;
    }
    await this.handleEvent.execute(event);
    return { received: true };
  }
}
