import { z } from 'zod';
import type { EnvOf } from './config-values';

// Webhooks: booking events POSTed, signed, to the company's other systems.

export const webhooksEnv = {
  /** Where booking events are POSTed (comma-separated http(s) URLs); with WEBHOOK_SECRET. */
  WEBHOOK_URLS: z.string().optional(),
  /** Signs every webhook (HMAC-SHA256); receivers hold the same secret. */
  WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
};

export interface WebhooksConfig {
  urls: string[];
  secret: string;
}

/** Both or neither; each URL absolute http(s), and https in production (events carry personal data). */
export function webhooksOf(
  e: EnvOf<typeof webhooksEnv>,
  isProduction: boolean,
  problems: string[],
): WebhooksConfig | null {
  const list = e.WEBHOOK_URLS;
  const secret = e.WEBHOOK_SECRET;
  if (!list && !secret) return null;
  if (!list || !secret) {
    problems.push('WEBHOOK_URLS and WEBHOOK_SECRET: set both or neither');
    return null;
  }
  const urls = list
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  if (urls.length === 0) problems.push('WEBHOOK_URLS: must list at least one URL');
  for (const url of urls) {
    const protocol = URL.canParse(url) ? new URL(url).protocol : null;
    if (protocol !== 'http:' && protocol !== 'https:')
      problems.push(`WEBHOOK_URLS: "${url}" must be an absolute http:// or https:// URL`);
    else if (isProduction && protocol !== 'https:')
      problems.push(`WEBHOOK_URLS: "${url}" must be https:// when APP_ENV=production`);
  }
  if (new Set(urls).size !== urls.length) problems.push('WEBHOOK_URLS: a URL is listed twice');
  return { urls, secret };
}
