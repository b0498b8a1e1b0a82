import { describe, expect, it } from 'vitest';
import { PRODUCTION_COMPANY_ENV, PRODUCTION_ENV } from '../test-support/production-env';
import { problemsOf } from '../test-support/config-problems';
import { loadConfig } from './config';

describe('Web Push settings', () => {
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
});
