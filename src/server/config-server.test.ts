import { describe, expect, it } from 'vitest';
import { PRODUCTION_COMPANY_ENV } from '../test-support/production-env';
import { problemsOf } from '../test-support/config-problems';
import { loadConfig } from './config';

describe('deployment settings', () => {
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
});
