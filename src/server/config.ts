import path from 'node:path';
import { z } from 'zod';
import { UK_REGISTRATION_PLACES, type CompanyDetails } from '../contract/company-details';
import type { LateArrivalPolicy } from '../domain/booking-progress';
import { LATE_ARRIVAL_CREDIT_AFTER_MINUTES, LATE_ARRIVAL_CREDIT_PENCE } from '../domain/constants';
import { DEFAULT_TRAVEL_CONFIG, type TravelConfig } from '../domain/travel-estimate';
import { TRAVEL_MODES } from '../domain/travel-types';
import { uploadsBucketOf, uploadsEnv, type UploadsBucketConfig } from './config-uploads';
import {
  analyticsOf,
  errorReportingOf,
  reportingEnv,
  type AnalyticsConfig,
  type ErrorReportingConfig,
} from './config-reporting';

// Every setting the server reads, validated once at boot. A bad or missing value stops the process
// with a message naming the variable, instead of failing later in the middle of a request.

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const int = (min: number, max: number) =>
  z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

/** Per travel mode, any of them: `{ "car": ... }` changes the car's and keeps the others'. */
const perMode = <T extends z.ZodType>(value: T) =>
  z.strictObject(Object.fromEntries(TRAVEL_MODES.map((m) => [m, value.optional()]))) as z.ZodType<
    Partial<Record<(typeof TRAVEL_MODES)[number], z.output<T>>>
  >;

const minuteOfDay = z
  .number()
  .int('must be a whole number')
  .min(0)
  .max(24 * 60);

/**
 * TRAVEL_ESTIMATE: JSON of the parts of the embedded journey estimate to change (travel-estimate.ts
 * says what each is); the rest keep their defaults. An unknown key is refused, not ignored, so a
 * misspelt one cannot silently leave the default in force.
 */
const travelEstimateSchema = z.strictObject({
  detourFactor: z.number().min(1).max(3).optional(),
  sameDistrictKm: z.number().positive().max(20).optional(),
  speedsKmh: perMode(
    z.strictObject({
      offPeak: z.number().positive().max(200).optional(),
      peak: z.number().positive().max(200).optional(),
    }),
  ).optional(),
  doorMinutes: perMode(z.number().min(0).max(120)).optional(),
  peakBands: z
    .array(
      z
        .tuple([minuteOfDay, minuteOfDay])
        .refine(([start, end]) => start < end, 'must be [start, end) minutes of the day'),
    )
    .max(12)
    .optional(),
  unknownPlaceMinutes: z.number().int('must be a whole number').min(0).max(600).optional(),
  acrossTownMinutes: z.number().int('must be a whole number').min(1).max(600).optional(),
});

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const json = z
  .string()
  .refine(isJson, 'must be JSON, e.g. {"detourFactor":1.5}')
  .transform((text): unknown => JSON.parse(text));

