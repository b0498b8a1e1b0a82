import { z } from 'zod';
import { int, type EnvOf } from './config-values';

// Money: the card provider, the platform's fee and the jobs that settle payments; and the wallet's
// credit, from referrals and its expiry.

export const paymentsEnv = {
  // Payments: the demo provider unless a Stripe secret key is given.
  PAYMENT_PROVIDER: z.enum(['demo', 'stripe'], { message: 'must be demo or stripe' }).optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  /** Only for tests: where the Stripe SDK sends its requests (a local stand-in). */
  STRIPE_API_URL: z.url({ message: 'must be an absolute URL' }).optional(),
  PLATFORM_FEE_PERCENT: int(0, 100).default(20),
  /**
   * A payment attempt with no answer from the provider after this long (a crash, a timeout) is
   * settled by the reconciler; it must outlast the provider client's own timeouts and retries.
   */
  PAYMENT_RECONCILE_AFTER_SECONDS: int(1, 24 * 60 * 60).default(120),
  /** How often the reconciler and the provider-call worker look for work. */
  PAYMENT_JOBS_INTERVAL_SECONDS: int(1, 60 * 60).default(30),
  /**
   * Referral credit (docs/product.md#referrals): off a referred customer's first booking, and to
   * their referrer.
   */
  REFERRAL_CREDIT_PENCE: int(1, 100_000).default(1000),
  /** Wallet credit unspent this many days after it was added is written off; unset: never. */
  WALLET_CREDIT_EXPIRY_DAYS: int(1, 3650).optional(),
};

export interface PaymentsConfig {
  provider: 'demo' | 'stripe';
  stripeSecretKey: string | null;
  stripeWebhookSecret: string | null;
  stripePublishableKey: string | null;
  stripeApiUrl: string | null;
  platformFeePercent: number;
  reconcileAfterSeconds: number;
  jobsIntervalSeconds: number;
}

export interface WalletConfig {
  referralCreditPence: number;
  /** null: credit never expires. */
  creditExpiryDays: number | null;
}

type PaymentsEnv = EnvOf<typeof paymentsEnv>;

/** The payment settings; a provider short of its keys, or the demo one in production, is a problem. */
export function paymentsOf(
  e: PaymentsEnv,
  isProduction: boolean,
  problems: string[],
): PaymentsConfig {
  const provider = e.PAYMENT_PROVIDER ?? (e.STRIPE_SECRET_KEY ? 'stripe' : 'demo');
  if (provider === 'stripe') {
    if (!e.STRIPE_SECRET_KEY)
      problems.push('STRIPE_SECRET_KEY: required with PAYMENT_PROVIDER=stripe');
    if (!e.STRIPE_WEBHOOK_SECRET)
      problems.push('STRIPE_WEBHOOK_SECRET: required with PAYMENT_PROVIDER=stripe');
  }
  if (isProduction && provider === 'demo')
    problems.push('PAYMENT_PROVIDER: the demo card provider is never used in production');
  return {
    provider,
    stripeSecretKey: e.STRIPE_SECRET_KEY ?? null,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null,
    stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY ?? null,
    stripeApiUrl: e.STRIPE_API_URL ?? null,
    platformFeePercent: e.PLATFORM_FEE_PERCENT,
    reconcileAfterSeconds: e.PAYMENT_RECONCILE_AFTER_SECONDS,
    jobsIntervalSeconds: e.PAYMENT_JOBS_INTERVAL_SECONDS,
  };
}

export function walletOf(e: PaymentsEnv): WalletConfig {
  return {
    referralCreditPence: e.REFERRAL_CREDIT_PENCE,
    creditExpiryDays: e.WALLET_CREDIT_EXPIRY_DAYS ?? null,
  };
}
