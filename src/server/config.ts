import { z } from 'zod';
import type { CompanyDetails } from '../contract/company-details';
import { authEnv, authOf, type AuthSettings } from './config-auth';
import { bookingEnv, bookingOf, type BookingSettings } from './config-booking';
import { companyEnv, companyOf } from './config-company';
import {
  httpEnv,
  httpLimitsOf,
  liveOf,
  type HttpLimitsConfig,
  type LiveConfig,
} from './config-http';
import { mailEnv, mailOf, type MailSettings } from './config-mail';
import {
  paymentsEnv,
  paymentsOf,
  walletOf,
  type PaymentsConfig,
  type WalletConfig,
} from './config-payments';
import { pushEnv, pushOf, type PushConfig } from './config-push';
import {
  analyticsOf,
  errorReportingOf,
  reportingEnv,
  type AnalyticsConfig,
  type ErrorReportingConfig,
} from './config-reporting';
import { serverEnv, serverOf, type ServerSettings } from './config-server';
import { travelEnv, travelOf, type TravelSettings } from './config-travel';
import { uploadsBucketOf, uploadsEnv, type UploadsBucketConfig } from './config-uploads';
import { webhooksEnv, webhooksOf, type WebhooksConfig } from './config-webhooks';

// Every setting the server reads, validated once at boot. A bad or missing value stops the process
// with a message naming the variable, instead of failing later in the middle of a request.
//
// Each concern's settings, their rules and what they become are in a config-*.ts of their own;
// this file puts them together. The rest of the server imports only this one (decision 0071).

export { DEMO_COMPANY } from './config-company';
export type { SocialProviderConfig, OidcConfig } from './config-auth';
export type { CancellationPolicyConfig, ReviewsConfig } from './config-booking';
export type {
  HttpLimitsConfig,
  LiveConfig,
  PushConfig,
  TravelSettings,
  WalletConfig,
  WebhooksConfig,
};

const envSchema = z.object({
  ...serverEnv,
  ...bookingEnv,
  ...authEnv,
  ...httpEnv,
  ...mailEnv,
  ...paymentsEnv,
  ...pushEnv,
  ...webhooksEnv,
  ...companyEnv,
  ...travelEnv,
  // Customers' uploads in an S3-compatible bucket (config-uploads.ts).
  ...uploadsEnv,
  // Analytics and error reports (config-reporting.ts).
  ...reportingEnv,
});

export interface AppConfig extends ServerSettings, BookingSettings, AuthSettings, MailSettings {
  http: HttpLimitsConfig;
  live: LiveConfig;
  payments: PaymentsConfig;
  wallet: WalletConfig;
  push: PushConfig;
  /** Signed booking events to the company's other systems; null: none are written. */
  webhooks: WebhooksConfig | null;
  company: CompanyDetails;
  travel: TravelSettings;
  /** Customers' uploads go to this bucket; null: local disk under mediaDir. */
  uploadsBucket: UploadsBucketConfig | null;
  analytics: AnalyticsConfig;
  /** null: nothing is reported and no error-reporting SDK is loaded. */
  errorReporting: ErrorReportingConfig | null;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): AppConfig {
  // An empty variable means "not set", as in most shells' `VAR= cmd`.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.') || '(environment)'}: ${i.message}`),
    );
  }
  const e = parsed.data;
  // Settings that contradict each other, or that production lacks, are listed in this order.
  const problems: string[] = [];
  const server = serverOf(e, problems);
  const { isProduction } = server;
  const auth = authOf(e, problems);
  const payments = paymentsOf(e, isProduction, problems);
  const booking = bookingOf(e, problems);
  const push = pushOf(e, server.publicUrl, isProduction, problems);
  const webhooks = webhooksOf(e, isProduction, problems);
  const company = companyOf(e, isProduction, problems);
  const uploadsBucket = uploadsBucketOf(e, isProduction, problems);
  const errorReporting = errorReportingOf(e, isProduction, problems);
  if (problems.length > 0) throw new ConfigError(problems);

  return {
    ...server,
    ...booking,
    ...auth,
    ...mailOf(e),
    http: httpLimitsOf(e),
    live: liveOf(e),
    payments,
    wallet: walletOf(e),
    push,
    webhooks,
    company,
    travel: travelOf(e),
    uploadsBucket,
    analytics: analyticsOf(e),
    errorReporting,
  };
}
