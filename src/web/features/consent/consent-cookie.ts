import { CONSENT_CATEGORIES, type ConsentState } from '../../lib/analytics';

// docs/product.md#cookie-consent-and-analytics: the lct_cc cookie holds the consent categories for
// 6 months of 30 days.
export const CONSENT_COOKIE = 'lct_cc';
const SIX_MONTHS_SECONDS = 6 * 30 * 24 * 60 * 60;

function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return found === undefined ? null : found.slice(prefix.length);
}

/** The saved choice, or null when there is none or it cannot be read (the banner asks again). */
export function readConsentCookie(): ConsentState | null {
  const raw = readCookie(CONSENT_COOKIE);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(raw));
    if (typeof parsed !== 'object' || parsed === null) return null;
    const record = parsed as Record<string, unknown>;
    const state = {} as ConsentState;
    for (const category of CONSENT_CATEGORIES) {
      const value = record[category];
      if (value !== 'granted' && value !== 'denied') return null;
      state[category] = value;
    }
    return state;
  } catch {
    return null;
  }
}

export function writeConsentCookie(state: ConsentState): void {
  const parts = [
    `${CONSENT_COOKIE}=${encodeURIComponent(JSON.stringify(state))}`,
    `Max-Age=${SIX_MONTHS_SECONDS}`,
    `Expires=${new Date(Date.now() + SIX_MONTHS_SECONDS * 1000).toUTCString()}`,
    'Path=/',
    'SameSite=Lax',
  ];
  // Browsers drop Secure cookies set over plain http, which would break local development.
  if (window.location.protocol === 'https:') parts.push('Secure');
  document.cookie = parts.join('; ');
}

export function clearConsentCookie(): void {
  document.cookie = `${CONSENT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}
