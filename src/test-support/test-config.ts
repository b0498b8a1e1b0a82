import { loadConfig, type AppConfig } from '../server/config';

export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return loadConfig({
    APP_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    // Tests sign many customers up from one address; the rate-limit tests turn this back on.
    AUTH_RATE_LIMIT: 'false',
    INTERNAL_API_TOKEN: 'test-internal-token-0123456789abcdef',
    ...overrides,
  });
}
