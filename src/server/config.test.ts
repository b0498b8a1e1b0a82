import { describe, expect, it } from 'vitest';
import { problemsOf } from '../test-support/config-problems';
import { loadConfig } from './config';

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

  it('treats an empty variable as not set', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).databaseUrl).toBeNull();
  });
});
