import { Module } from '@nestjs/common';
import { CompleteCheckoutUseCase } from '../../../application/checkout/complete-checkout.use-case';
import { HandlePaymentEventUseCase } from '../../../application/checkout/handle-payment-event.use-case';
import { RememberedSessionStatus } from '../../../application/checkout/remembered-session-status';
import { StartCheckoutUseCase } from '../../../application/checkout/start-checkout.use-case';
import { PaymentsModule } from '../../../infrastructure/payments/payments.module';
import { OrdersPersistenceModule } from '../../../infrastructure/persistence/orders/orders-persistence.module';
import { RateLimitStorageModule } from '../../../infrastructure/rate-limit/rate-limit-storage.module';
import { SecurityModule } from '../../../infrastructure/security/security.module';
import { CheckoutWebhookController } from './checkout-webhook.controller';
import { CheckoutController } from './checkout.controller';

/** The checkout pages and the provider's webhook. */
@Module({
  imports: [PaymentsModule, OrdersPersistenceModule, SecurityModule, RateLimitStorageModule],
  controllers: [CheckoutController, CheckoutWebhookController],
  providers: [
    StartCheckoutUseCase,
    CompleteCheckoutUseCase,
    HandlePaymentEventUseCase,
    RememberedSessionStatus,
  ],
})
export class CheckoutModule {}
