import { describe, expect, it } from 'vitest';
import { problemsOf } from '../test-support/config-problems';
import { loadConfig } from './config';

describe('connection settings', () => {
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
});
