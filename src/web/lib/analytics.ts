// The one analytics module. It speaks the gtag dataLayer protocol. Until analytics storage is
// granted, events wait in memory and never reach window.dataLayer; accepting cookies flushes them
// in order. Only then, and only when the server names a GA4 measurement ID, is the Google tag
// loaded to send them on (docs/decisions/0091); without one no script is ever loaded.
import { reportError } from './error-reports';
import { pageSetting } from './page-settings';

export type ConsentValue = 'granted' | 'denied';

export const CONSENT_CATEGORIES = [
  'ad_storage',
  'ad_user_data',
  'ad_personalization',
  'analytics_storage',
  'functionality_storage',
  'personalization_storage',
  'security_storage',
] as const;

export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];
export type ConsentState = Record<ConsentCategory, ConsentValue>;

/**
 * docs/product.md#cookie-consent-and-analytics: advertising and analytics denied; functionality and
 * security storage granted.
 */
export const DEFAULT_CONSENT: Readonly<ConsentState> = Object.freeze({
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
  analytics_storage: 'denied',
  functionality_storage: 'granted',
  personalization_storage: 'denied',
  security_storage: 'granted',
});

export const ALL_GRANTED: Readonly<ConsentState> = Object.freeze(
  Object.fromEntries(CONSENT_CATEGORIES.map((c) => [c, 'granted'])) as ConsentState,
);

export interface CartItem {
  id: string;
  name: string;
  category: string;
  pricePence: number;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

type GtagCommand =
  | ['consent', 'default' | 'update', Partial<ConsentState>]
  | ['event', string, Record<string, unknown>]
  | ['set', 'user_data', Record<string, string>]
  | ['config', string, Record<string, unknown>]
  | ['js', Date];

const MAX_PENDING = 50;
let consent: ConsentState = { ...DEFAULT_CONSENT };
let pending: GtagCommand[] = [];
let initialised = false;
/** The signed-in customer's contact details for user_data; sent only while consent allows. */
let userData: Record<string, string> | null = null;
let userDataSent = false;
let tagStarted = false;

function dataLayer(): unknown[] {
  window.dataLayer ??= [];
  return window.dataLayer;
}

// gtag.js only reads Arguments objects from the queue, not plain arrays, hence the rest-less form.
function gtag(..._command: GtagCommand): void {
  // eslint-disable-next-line prefer-rest-params
  dataLayer().push(arguments);
}

function send(command: GtagCommand): void {
  gtag(...command);
}

/** Declares the default consent before anything else is queued, as consent mode requires. */
export function initAnalytics(saved: ConsentState | null = null): void {
  if (initialised || typeof window === 'undefined') return;
  initialised = true;
  send(['consent', 'default', { ...DEFAULT_CONSENT }]);
  send(['js', new Date()]);
  if (saved) updateConsent(saved);
}

export function getConsent(): Readonly<ConsentState> {
  return consent;
}

export function updateConsent(next: Partial<ConsentState>): void {
  consent = { ...consent, ...next };
  send(['consent', 'update', { ...next }]);
  if (consent.analytics_storage === 'granted') {
    startGoogleTag();
    const queued = pending;
    pending = [];
    queued.forEach(send);
  }
  sendUserData();
}

/**
 * The tag's config goes into the queue before the events it is to send; the tag itself arrives in
 * a chunk of its own. Page views are ours (one per route change), not the tag's own; Google
 * Signals and ad personalisation stay off, so nothing goes to advertising hosts the CSP refuses.
 */
function startGoogleTag(): void {
  const id = pageSetting('ga-measurement-id');
  if (tagStarted || !id) return;
  tagStarted = true;
  send([
    'config',
    id,
    { send_page_view: false, allow_google_signals: false, allow_ad_personalization_signals: false },
  ]);
  import('./google-tag').then(
    ({ loadGoogleTag }) => loadGoogleTag(id),
    () => undefined,
  );
}

// Personal data goes further than an event: it needs consent to share user data as well as
// analytics storage, and it is never queued in the dataLayer before that.
const userDataAllowed = () =>
  consent.analytics_storage === 'granted' && consent.ad_user_data === 'granted';

function sendUserData(): void {
  if (userData && !userDataSent && userDataAllowed()) {
    send(['set', 'user_data', userData]);
    userDataSent = true;
  }
}

/**
 * user_data (email and phone) is set on sign-in, and forgotten on sign-out. Held back
 * until consent allows it.
 */
export function setAnalyticsUser(user: { email: string; phoneNumber: string | null } | null): void {
  if (typeof window === 'undefined') return;
  if (user === null) {
    if (userDataSent) send(['set', 'user_data', {}]);
    userData = null;
    userDataSent = false;
    return;
  }
  const next = {
    email: user.email.trim().toLowerCase(),
    ...(user.phoneNumber ? { phone_number: user.phoneNumber.replace(/[^\d+]/g, '') } : {}),
  };
  if (userData && JSON.stringify(userData) === JSON.stringify(next)) return;
  userData = next;
  userDataSent = false;
  sendUserData();
}

function track(name: string, params: Record<string, unknown>): void {
  if (typeof window === 'undefined') return;
  const command: GtagCommand = ['event', name, params];
  if (consent.analytics_storage === 'granted') {
    send(command);
    return;
  }
  pending.push(command);
  if (pending.length > MAX_PENDING) pending = pending.slice(-MAX_PENDING);
}

export function trackPageView(path: string, title: string): void {
  track('page_view', {
    page_path: path,
    page_title: title,
    page_location: window.location.origin + path,
  });
}

function cartParams(items: CartItem[]): Record<string, unknown> {
  const valuePence = items.reduce((sum, item) => sum + item.pricePence, 0);
  return {
    currency: 'GBP',
    value: valuePence / 100,
    items: items.map((item) => ({
      item_id: item.id,
      item_name: item.name,
      item_category: item.category,
      price: item.pricePence / 100,
      quantity: 1,
    })),
  };
}

export function trackAddToCart(items: CartItem[]): void {
  track('add_to_cart', cartParams(items));
}

export function trackRemoveFromCart(items: CartItem[]): void {
  track('remove_from_cart', cartParams(items));
}

/** A referral link was opened. */
export function trackReferralLink(code: string): void {
  track('referral_link', { referral_code: code.slice(0, 64) });
}

/**
 * An error the customer met: an `exception` event for analytics, and with SENTRY_DSN a report
 * (with the error's stack when there is one) to error reporting, which needs no consent: it
 * stores nothing on the device and carries no personal data (decision 0091).
 */
export function trackException(description: string, fatal: boolean, error?: unknown): void {
  reportError({ error, description, fatal });
  // Long stack-bearing messages help nobody in a report and may carry personal data.
  track('exception', { description: description.slice(0, 150), fatal });
}
