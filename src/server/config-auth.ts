import { z } from 'zod';
import { bool, int, type EnvOf } from './config-values';

// Signing in: how long a session read is trusted, the sign-in rate limits, and the social and
// single sign-on providers. (AUTH_SECRET is with the deployment's other secrets, config-server.ts.)

export const authEnv = {
  // How long this instance trusts a session it has read (0 = ask every time); decision 0046.
  SESSION_CACHE_SECONDS: int(0, 60).default(5),
  /** Per-IP and per-account limits on sign-in, sign-up, reset and email-link requests. */
  AUTH_RATE_LIMIT: bool.default(true),
  // Social sign-in: each provider is on only when both its id and secret are set.
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  FACEBOOK_CLIENT_ID: z.string().optional(),
  FACEBOOK_CLIENT_SECRET: z.string().optional(),
  GITHUB_CLIENT_ID: z.string().optional(),
  GITHUB_CLIENT_SECRET: z.string().optional(),
  TWITTER_CLIENT_ID: z.string().optional(),
  TWITTER_CLIENT_SECRET: z.string().optional(),
  OIDC_ISSUER: z.url({ message: 'must be an absolute URL' }).optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_NAME: z.string().min(1).default('Single sign-on'),
};

export interface SocialProviderConfig {
  clientId: string;
  clientSecret: string;
}

export interface OidcConfig extends SocialProviderConfig {
  issuer: string;
  name: string;
}

export interface AuthSettings {
  sessionCacheSeconds: number;
  authRateLimit: boolean;
  social: {
    google: SocialProviderConfig | null;
    facebook: SocialProviderConfig | null;
    github: SocialProviderConfig | null;
    twitter: SocialProviderConfig | null;
  };
  oidc: OidcConfig | null;
}

/** The sign-in settings; a provider with half its credentials is added to problems. */
export function authOf(e: EnvOf<typeof authEnv>, problems: string[]): AuthSettings {
  const social = {
    google: pair('GOOGLE', e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET, problems),
    facebook: pair('FACEBOOK', e.FACEBOOK_CLIENT_ID, e.FACEBOOK_CLIENT_SECRET, problems),
    github: pair('GITHUB', e.GITHUB_CLIENT_ID, e.GITHUB_CLIENT_SECRET, problems),
    twitter: pair('TWITTER', e.TWITTER_CLIENT_ID, e.TWITTER_CLIENT_SECRET, problems),
  };
  const oidcPair = pair('OIDC', e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET, problems);
  if (oidcPair && !e.OIDC_ISSUER) problems.push('OIDC_ISSUER: required with OIDC_CLIENT_ID');
  return {
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    authRateLimit: e.AUTH_RATE_LIMIT,
    social,
    oidc:
      oidcPair && e.OIDC_ISSUER
        ? { ...oidcPair, issuer: e.OIDC_ISSUER.replace(/\/$/, ''), name: e.OIDC_NAME }
        : null,
  };
}

/** A provider's id and secret: both (it is on), neither (off), or one, which is a problem. */
function pair(
  name: string,
  id: string | undefined,
  secret: string | undefined,
  problems: string[],
): SocialProviderConfig | null {
  if (!id && !secret) return null;
  if (!id || !secret) {
    problems.push(`${name}_CLIENT_ID and ${name}_CLIENT_SECRET: set both or neither`);
    return null;
  }
  return { clientId: id, clientSecret: secret };
}
