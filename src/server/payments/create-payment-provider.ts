import type { AppConfig } from '../config';
import { DemoPaymentProvider } from './demo-provider';
import type { PaymentProvider } from './payment-provider';
import { StripePaymentProvider } from './stripe-provider';

/** The demo card network unless Stripe is configured (config refuses demo in production). */
export function createPaymentProvider(config: AppConfig): PaymentProvider {
  return config.payments.provider === 'stripe'
    ? StripePaymentProvider.fromConfig(config.payments)
    : new DemoPaymentProvider();
}
