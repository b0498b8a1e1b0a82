import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppContext } from './app-context';
import { createAuth, DEFAULT_PASSWORD_HASHER, type PasswordHasher } from './auth/auth';
import { resolveAuthSecret } from './auth/auth-secret';
import { currentCustomerResolver } from './auth/current-customer';
import { changesSessions, SessionCache } from './auth/session-cache';
import { authRoutes } from './auth/routes';
import { meRoutes } from './account/me-routes';
import { installLiveChannel } from './live/live-routes';
import { referralRoutes } from './referrals/referral-routes';
import { walletRoutes } from './wallet/wallet-routes';
import { waitlistInternalRoutes, waitlistRoutes } from './waitlist/waitlist-routes';
import { favouriteRoutes } from './favourites/favourite-routes';
import { availabilityRoutes } from './availability/availability-routes';
import { AvailabilityCache } from './availability/availability-cache';
import { CatalogueCache } from './availability/catalogue-cache';
import { bookingRoutes } from './booking/booking-routes';
import { meBookingRoutes } from './booking/me-booking-routes';
import { isActiveCity } from './catalogue/list-cities';
import { catalogueRoutes } from './catalogue/routes';
import { companyRoutes } from './company/company-routes';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import { installCsrfProtection } from './http/csrf';
import { httpLimits } from './http/limits';
import { installErrorHandling } from './http/error-handler';
import { frameworkErrorHandler } from './http/framework-errors';
import { installNestingGuard } from './http/nesting-guard';
import { installNulGuard } from './http/nul-guard';
import { requireResponseSchemas } from './http/openapi';
import { RequestLogController } from './http/request-logging';
import { installDraining } from './http/draining';
import { installSecurityHeaders, securityHeaders } from './http/security-headers';
import type { ServerEntry } from '../contract/page-render';
import { builtStyleHashes, installWebApp, WEB_DIST } from './http/web-app';
import { errorReportingOrigin, pageSettingsHtml } from './http/page-settings';
import { createErrorReporter } from './errors/create-error-reporter';
import type { ErrorReporter } from './errors/error-reporter';
import { internalCalendarRoutes } from './internal/calendar-routes';
import { internalRoutes } from './internal/routes';
import { webhookRoutes } from './internal/webhook-routes';
import { startBackgroundJob } from './jobs/background-job';
import { startJobs } from './jobs/start-jobs';
import { createPushWorker, type PushWorkerSettings } from './push/push-worker';
import { pushRoutes } from './push/push-routes';
import { resolveVapidKeys } from './push/vapid-keys';
import { devMailRoutes } from './mail/dev-mail-routes';
import { createMailWorker, type MailWorkerSettings } from './mail/mail-worker';
import { createMailer, type Mailer } from './mail/mailer';
import { localDiskStorage, type MediaStorage } from './media/media-storage';
import { mediaRoutes } from './media/media-routes';
import { s3Storage } from './media/s3-storage';
import { bookingMediaRoutes } from './booking-media/booking-media-routes';
import { signedPhotoRoutes } from './booking-media/signed-photo-routes';
import { internalPhotoRoutes } from './internal/photo-routes';
import { createPaymentProvider } from './payments/create-payment-provider';
import { bookingPaymentRoutes } from './checkout/booking-payment-routes';
import { giftCardPaymentRoutes } from './checkout/gift-card-payment-routes';
import { tipRoutes } from './tips/tip-routes';
import { giftCardRoutes } from './gift-cards/gift-card-routes';
import { paymentAuthenticationRoutes, paymentConfigRoutes } from './checkout/payment-routes';
import { stripeWebhookRoutes } from './checkout/stripe-webhook-routes';
import { hasProfessionalPage } from './professionals/get-professional';
import { professionalRoutes } from './professionals/routes';
import { reviewRoutes } from './reviews/review-routes';
import { systemRoutes } from './system/routes';
import { calendarFeedRoutes } from './therapist-calendar/calendar-feed-routes';
import { createWebhookWorker, type WebhookWorkerSettings } from './webhooks/webhook-worker';

