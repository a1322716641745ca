import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CheckoutSettings } from '../../application/checkout/checkout-settings';
import { PaymentProvider } from '../../application/checkout/payment-provider';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/core.module';
import { DemoPaymentProvider } from './demo-payment.provider';
import { StripePaymentProvider } from './stripe-payment.provider';

/** The payment provider of this configuration: Stripe with its secrets, else the demo. */
export function paymentProviderFor(config: AppConfig, ds: DataSource): PaymentProvider {
  const { stripe, publicUrl, demoWebhookSecret } = config.checkout;
  return stripe
    ? new StripePaymentProvider(stripe)
    : new DemoPaymentProvider(ds, publicUrl ?? '', demoWebhookSecret);
}

/**
 * Binds the PaymentProvider port and the checkout settings. `DemoPaymentProvider` is also
 * provided for the demo's hosted page: the same instance in demo mode, null with Stripe.
 */
@Module({
  providers: [
    {
      provide: PaymentProvider,
      useFactory: paymentProviderFor,
      inject: [APP_CONFIG, DataSource],
    },
    {
      provide: DemoPaymentProvider,
      useFactory: (p: PaymentProvider) => (p instanceof DemoPaymentProvider ? p : null),
      inject: [PaymentProvider],
    },
    {
      provide: CheckoutSettings,
      useFactory: (config: AppConfig) =>
        new CheckoutSettings(config.checkout.priceCents, config.checkout.publicUrl ?? null),
      inject: [APP_CONFIG],
    },
  ],
  exports: [PaymentProvider, DemoPaymentProvider, CheckoutSettings],
})
export class PaymentsModule {}
