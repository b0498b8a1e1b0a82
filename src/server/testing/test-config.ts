import { loadConfig, type AppConfig } from '../config';

export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return loadConfig({
    APP_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    INTERNAL_API_TOKEN: 'test-internal-token-0123456789abcdef',
    ...overrides,
  });
}
