import { z } from 'zod';
import { bool, type EnvOf } from './config-values';

// Web Push: the VAPID keys and subject, and where a subscription may point (decision 0066).

export const pushEnv = {
  // Web Push (VAPID): both keys, or neither (then generated once outside production; off in it).
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{86,88}$/, 'must be a base64url P-256 public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{42,44}$/, 'must be a base64url P-256 private key')
    .optional(),
  /** Who push services may contact about our pushes: a mailto: or https: URL. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https:// URL')
    .optional(),
  /**
   * Host names (and their subdomains) a push subscription may point at in production,
   * comma-separated. The server POSTs to a subscription's endpoint, so there only real push
   * services are accepted; elsewhere any public https host is (decision 0066).
   */
  PUSH_SERVICE_HOSTS: z
    .string()
    .default('fcm.googleapis.com,push.services.mozilla.com,notify.windows.com,push.apple.com'),
  /**
   * Accept push endpoints on http, on loopback and private addresses and local names: for a
   * local test push service only, never in production (decision 0066).
   */
  PUSH_ALLOW_LOCAL_ENDPOINTS: bool.default(false),
};

export interface PushConfig {
  /** From the environment; null: generated and kept in the database (outside production only). */
  vapidKeys: { publicKey: string; privateKey: string } | null;
  /** The VAPID subject: VAPID_SUBJECT, else PUBLIC_URL when https, else MAIL_FROM's address. */
  subject: string;
  /** Where subscriptions may point; null: any public https host (outside production). */
  serviceHosts: string[] | null;
  /** PUSH_ALLOW_LOCAL_ENDPOINTS: also http, loopback and private endpoints (tests only). */
  allowLocalEndpoints: boolean;
}

/**
 * The push settings, given the site's public URL (config-server.ts) for the subject; half a key
 * pair, or local endpoints in production, is added to problems.
 */
export function pushOf(
  e: EnvOf<typeof pushEnv> & { MAIL_FROM: string },
  publicUrl: string,
  isProduction: boolean,
  problems: string[],
): PushConfig {
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY))
    problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither');
  if (isProduction && e.PUSH_ALLOW_LOCAL_ENDPOINTS)
    problems.push(
      'PUSH_ALLOW_LOCAL_ENDPOINTS: local push endpoints are never allowed in production',
    );
  return {
    vapidKeys:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : null,
    subject: e.VAPID_SUBJECT ?? vapidSubjectFor(publicUrl, e.MAIL_FROM),
    serviceHosts: isProduction
      ? e.PUSH_SERVICE_HOSTS.split(',')
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean)
      : null,
    allowLocalEndpoints: e.PUSH_ALLOW_LOCAL_ENDPOINTS,
  };
}

/** An https site, else the address mail is sent from: push services accept only these two. */
function vapidSubjectFor(publicUrl: string, mailFrom: string): string {
  if (publicUrl.startsWith('https://')) return publicUrl;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}