const envSchema = z.object({
  APP_ENV: z.string().default('staging'),
  PORT: int(0, 65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Uploaded files (therapists' photos); <DATA_DIR>/media when unset. Share it between instances. */
  MEDIA_DIR: z.string().min(1).optional(),
  /** The built web app to serve; dist/web when unset. The e2e update test serves a copy. */
  WEB_DIST_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
    .optional(),
  PUBLIC_URL: z.url({ message: 'must be an absolute URL' }).optional(),
  INTERNAL_API_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SEED_DEMO: bool.optional(),
  /** The /dev/mail outbox viewer: on outside production, where it never exists. */
  DEV_MAIL_VIEWER: bool.optional(),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** auto: short human lines in a terminal, JSON lines when piped (docs/decisions/0025). */
  LOG_FORMAT: z
    .enum(['auto', 'json', 'pretty'], { message: 'must be auto, json or pretty' })
    .default('auto'),
  BOOKING_NOTICE_MINUTES: int(0, 7 * 24 * 60).default(60),
  HOLD_MINUTES: int(1, 120).default(10),
  /** How long a freed time is held for the waiting customer asked (docs/decisions/0089). */
  WAITLIST_OFFER_MINUTES: int(1, 120).default(15),
  AVAILABILITY_CACHE_SECONDS: int(0, 300).default(3),
  // How long this instance trusts a session it has read (0 = ask every time); decision 0046.
  SESSION_CACHE_SECONDS: int(0, 60).default(5),
  // HTTP limits: a client that is slow or sends too much is cut off instead of holding a socket.
  REQUEST_TIMEOUT_SECONDS: int(1, 3600).default(30),
  KEEP_ALIVE_TIMEOUT_SECONDS: int(1, 3600).default(72),
  // The catalogue import has a larger limit of its own (src/server/internal/routes.ts).
  BODY_LIMIT_KB: int(1, 1024 * 1024).default(1024),
  HEADER_LIMIT_KB: int(1, 1024).default(16),
  // The live channel, GET /api/me/events (docs/decisions/0083).
  /** A comment this often keeps proxies and load balancers from closing an idle stream. */
  LIVE_HEARTBEAT_SECONDS: int(1, 60).default(25),
  /** How long a reconnecting stream can resume from; older, it is told to refetch everything. */
  LIVE_RETENTION_MINUTES: int(1, 7 * 24 * 60).default(60),
  /** Open streams per customer and per client address, on each instance; more are a 429. */
  LIVE_STREAMS_PER_CUSTOMER: int(1, 1000).default(10),
  LIVE_STREAMS_PER_ADDRESS: int(1, 100_000).default(40),
  /** Per-IP and per-account limits on sign-in, sign-up, reset and email-link requests. */
  AUTH_RATE_LIMIT: bool.default(true),
  // Mail: without SMTP_URL every message still lands in the email_outbox table.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Glow at Home <bookings@glowathome.example>'),
  /**
   * How long a mail worker's claim keeps other workers off a message; a crashed instance's mail
   * waits this long. SMTP timeouts are a quarter of it, so it must leave room for a slow server.
   */
  MAIL_LEASE_SECONDS: int(4, 60 * 60).default(300),
  // Social sign-in: each provider is on only when both its id and secret are set.
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  FACEBOOK_CLIENT_ID: z.string().optional(),
  FACEBOOK_CLIENT_SECRET: z.string().optional(),
  GITHUB_CLIENT_ID: z.string().optional(),
  GITHUB_CLIENT_SECRET: z.string().optional(),
  TWITTER_CLIENT_ID: z.string().optional(),
  TWITTER_CLIENT_SECRET: z.string().optional(),
  OIDC_ISSUER: z.url({ message: 'must be an absolute URL' }).optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_NAME: z.string().min(1).default('Single sign-on'),
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
  // Cancellation policy, shown to customers and applied by the code from the same values.
  FREE_CANCELLATION_HOURS: int(0, 24 * 14).default(24),
  PARTIAL_REFUND_UNTIL_HOURS: int(0, 24 * 14).default(2),
  PARTIAL_REFUND_PERCENT: int(0, 100).default(50),
  RESCHEDULE_NOTICE_HOURS: int(0, 24 * 14).default(24),
  /**
   * Referral credit (docs/product.md#referrals): off a referred customer's first booking, and to
   * their referrer.
   */
  REFERRAL_CREDIT_PENCE: int(1, 100_000).default(1000),
  /** Wallet credit unspent this many days after it was added is written off; unset: never. */
  WALLET_CREDIT_EXPIRY_DAYS: int(1, 3650).optional(),
  /** The reminder (email and push) goes this long before a confirmed booking's start. */
  REMINDER_LEAD_HOURS: int(1, 24 * 14).default(24),
  /** Reviews (docs/decisions/0086): a therapist's rating is shown once this many are visible. */
  REVIEWS_SHOWN_FROM: int(1, 100).default(3),
  /** The "How was your treatment?" email and push go this long after the booking is completed. */
  REVIEW_REQUEST_AFTER_HOURS: int(0, 72).default(3),
  /**
   * The lateness credit (docs/decisions/0084): a therapist arriving more than this many minutes
   * after the booked start earns the customer LATE_ARRIVAL_CREDIT_PENCE of wallet credit (0: none).
   */
  LATE_ARRIVAL_CREDIT_AFTER_MINUTES: int(0, 24 * 60).default(LATE_ARRIVAL_CREDIT_AFTER_MINUTES),
  LATE_ARRIVAL_CREDIT_PENCE: int(0, 100_000).default(LATE_ARRIVAL_CREDIT_PENCE),
  // Web Push (VAPID): both keys, or neither (then generated once outside production; off in it).
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{86,88}$/, 'must be a base64url P-256 public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{42,44}$/, 'must be a base64url P-256 private key')
    .optional(),
  /** Who push services may contact about our pushes: a mailto: or https: URL. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https:// URL')
    .optional(),
  /**
   * Host names (and their subdomains) a push subscription may point at in production,
   * comma-separated. The server POSTs to a subscription's endpoint, so there only real push
   * services are accepted; elsewhere any public https host is (decision 0066).
   */
  PUSH_SERVICE_HOSTS: z
    .string()
    .default('fcm.googleapis.com,push.services.mozilla.com,notify.windows.com,push.apple.com'),
  /**
   * Accept push endpoints on http, on loopback and private addresses and local names: for a
   * local test push service only, never in production (decision 0066).
   */
  PUSH_ALLOW_LOCAL_ENDPOINTS: bool.default(false),
  /** Where booking events are POSTed (comma-separated http(s) URLs); with WEBHOOK_SECRET. */
  WEBHOOK_URLS: z.string().optional(),
  /** Signs every webhook (HMAC-SHA256); receivers hold the same secret. */
  WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // Who runs the site, shown in the footer, the legal pages and every email. Required in
  // production; outside it the demo company's (fictional) details stand in.
  COMPANY_NAME: z.string().trim().min(2).max(160).optional(),
  COMPANY_NUMBER: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([0-9]{8}|[A-Z]{2}[0-9]{6})$/, 'must be a Companies House number, e.g. 01234567')
    .optional(),
  COMPANY_REGISTERED_IN: z
    .enum(UK_REGISTRATION_PLACES, {
      message: 'must be England and Wales, Scotland or Northern Ireland',
    })
    .optional(),
  COMPANY_ADDRESS: z.string().trim().min(10).max(300).optional(),
  COMPANY_EMAIL: z.email({ message: 'must be an email address' }).optional(),
  COMPANY_PHONE: z
    .string()
    .trim()
    .regex(/^\+?[0-9][0-9 ()-]{6,20}$/, 'must be a phone number, e.g. 0131 496 0000')
    .optional(),
  COMPANY_WEBSITE: z.url({ message: 'must be an absolute URL' }).optional(),
  // Travel between bookings (docs/decisions/0077): without TRAVEL_TIME_URL journeys are the
  // embedded estimate's, from district centroids; with it, an OSRM server's, kept in the database.
  /** The base URL of an OSRM server, e.g. http://osrm:5000. */
  TRAVEL_TIME_URL: z
    .url({ protocol: /^https?$/, message: 'must be an absolute http:// or https:// URL' })
    .optional(),
  /** How long a search waits for the routing engine before it uses the embedded estimate. */
  TRAVEL_TIME_TIMEOUT_MS: int(50, 60_000).default(1500),
  /** How long the routing engine's answers are kept before it is asked again. */
  TRAVEL_TIME_CACHE_DAYS: int(1, 3650).default(30),
  TRAVEL_ESTIMATE: json.pipe(travelEstimateSchema).optional(),
  // Customers' uploads in an S3-compatible bucket (config-uploads.ts).
  ...uploadsEnv,
  // Analytics and error reports (config-reporting.ts).
  ...reportingEnv,
});

/** The demo company: fictional, with an Ofcom drama number that never rings anyone. */
export const DEMO_COMPANY: CompanyDetails = {
  name: 'Glow at Home Ltd',
  registrationNumber: 'SC000000',
  registeredIn: 'Scotland',
  registeredAddress: '1 Demo Street, Edinburgh, EH1 1AA',
  email: 'hello@glowathome.example',
  phone: '0131 496 0000',
  website: 'https://www.glowathome.example',
};

export interface SocialProviderConfig {
  clientId: string;
  clientSecret: string;
}

export interface OidcConfig extends SocialProviderConfig {
  issuer: string;
  name: string;
}

export interface CancellationPolicyConfig {
  freeCancellationHours: number;
  partialRefundUntilHours: number;
  partialRefundPercent: number;
  rescheduleNoticeHours: number;
}

export interface HttpLimitsConfig {
  /** The whole request, headers and body, must have arrived within this. */
  requestTimeoutMs: number;
  /** An idle kept-alive connection is closed after this; longer than a load balancer's idle. */
  keepAliveTimeoutMs: number;
  bodyLimitBytes: number;
  headerLimitBytes: number;
}

export interface LiveConfig {
  heartbeatMs: number;
  retentionMinutes: number;
  streamsPerCustomer: number;
  streamsPerAddress: number;
}

export interface AppConfig {
  env: 'production' | 'staging';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  /** Where the local media storage keeps uploaded files. */
  mediaDir: string;
  /** null: the build in dist/web. */
  webDistDir: string | null;
  databaseUrl: string | null;
  publicUrl: string;
  internalApiToken: string | null;
  authSecret: string | null;
  seedDemo: boolean;
  /** Serve /dev/mail, which shows every queued email (sign-in links included). Never in production. */
  devMailViewer: boolean;
  trustProxy: boolean;
  logLevel: string;
  logFormat: 'auto' | 'json' | 'pretty';
  bookingNoticeMinutes: number;
  holdMinutes: number;
  /** A waitlist offer's exclusive hold, in minutes. */
  waitlistOfferMinutes: number;
  availabilityCacheSeconds: number;
  sessionCacheSeconds: number;
  http: HttpLimitsConfig;
  live: LiveConfig;
  authRateLimit: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  mailLeaseSeconds: number;
  social: {
    google: SocialProviderConfig | null;
    facebook: SocialProviderConfig | null;
    github: SocialProviderConfig | null;
    twitter: SocialProviderConfig | null;
  };
  oidc: OidcConfig | null;
  payments: {
    provider: 'demo' | 'stripe';
    stripeSecretKey: string | null;
    stripeWebhookSecret: string | null;
    stripePublishableKey: string | null;
    stripeApiUrl: string | null;
    platformFeePercent: number;
    reconcileAfterSeconds: number;
    jobsIntervalSeconds: number;
  };
  cancellation: CancellationPolicyConfig;
  wallet: WalletConfig;
  reminderLeadHours: number;
  reviews: ReviewsConfig;
  /** The lateness credit; creditPence 0: none is given. */
  lateArrival: LateArrivalPolicy;
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

export interface ReviewsConfig {
  /** Visible reviews a therapist needs before their rating and reviews are shown. */
  shownFrom: number;
  requestAfterHours: number;
}

export interface TravelSettings {
  /** The OSRM server's base URL, no trailing slash; null: the embedded estimate only. */
  timeUrl: string | null;
  timeoutMs: number;
  cacheDays: number;
  /** The embedded estimate: DEFAULT_TRAVEL_CONFIG with TRAVEL_ESTIMATE's changes, frozen. */
  estimate: TravelConfig;
}

export interface WebhooksConfig {
  urls: string[];
  secret: string;
}

export interface PushConfig {
  /** From the environment; null: generated and kept in the database (outside production only). */
  vapidKeys: { publicKey: string; privateKey: string } | null;
  /** The VAPID subject: VAPID_SUBJECT, else PUBLIC_URL when https, else MAIL_FROM's address. */
  subject: string;
  /** Where subscriptions may point; null: any public https host (outside production). */
  serviceHosts: string[] | null;
  /** PUSH_ALLOW_LOCAL_ENDPOINTS: also http, loopback and private endpoints (tests only). */
  allowLocalEndpoints: boolean;
}

export interface WalletConfig {
  referralCreditPence: number;
  /** null: credit never expires. */
  creditExpiryDays: number | null;
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
  const isProduction = e.APP_ENV === 'production';
  const problems: string[] = [];
  if (isProduction) {
    if (!e.DATABASE_URL) problems.push('DATABASE_URL: required when APP_ENV=production');
    if (!e.PUBLIC_URL) problems.push('PUBLIC_URL: required when APP_ENV=production');
    else if (!e.PUBLIC_URL.startsWith('https://'))
      problems.push('PUBLIC_URL: must be https:// when APP_ENV=production');
    if (!e.INTERNAL_API_TOKEN)
      problems.push('INTERNAL_API_TOKEN: required when APP_ENV=production');
    if (!e.AUTH_SECRET) problems.push('AUTH_SECRET: required when APP_ENV=production');
    if (e.SEED_DEMO === true) problems.push('SEED_DEMO: demo data is never loaded in production');
    if (e.DEV_MAIL_VIEWER === true)
      problems.push('DEV_MAIL_VIEWER: the mail viewer never runs in production');
  }
  const pair = (name: string, id?: string, secret?: string): SocialProviderConfig | null => {
    if (!id && !secret) return null;
    if (!id || !secret) {
      problems.push(`${name}_CLIENT_ID and ${name}_CLIENT_SECRET: set both or neither`);
      return null;
    }
    return { clientId: id, clientSecret: secret };
  };
  const social = {
    google: pair('GOOGLE', e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET),
    facebook: pair('FACEBOOK', e.FACEBOOK_CLIENT_ID, e.FACEBOOK_CLIENT_SECRET),
    github: pair('GITHUB', e.GITHUB_CLIENT_ID, e.GITHUB_CLIENT_SECRET),
    twitter: pair('TWITTER', e.TWITTER_CLIENT_ID, e.TWITTER_CLIENT_SECRET),
  };
  const oidcPair = pair('OIDC', e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET);
  if (oidcPair && !e.OIDC_ISSUER) problems.push('OIDC_ISSUER: required with OIDC_CLIENT_ID');
  const paymentProvider = e.PAYMENT_PROVIDER ?? (e.STRIPE_SECRET_KEY ? 'stripe' : 'demo');
  if (paymentProvider === 'stripe') {
    if (!e.STRIPE_SECRET_KEY)
      problems.push('STRIPE_SECRET_KEY: required with PAYMENT_PROVIDER=stripe');
    if (!e.STRIPE_WEBHOOK_SECRET)
      problems.push('STRIPE_WEBHOOK_SECRET: required with PAYMENT_PROVIDER=stripe');
  }
  if (isProduction && paymentProvider === 'demo')
    problems.push('PAYMENT_PROVIDER: the demo card provider is never used in production');
  if (e.PARTIAL_REFUND_UNTIL_HOURS > e.FREE_CANCELLATION_HOURS)
    problems.push('PARTIAL_REFUND_UNTIL_HOURS: must not be more than FREE_CANCELLATION_HOURS');
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY))
    problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither');
  if (isProduction && e.PUSH_ALLOW_LOCAL_ENDPOINTS)
    problems.push(
      'PUSH_ALLOW_LOCAL_ENDPOINTS: local push endpoints are never allowed in production',
    );
  const webhooks = webhooksOf(e.WEBHOOK_URLS, e.WEBHOOK_SECRET, isProduction, problems);
  const company = companyOf(e, isProduction, problems);
  const uploadsBucket = uploadsBucketOf(e, isProduction, problems);
  const errorReporting = errorReportingOf(e, isProduction, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');

  return {
    env: isProduction ? 'production' : 'staging',
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    mediaDir: e.MEDIA_DIR ?? path.join(e.DATA_DIR, 'media'),
    webDistDir: e.WEB_DIST_DIR ?? null,
    databaseUrl: e.DATABASE_URL ?? null,
    publicUrl,
    internalApiToken: e.INTERNAL_API_TOKEN ?? null,
    authSecret: e.AUTH_SECRET ?? null,
    seedDemo: isProduction ? false : (e.SEED_DEMO ?? true),
    devMailViewer: isProduction ? false : (e.DEV_MAIL_VIEWER ?? true),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    bookingNoticeMinutes: e.BOOKING_NOTICE_MINUTES,
    holdMinutes: e.HOLD_MINUTES,
    waitlistOfferMinutes: e.WAITLIST_OFFER_MINUTES,
    availabilityCacheSeconds: e.AVAILABILITY_CACHE_SECONDS,
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    http: {
      requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
      bodyLimitBytes: e.BODY_LIMIT_KB * 1024,
      headerLimitBytes: e.HEADER_LIMIT_KB * 1024,
    },
    live: {
      heartbeatMs: e.LIVE_HEARTBEAT_SECONDS * 1000,
      retentionMinutes: e.LIVE_RETENTION_MINUTES,
      streamsPerCustomer: e.LIVE_STREAMS_PER_CUSTOMER,
      streamsPerAddress: e.LIVE_STREAMS_PER_ADDRESS,
    },
    authRateLimit: e.AUTH_RATE_LIMIT,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    mailLeaseSeconds: e.MAIL_LEASE_SECONDS,
    social,
    oidc:
      oidcPair && e.OIDC_ISSUER
        ? { ...oidcPair, issuer: e.OIDC_ISSUER.replace(/\/$/, ''), name: e.OIDC_NAME }
        : null,
    payments: {
      provider: paymentProvider,
      stripeSecretKey: e.STRIPE_SECRET_KEY ?? null,
      stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null,
      stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY ?? null,
      stripeApiUrl: e.STRIPE_API_URL ?? null,
      platformFeePercent: e.PLATFORM_FEE_PERCENT,
      reconcileAfterSeconds: e.PAYMENT_RECONCILE_AFTER_SECONDS,
      jobsIntervalSeconds: e.PAYMENT_JOBS_INTERVAL_SECONDS,
    },
    cancellation: {
      freeCancellationHours: e.FREE_CANCELLATION_HOURS,
      partialRefundUntilHours: e.PARTIAL_REFUND_UNTIL_HOURS,
      partialRefundPercent: e.PARTIAL_REFUND_PERCENT,
      rescheduleNoticeHours: e.RESCHEDULE_NOTICE_HOURS,
    },
    wallet: {
      referralCreditPence: e.REFERRAL_CREDIT_PENCE,
      creditExpiryDays: e.WALLET_CREDIT_EXPIRY_DAYS ?? null,
    },
    reminderLeadHours: e.REMINDER_LEAD_HOURS,
    reviews: {
      shownFrom: e.REVIEWS_SHOWN_FROM,
      requestAfterHours: e.REVIEW_REQUEST_AFTER_HOURS,
    },
    lateArrival: {
      afterMinutes: e.LATE_ARRIVAL_CREDIT_AFTER_MINUTES,
      creditPence: e.LATE_ARRIVAL_CREDIT_PENCE,
    },
    push: {
      vapidKeys:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : null,
      subject: e.VAPID_SUBJECT ?? vapidSubjectFor(publicUrl, e.MAIL_FROM),
      serviceHosts: isProduction
        ? e.PUSH_SERVICE_HOSTS.split(',')
            .map((h) => h.trim().toLowerCase())
            .filter(Boolean)
        : null,
      allowLocalEndpoints: e.PUSH_ALLOW_LOCAL_ENDPOINTS,
    },
    webhooks,
    company,
    travel: {
      timeUrl: e.TRAVEL_TIME_URL?.replace(/\/+$/, '') ?? null,
      timeoutMs: e.TRAVEL_TIME_TIMEOUT_MS,
      cacheDays: e.TRAVEL_TIME_CACHE_DAYS,
      estimate: travelEstimateOf(e.TRAVEL_ESTIMATE),
    },
    uploadsBucket,
    analytics: analyticsOf(e),
    errorReporting,
  };
}

/** The defaults with the changes over them, mode by mode; frozen like the defaults. */
function travelEstimateOf(changes: z.infer<typeof travelEstimateSchema> | undefined): TravelConfig {
  if (!changes) return DEFAULT_TRAVEL_CONFIG;
  const d = DEFAULT_TRAVEL_CONFIG;
  const speedsKmh = Object.fromEntries(
    TRAVEL_MODES.map((m) => [m, Object.freeze({ ...d.speedsKmh[m], ...changes.speedsKmh?.[m] })]),
  ) as TravelConfig['speedsKmh'];
  const doorMinutes = Object.fromEntries(
    TRAVEL_MODES.map((m) => [m, changes.doorMinutes?.[m] ?? d.doorMinutes[m]]),
  ) as TravelConfig['doorMinutes'];
  return Object.freeze({
    detourFactor: changes.detourFactor ?? d.detourFactor,
    sameDistrictKm: changes.sameDistrictKm ?? d.sameDistrictKm,
    speedsKmh: Object.freeze(speedsKmh),
    doorMinutes: Object.freeze(doorMinutes),
    peakBands: changes.peakBands
      ? Object.freeze(changes.peakBands.map((band) => Object.freeze([band[0], band[1]] as const)))
      : d.peakBands,
    unknownPlaceMinutes: changes.unknownPlaceMinutes ?? d.unknownPlaceMinutes,
    acrossTownMinutes: changes.acrossTownMinutes ?? d.acrossTownMinutes,
  });
}

const COMPANY_SETTINGS = [
  'COMPANY_NAME',
  'COMPANY_NUMBER',
  'COMPANY_REGISTERED_IN',
  'COMPANY_ADDRESS',
  'COMPANY_EMAIL',
  'COMPANY_PHONE',
] as const;

/**
 * Production must say who it is: every detail the law asks a website and its emails to show.
 * Outside production a missing detail is the demo company's, so a partly set staging still runs.
 */
function companyOf(
  e: z.infer<typeof envSchema>,
  isProduction: boolean,
  problems: string[],
): CompanyDetails {
  if (isProduction) {
    for (const name of COMPANY_SETTINGS)
      if (!e[name]) problems.push(`${name}: required when APP_ENV=production`);
  }
  return {
    name: e.COMPANY_NAME ?? DEMO_COMPANY.name,
    registrationNumber: e.COMPANY_NUMBER ?? DEMO_COMPANY.registrationNumber,
    registeredIn: e.COMPANY_REGISTERED_IN ?? DEMO_COMPANY.registeredIn,
    registeredAddress: e.COMPANY_ADDRESS ?? DEMO_COMPANY.registeredAddress,
    email: e.COMPANY_EMAIL ?? DEMO_COMPANY.email,
    phone: e.COMPANY_PHONE ?? DEMO_COMPANY.phone,
    website:
      e.COMPANY_WEBSITE ?? (isProduction && e.PUBLIC_URL ? e.PUBLIC_URL : DEMO_COMPANY.website),
  };
}

/** Both or neither; each URL absolute http(s), and https in production (events carry personal data). */
function webhooksOf(
  list: string | undefined,
  secret: string | undefined,
  isProduction: boolean,
  problems: string[],
): WebhooksConfig | null {
  if (!list && !secret) return null;
  if (!list || !secret) {
    problems.push('WEBHOOK_URLS and WEBHOOK_SECRET: set both or neither');
    return null;
  }
  const urls = list
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  if (urls.length === 0) problems.push('WEBHOOK_URLS: must list at least one URL');
  for (const url of urls) {
    const protocol = URL.canParse(url) ? new URL(url).protocol : null;
    if (protocol !== 'http:' && protocol !== 'https:')
      problems.push(`WEBHOOK_URLS: "${url}" must be an absolute http:// or https:// URL`);
    else if (isProduction && protocol !== 'https:')
      problems.push(`WEBHOOK_URLS: "${url}" must be https:// when APP_ENV=production`);
  }
  if (new Set(urls).size !== urls.length) problems.push('WEBHOOK_URLS: a URL is listed twice');
  return { urls, secret };
}

/** An https site, else the address mail is sent from: push services accept only these two. */
function vapidSubjectFor(publicUrl: string, mailFrom: string): string {
  if (publicUrl.startsWith('https://')) return publicUrl;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}
