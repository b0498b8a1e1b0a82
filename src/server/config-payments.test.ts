import { describe, expect, it } from 'vitest';
import { problemsOf } from '../test-support/config-problems';
import { loadConfig } from './config';

describe('payment settings', () => {
  it('uses the demo card provider unless Stripe is configured, and never in production', () => {
    expect(loadConfig({}).payments.provider).toBe('demo');
    expect(
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }).payments
        .provider,
    ).toBe('stripe');
    expect(problemsOf({ PAYMENT_PROVIDER: 'stripe' })).toEqual([
      'STRIPE_SECRET_KEY: required with PAYMENT_PROVIDER=stripe',
      'STRIPE_WEBHOOK_SECRET: required with PAYMENT_PROVIDER=stripe',
    ]);
    expect(problemsOf({ APP_ENV: 'production' })).toContain(
      'PAYMENT_PROVIDER: the demo card provider is never used in production',
    );
  });
});