export interface AppDeps {
  config: AppConfig;
  database: Database;
  now?: () => Date;
  /** Overrides the folder of the built web app (tests point it elsewhere or at nothing). */
  webDistDir?: string;
  /** Renders public pages with this instead of the build's (tests render the web source). */
  serverEntry?: ServerEntry;
  /** false: silent (tests); a logger: use it (main.ts makes one per LOG_FORMAT); else JSON lines. */
  logger?: boolean | FastifyBaseLogger;
  cliToken?: string;
  currentCustomer?: AppContext['currentCustomer'];
  mailer?: Mailer;
  /** Wraps better-auth's password hasher (tests count the work a request does). */
  passwordHasher?: PasswordHasher;
  /** Where uploads go; local disk at config.mediaDir when unset. */
  media?: MediaStorage;
  /** Where customers' uploads go; config.uploadsBucket's bucket, else the media storage. */
  uploads?: MediaStorage;
  /** Tunes the mail worker (tests poll faster); it runs only when SMTP_URL is set. */
  mailWorker?: Partial<MailWorkerSettings>;
  /** Tunes the push worker (tests retry sooner). */
  pushWorker?: Partial<PushWorkerSettings>;
  /**
   * Where unexpected errors go besides the log (docs/decisions/0091); made from
   * config.errorReporting when unset. main.ts passes the one that also reports its crashes.
   */
  errorReporter?: ErrorReporter;
  /** Tunes the webhook worker; false: none runs (tests drive their own). */
  webhookWorker?: Partial<WebhookWorkerSettings> | false;
}

/** How often an instance looks for pushes to send: a confirmation should reach the phone at once. */
const PUSH_POLL_MS = 2000;
/** Likewise for webhooks: the company's other systems hear of a change within seconds. */
const WEBHOOK_POLL_MS = 2000;

