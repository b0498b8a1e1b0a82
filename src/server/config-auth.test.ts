import { describe, expect, it } from 'vitest';
import { problemsOf } from '../test-support/config-problems';
import { loadConfig } from './config';

describe('sign-in settings', () => {
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
});
