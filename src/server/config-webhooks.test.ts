import { describe, expect, it } from 'vitest';
import { PRODUCTION_COMPANY_ENV } from '../test-support/production-env';
import { problemsOf } from '../test-support/config-problems';
import { loadConfig } from './config';

describe('webhook settings', () => {
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
});