/** Builds the whole HTTP app without listening, so tests can drive it with inject(). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const now = deps.now ?? (() => new Date());
  const webDistDir = deps.webDistDir ?? WEB_DIST;
  const headers = securityHeaders({
    production: config.isProduction,
    stripe: config.payments.provider === 'stripe',
    styleHashes: builtStyleHashes(webDistDir),
    googleAnalytics: config.analytics.measurementId !== null,
    errorReportingOrigin: errorReportingOrigin(config),
  });
  const app = Fastify({
    ...(typeof deps.logger === 'object'
      ? { loggerInstance: deps.logger }
      : { logger: deps.logger === false ? false : { level: config.logLevel } }),
    // One line per request, at a level that depends on the path (static files, health checks: debug).
    logController: new RequestLogController(),
    trustProxy: config.trustProxy,
    // Answered by http/draining.ts instead, so the 503 carries the security headers too.
    return503OnClosing: false,
    ...httpLimits(config.http, headers),
    frameworkErrors: frameworkErrorHandler(headers),
  }).withTypeProvider<ZodTypeProvider>();
  // First of the onRequest hooks: a request arriving while the server drains runs nothing else.
  installDraining(app);
  const errorReporter = deps.errorReporter ?? (await createErrorReporter(config.errorReporting));
  app.decorate('errorReporter', errorReporter);
  // Reports still on their way leave before the process does.
  app.addHook('onClose', async () => void (await errorReporter.flush()));

  // Every instance runs one worker; SKIP LOCKED claims let several share one outbox. Without
  // SMTP_URL there is none and messages stay in the outbox for a developer to read.
  const mailWorker = config.smtpUrl
    ? createMailWorker({
        leaseMs: config.mailLeaseSeconds * 1000,
        ...deps.mailWorker,
        db: database.db,
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        messageIdDomain: new URL(config.publicUrl).hostname,
        company: config.company,
        log: app.log,
      })
    : null;
  if (mailWorker) {
    app.addHook('onReady', async () => mailWorker.start());
    app.addHook('onClose', async () => mailWorker.stop());
  }
  const mailer =
    deps.mailer ?? createMailer(database.db, config, { wake: () => mailWorker?.wake() });
  const passwordHasher = deps.passwordHasher ?? DEFAULT_PASSWORD_HASHER;
  const authSecret = await resolveAuthSecret(database.db, config);
  const auth = createAuth({
    config,
    db: database.db,
    mailer,
    secret: authSecret,
    now,
    passwordHasher,
  });
  const vapid = await resolveVapidKeys(database.db, config);
  const sessions = new SessionCache(config.sessionCacheSeconds * 1000);
  const media = deps.media ?? localDiskStorage(config.mediaDir);
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    now,
    passwordHasher,
    availabilityCache: new AvailabilityCache(config.availabilityCacheSeconds * 1000, () =>
      now().getTime(),
    ),
    catalogueCache: new CatalogueCache(),
    mailer,
    media,
    uploads: {
      storage: deps.uploads ?? (config.uploadsBucket ? s3Storage(config.uploadsBucket) : media),
      // The auth secret, under a purpose of its own (booking-media/photo-links.ts).
      linkSecret: authSecret,
    },
    payments: createPaymentProvider(config),
    currentCustomer: deps.currentCustomer ?? currentCustomerResolver(auth, sessions),
    push: vapid ? { publicKey: vapid.publicKey } : null,
    ...(deps.cliToken ? { cliToken: deps.cliToken } : {}),
  };

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  // Before the answer leaves: the next request of this client must not find the old session.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (changesSessions(request.method, request.url)) sessions.clear();
    done(null, payload);
  });
  installNulGuard(app);
  installNestingGuard(app);
  installSecurityHeaders(app, headers);
  installCsrfProtection(app, { publicUrl: config.publicUrl, production: config.isProduction });
  requireResponseSchemas(app);

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'At-home treatments booking API',
        version: '1.0.0',
        description: 'JSON API used by the web app. Errors are RFC 9457 problem+json.',
      },
      servers: [{ url: config.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });

  await authRoutes(app, auth, ctx);
  await app.register(systemRoutes(ctx));
  await app.register(catalogueRoutes(ctx));
  await app.register(companyRoutes(ctx));
  await app.register(availabilityRoutes(ctx));
  await app.register(professionalRoutes(ctx));
  await app.register(reviewRoutes(ctx));
  await app.register(internalRoutes(ctx));
  await app.register(internalCalendarRoutes(ctx));
  await app.register(internalPhotoRoutes(ctx));
  await app.register(mediaRoutes(ctx));
  await app.register(signedPhotoRoutes(ctx));
  await app.register(calendarFeedRoutes(ctx));
  await app.register(webhookRoutes(ctx));
  await app.register(meRoutes(ctx));
  await installLiveChannel(app, ctx, { headers, onAccountChange: () => sessions.clear() });
  await app.register(referralRoutes(ctx));
  await app.register(walletRoutes(ctx));
  await app.register(favouriteRoutes(ctx));
  await app.register(bookingRoutes(ctx));
  await app.register(bookingPaymentRoutes(ctx));
  await app.register(meBookingRoutes(ctx));
  await app.register(bookingMediaRoutes(ctx));
  await app.register(paymentConfigRoutes(ctx));
  await app.register(paymentAuthenticationRoutes(ctx));
  await app.register(stripeWebhookRoutes(ctx));
  await app.register(giftCardPaymentRoutes(ctx));
  await app.register(tipRoutes(ctx));
  await app.register(giftCardRoutes(ctx));
  await app.register(pushRoutes(ctx));
  await app.register(waitlistRoutes(ctx));
  await app.register(waitlistInternalRoutes(ctx));

  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
  // Outside production only: registered routes answer before the web app's fallback, and in
  // production /dev/* is an ordinary 404 (web-app.ts never serves the SPA there).
  if (config.devMailViewer) await app.register(async (scope) => devMailRoutes(scope, ctx));
  startJobs(app, ctx);
  if (vapid) {
    const pushWorker = createPushWorker({
      db: database.db,
      vapid,
      subject: config.push.subject,
      endpoints: config.push,
      log: app.log,
      ...(deps.pushWorker ? { settings: deps.pushWorker } : {}),
    });
    startBackgroundJob(app, {
      name: 'push delivery',
      intervalMs: PUSH_POLL_MS,
      run: () => pushWorker.drain(),
    });
  }

  if (config.webhooks && deps.webhookWorker !== false) {
    const webhookWorker = createWebhookWorker({
      db: database.db,
      secret: config.webhooks.secret,
      log: app.log,
      ...(deps.webhookWorker ? { settings: deps.webhookWorker } : {}),
    });
    startBackgroundJob(app, {
      name: 'webhook delivery',
      intervalMs: WEBHOOK_POLL_MS,
      run: () => webhookWorker.drain(),
    });
  }

  await installWebApp(
    app,
    webDistDir,
    {
      isActiveCity: (slug) => isActiveCity(database.db, slug),
      hasProfessionalPage: (username) => hasProfessionalPage(database.db, username),
    },
    deps.serverEntry,
    pageSettingsHtml(config),
  );
  return app;
}
