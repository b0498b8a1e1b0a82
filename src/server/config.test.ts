import { describe, expect, it } from 'vitest';
import { PRODUCTION_COMPANY_ENV, PRODUCTION_ENV } from '../test-support/production-env';
import { DEFAULT_TRAVEL_CONFIG } from '../domain/travel-estimate';
import { ConfigError, DEMO_COMPANY, loadConfig } from './config';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('runs with no configuration at all, staging-like, on PGlite in ./data', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'staging',
      isProduction: false,
      port: 3000,
      dataDir: './data',
      databaseUrl: null,
      seedDemo: true,
      devMailViewer: true,
      bookingNoticeMinutes: 60,
      holdMinutes: 10,
      mailLeaseSeconds: 300,
      publicUrl: 'http://localhost:3000',
    });
  });

  it('names the variable of every bad value', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      SEED_DEMO: 'maybe',
      HOLD_MINUTES: '0',
      MAIL_LEASE_SECONDS: '1',
    });
    expect(problems.join('\n')).toMatch(/^PORT: /m);
    expect(problems.join('\n')).toMatch(/^DATABASE_URL: /m);
    expect(problems.join('\n')).toMatch(/^SEED_DEMO: /m);
    expect(problems.join('\n')).toMatch(/^HOLD_MINUTES: must be at least 1/m);
    expect(problems.join('\n')).toMatch(/^MAIL_LEASE_SECONDS: must be at least 4/m);
  });

  it('refuses production without the settings production needs', () => {
    const problems = problemsOf({ APP_ENV: 'production' });
    for (const name of ['DATABASE_URL', 'PUBLIC_URL', 'INTERNAL_API_TOKEN', 'AUTH_SECRET']) {
      expect(
        problems.some((p) => p.startsWith(`${name}:`)),
        name,
      ).toBe(true);
    }
  });

  it('never loads demo data in production, and wants https', () => {
    const base = {
      APP_ENV: 'production',
      DATABASE_URL: 'postgres://db/booking',
      INTERNAL_API_TOKEN: 'x'.repeat(32),
      AUTH_SECRET: 'y'.repeat(32),
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      ...PRODUCTION_COMPANY_ENV,
    };
    expect(problemsOf({ ...base, PUBLIC_URL: 'http://glow.example.com' })).toEqual([
      'PUBLIC_URL: must be https:// when APP_ENV=production',
    ]);
    expect(
      problemsOf({ ...base, PUBLIC_URL: 'https://glow.example.com', SEED_DEMO: 'true' }),
    ).toEqual(['SEED_DEMO: demo data is never loaded in production']);
    expect(
      problemsOf({ ...base, PUBLIC_URL: 'https://glow.example.com', DEV_MAIL_VIEWER: 'true' }),
    ).toEqual(['DEV_MAIL_VIEWER: the mail viewer never runs in production']);
    expect(loadConfig({ DEV_MAIL_VIEWER: 'false' }).devMailViewer).toBe(false);
    const config = loadConfig({ ...base, PUBLIC_URL: 'https://glow.example.com/' });
    expect(config).toMatchObject({
      isProduction: true,
      seedDemo: false,
      devMailViewer: false,
      publicUrl: 'https://glow.example.com',
    });
  });

  it('turns a social provider on only with both halves of its credentials', () => {
    expect(loadConfig({}).social.google).toBeNull();
    expect(
      loadConfig({ GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 'secret' }).social.github,
    ).toEqual({ clientId: 'id', clientSecret: 'secret' });
    expect(problemsOf({ GOOGLE_CLIENT_ID: 'id' })).toEqual([
      'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set both or neither',
    ]);
    expect(problemsOf({ OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 's' })).toEqual([
      'OIDC_ISSUER: required with OIDC_CLIENT_ID',
    ]);
  });

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

  it('keeps the cancellation policy coherent', () => {
    expect(loadConfig({}).cancellation).toEqual({
      freeCancellationHours: 24,
      partialRefundUntilHours: 2,
      partialRefundPercent: 50,
      rescheduleNoticeHours: 24,
    });
    expect(problemsOf({ FREE_CANCELLATION_HOURS: '1', PARTIAL_REFUND_UNTIL_HOURS: '2' })).toEqual([
      'PARTIAL_REFUND_UNTIL_HOURS: must not be more than FREE_CANCELLATION_HOURS',
    ]);
  });

  it('credits a late arrival by the configured numbers, or not at all', () => {
    expect(loadConfig({}).lateArrival).toEqual({ afterMinutes: 20, creditPence: 500 });
    expect(
      loadConfig({ LATE_ARRIVAL_CREDIT_AFTER_MINUTES: '30', LATE_ARRIVAL_CREDIT_PENCE: '0' })
        .lateArrival,
    ).toEqual({ afterMinutes: 30, creditPence: 0 });
    expect(problemsOf({ LATE_ARRIVAL_CREDIT_PENCE: '2.5' })).toEqual([
      'LATE_ARRIVAL_CREDIT_PENCE: must be a whole number',
    ]);
    expect(problemsOf({ LATE_ARRIVAL_CREDIT_AFTER_MINUTES: '-1' })).toEqual([
      'LATE_ARRIVAL_CREDIT_AFTER_MINUTES: must be at least 0',
    ]);
  });

  it('limits slow and large requests, within bounds an operator can move', () => {
    expect(loadConfig({}).http).toEqual({
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 72_000,
      bodyLimitBytes: 1024 * 1024,
      headerLimitBytes: 16 * 1024,
    });
    expect(
      loadConfig({ REQUEST_TIMEOUT_SECONDS: '5', BODY_LIMIT_KB: '64', HEADER_LIMIT_KB: '8' }).http,
    ).toMatchObject({ requestTimeoutMs: 5000, bodyLimitBytes: 65_536, headerLimitBytes: 8192 });
    const problems = problemsOf({
      REQUEST_TIMEOUT_SECONDS: '0',
      KEEP_ALIVE_TIMEOUT_SECONDS: 'long',
      BODY_LIMIT_KB: '0',
      HEADER_LIMIT_KB: '1.5',
    }).join('\n');
    expect(problems).toMatch(/^REQUEST_TIMEOUT_SECONDS: must be at least 1/m);
    expect(problems).toMatch(/^KEEP_ALIVE_TIMEOUT_SECONDS: must be a number/m);
    expect(problems).toMatch(/^BODY_LIMIT_KB: must be at least 1/m);
    expect(problems).toMatch(/^HEADER_LIMIT_KB: must be a whole number/m);
  });

  it('treats an empty variable as not set', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).databaseUrl).toBeNull();
  });

  it('takes Web Push keys in pairs, and keeps subscriptions to push services in production', () => {
    const pub = `B${'A'.repeat(86)}`;
    const priv = 'A'.repeat(43);
    expect(problemsOf({ VAPID_PUBLIC_KEY: pub })).toContain(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither',
    );
    expect(problemsOf({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: priv }).join('\n')).toMatch(
      /^VAPID_PUBLIC_KEY: /m,
    );
    const outside = loadConfig({ VAPID_PUBLIC_KEY: pub, VAPID_PRIVATE_KEY: priv });
    expect(outside.push).toEqual({
      vapidKeys: { publicKey: pub, privateKey: priv },
      subject: 'mailto:bookings@glowathome.example',
      serviceHosts: null,
      allowLocalEndpoints: false,
    });
    expect(problemsOf({ VAPID_SUBJECT: 'http://example.com' }).join('\n')).toMatch(
      /^VAPID_SUBJECT: /m,
    );
    const production = loadConfig({
      APP_ENV: 'production',
      DATABASE_URL: 'postgres://db/app',
      PUBLIC_URL: 'https://glow.example',
      INTERNAL_API_TOKEN: 'x'.repeat(32),
      AUTH_SECRET: 'y'.repeat(32),
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      PUSH_SERVICE_HOSTS: 'fcm.googleapis.com, Push.Services.Mozilla.com',
      ...PRODUCTION_COMPANY_ENV,
    });
    expect(production.push).toEqual({
      vapidKeys: null,
      subject: 'https://glow.example',
      serviceHosts: ['fcm.googleapis.com', 'push.services.mozilla.com'],
      allowLocalEndpoints: false,
    });
    expect(production.reminderLeadHours).toBe(24);
  });

  it('lets local push endpoints in only when asked, and never in production', () => {
    expect(loadConfig({}).push.allowLocalEndpoints).toBe(false);
    expect(loadConfig({ APP_ENV: 'development' }).push.allowLocalEndpoints).toBe(false);
    expect(loadConfig({ PUSH_ALLOW_LOCAL_ENDPOINTS: 'true' }).push.allowLocalEndpoints).toBe(true);
    expect(problemsOf({ PUSH_ALLOW_LOCAL_ENDPOINTS: 'sometimes' }).join('\n')).toMatch(
      /^PUSH_ALLOW_LOCAL_ENDPOINTS: must be true or false/m,
    );
    expect(problemsOf({ ...PRODUCTION_ENV, PUSH_ALLOW_LOCAL_ENDPOINTS: 'true' })).toContain(
      'PUSH_ALLOW_LOCAL_ENDPOINTS: local push endpoints are never allowed in production',
    );
  });

  it('takes webhook URLs and their secret together, https only in production', () => {
    const secret = 's'.repeat(32);
    expect(loadConfig({}).webhooks).toBeNull();
    expect(problemsOf({ WEBHOOK_URLS: 'https://a.example/hook' })).toContain(
      'WEBHOOK_URLS and WEBHOOK_SECRET: set both or neither',
    );
    expect(problemsOf({ WEBHOOK_SECRET: secret })).toContain(
      'WEBHOOK_URLS and WEBHOOK_SECRET: set both or neither',
    );
    expect(
      problemsOf({ WEBHOOK_URLS: 'https://a.example/hook', WEBHOOK_SECRET: 'short' }).join('\n'),
    ).toMatch(/^WEBHOOK_SECRET: must be at least 32 characters/m);
    expect(
      problemsOf({ WEBHOOK_URLS: 'a.example/hook, ftp://b.example', WEBHOOK_SECRET: secret }),
    ).toEqual([
      'WEBHOOK_URLS: "a.example/hook" must be an absolute http:// or https:// URL',
      'WEBHOOK_URLS: "ftp://b.example" must be an absolute http:// or https:// URL',
    ]);
    expect(
      loadConfig({
        WEBHOOK_URLS: ' http://127.0.0.1:4000/hook , https://crm.example/in ',
        WEBHOOK_SECRET: secret,
      }).webhooks,
    ).toEqual({ urls: ['http://127.0.0.1:4000/hook', 'https://crm.example/in'], secret });
    const production = {
      APP_ENV: 'production',
      DATABASE_URL: 'postgres://db/app',
      PUBLIC_URL: 'https://glow.example',
      INTERNAL_API_TOKEN: 'x'.repeat(32),
      AUTH_SECRET: 'y'.repeat(32),
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      WEBHOOK_SECRET: secret,
      ...PRODUCTION_COMPANY_ENV,
    };
    expect(problemsOf({ ...production, WEBHOOK_URLS: 'http://crm.example/in' })).toEqual([
      'WEBHOOK_URLS: "http://crm.example/in" must be https:// when APP_ENV=production',
    ]);
    expect(
      loadConfig({ ...production, WEBHOOK_URLS: 'https://crm.example/in' }).webhooks?.urls,
    ).toEqual(['https://crm.example/in']);
  });

  it("says who runs the site: the demo company outside production, the operator's in it", () => {
    expect(loadConfig({}).company).toEqual(DEMO_COMPANY);
    expect(loadConfig({ COMPANY_NAME: 'Staging Glow Ltd' }).company).toEqual({
      ...DEMO_COMPANY,
      name: 'Staging Glow Ltd',
    });
    const missing = problemsOf({ ...PRODUCTION_ENV, COMPANY_NUMBER: '', COMPANY_PHONE: '' });
    expect(missing).toEqual([
      'COMPANY_NUMBER: required when APP_ENV=production',
      'COMPANY_PHONE: required when APP_ENV=production',
    ]);
    expect(loadConfig({ ...PRODUCTION_ENV, COMPANY_NUMBER: 'sc123456 ' }).company).toEqual({
      name: 'Glow Example Ltd',
      registrationNumber: 'SC123456',
      registeredIn: 'England and Wales',
      registeredAddress: '2 Example Road, London, N1 9GU',
      email: 'care@glow.example',
      phone: '020 7946 0000',
      // Without COMPANY_WEBSITE, the site itself.
      website: 'https://glow.example',
    });
    const bad = problemsOf({
      COMPANY_NUMBER: '1234',
      COMPANY_REGISTERED_IN: 'Wales',
      COMPANY_EMAIL: 'not-an-email',
      COMPANY_PHONE: 'call us',
      COMPANY_WEBSITE: 'glow.example',
    }).join('\n');
    expect(bad).toMatch(/^COMPANY_NUMBER: must be a Companies House number/m);
    expect(bad).toMatch(/^COMPANY_REGISTERED_IN: must be England and Wales, Scotland or Northern/m);
    expect(bad).toMatch(/^COMPANY_EMAIL: must be an email address/m);
    expect(bad).toMatch(/^COMPANY_PHONE: must be a phone number/m);
    expect(bad).toMatch(/^COMPANY_WEBSITE: must be an absolute URL/m);
  });

  it('estimates journeys itself unless given a routing engine, with the defaults unless changed', () => {
    expect(loadConfig({}).travel).toEqual({
      timeUrl: null,
      timeoutMs: 1500,
      cacheDays: 30,
      estimate: DEFAULT_TRAVEL_CONFIG,
    });
    const travel = loadConfig({
      TRAVEL_TIME_URL: 'http://osrm:5000/',
      TRAVEL_TIME_TIMEOUT_MS: '800',
      TRAVEL_TIME_CACHE_DAYS: '7',
      TRAVEL_ESTIMATE: JSON.stringify({
        detourFactor: 1.6,
        speedsKmh: { car: { peak: 12 } },
        doorMinutes: { walking: 0 },
        peakBands: [[420, 600]],
      }),
    }).travel;
    expect(travel).toMatchObject({ timeUrl: 'http://osrm:5000', timeoutMs: 800, cacheDays: 7 });
    // Only what was given changes: the car's off-peak speed and the other modes stay.
    expect(travel.estimate).toEqual({
      ...DEFAULT_TRAVEL_CONFIG,
      detourFactor: 1.6,
      speedsKmh: { ...DEFAULT_TRAVEL_CONFIG.speedsKmh, car: { offPeak: 30, peak: 12 } },
      doorMinutes: { ...DEFAULT_TRAVEL_CONFIG.doorMinutes, walking: 0 },
      peakBands: [[420, 600]],
    });
    expect(Object.isFrozen(travel.estimate.speedsKmh.car)).toBe(true);
    expect(DEFAULT_TRAVEL_CONFIG.speedsKmh.car.peak).toBe(18);
  });

  it('names the setting and the key of a bad travel estimate', () => {
    expect(problemsOf({ TRAVEL_ESTIMATE: '{detourFactor: 2}' })).toEqual([
      'TRAVEL_ESTIMATE: must be JSON, e.g. {"detourFactor":1.5}',
    ]);
    const bad = problemsOf({
      TRAVEL_ESTIMATE: JSON.stringify({
        speedsKmh: { car: { peak: 0 } },
        doorMinutes: { bike: 3 },
        detour: 2,
        peakBands: [[600, 500]],
      }),
      TRAVEL_TIME_URL: 'osrm:5000',
      TRAVEL_TIME_TIMEOUT_MS: 'soon',
      TRAVEL_TIME_CACHE_DAYS: '0',
    }).join('\n');
    expect(bad).toMatch(/^TRAVEL_ESTIMATE\.speedsKmh\.car\.peak: /m);
    expect(bad).toMatch(/^TRAVEL_ESTIMATE\.doorMinutes: Unrecognized key: "bike"/m);
    expect(bad).toMatch(/^TRAVEL_ESTIMATE: Unrecognized key: "detour"/m);
    expect(bad).toMatch(/^TRAVEL_ESTIMATE\.peakBands\.0: must be \[start, end\) minutes/m);
    expect(bad).toMatch(/^TRAVEL_TIME_URL: must be an absolute http/m);
    expect(bad).toMatch(/^TRAVEL_TIME_TIMEOUT_MS: must be a number/m);
    expect(bad).toMatch(/^TRAVEL_TIME_CACHE_DAYS: must be at least 1/m);
  });
});
