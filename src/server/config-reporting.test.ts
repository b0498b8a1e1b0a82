import { describe, expect, it } from 'vitest';
import { PRODUCTION_ENV } from '../test-support/production-env';
import { ConfigError, loadConfig } from './config';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

const DSN = 'https://0123abcd@o1.ingest.sentry.io/4506';

describe('analytics and error reporting settings', () => {
  it('are off without their settings', () => {
    const config = loadConfig({});
    expect(config.analytics).toEqual({ measurementId: null });
    expect(config.errorReporting).toBeNull();
  });

  it('take a GA4 measurement ID and refuse anything else at start-up', () => {
    expect(loadConfig({ GA_MEASUREMENT_ID: 'G-AB12CD34EF' }).analytics.measurementId).toBe(
      'G-AB12CD34EF',
    );
    for (const bad of ['UA-12345-1', 'G-', 'g-ab12cd34', 'G-AB12"><script>', 'GTM-ABC123']) {
      expect(problemsOf({ GA_MEASUREMENT_ID: bad })).toEqual([
        'GA_MEASUREMENT_ID: must be a GA4 measurement ID, e.g. G-AB12CD34EF',
      ]);
    }
  });

  it('take a DSN with its environment and release', () => {
    expect(loadConfig({ SENTRY_DSN: DSN }).errorReporting).toEqual({
      dsn: DSN,
      environment: 'staging',
      release: null,
    });
    expect(
      loadConfig({
        APP_ENV: 'review-42',
        SENTRY_DSN: 'http://publickey@127.0.0.1:9000/1',
        RELEASE: '3f9c2d1',
      }).errorReporting,
    ).toEqual({
      dsn: 'http://publickey@127.0.0.1:9000/1',
      environment: 'review-42',
      release: '3f9c2d1',
    });
    expect(
      loadConfig({ ...PRODUCTION_ENV, SENTRY_DSN: DSN, SENTRY_ENVIRONMENT: 'eu-prod' })
        .errorReporting?.environment,
    ).toBe('eu-prod');
  });

  it('refuse a DSN that is not one, or one the page could not use in production', () => {
    const message =
      'SENTRY_DSN: must be a Sentry DSN, e.g. https://publickey@o1.ingest.sentry.io/123';
    for (const bad of [
      'sentry.io/1',
      'https://o1.ingest.sentry.io/1',
      'https://key:secret@o1.ingest.sentry.io/1',
      'ftp://key@host/1',
      'https://key@host/',
    ]) {
      expect(problemsOf({ SENTRY_DSN: bad })).toEqual([message]);
    }
    expect(problemsOf({ ...PRODUCTION_ENV, SENTRY_DSN: 'http://key@sentry.internal/1' })).toEqual([
      'SENTRY_DSN: must be https:// when APP_ENV=production',
    ]);
    expect(problemsOf({ SENTRY_DSN: DSN, RELEASE: 'two words' })).toEqual([
      'RELEASE: must be a version or a commit, e.g. 1.4.0 or 3f9c2d1',
    ]);
  });
});
