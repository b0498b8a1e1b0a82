import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export interface SecurityHeaderOptions {
  production: boolean;
  /** The Stripe provider is configured: the card form is Stripe.js, loaded from Stripe. */
  stripe: boolean;
  /**
   * CSP sources ('sha256-…') for the <style> elements the built index.html carries inline
   * (vite.config.ts inlines the stylesheet, decision 0040); none without a build.
   */
  styleHashes?: readonly string[];
  /** GA_MEASUREMENT_ID is set: the Google tag may load once the visitor consents (decision 0091). */
  googleAnalytics?: boolean;
  /** SENTRY_DSN's origin, where the web app posts its error reports; null or absent: none. */
  errorReportingOrigin?: string | null;
}

// Stripe's published CSP for Stripe.js and Elements (docs.stripe.com/security/guide): the script
// and the card iframes come from js.stripe.com or a subdomain of it, and Stripe.js calls
// api.stripe.com itself (creating the PaymentMethod). hooks.stripe.com is left out: 3-D Secure
// is a full-page redirect to Stripe here, never a frame, so no frame needs it.
const STRIPE_JS = ['https://js.stripe.com', 'https://*.js.stripe.com'];
const STRIPE_API = ['https://api.stripe.com'];

// Google's CSP guidance for GA4 through the Google tag (developers.google.com/tag-platform/
// security/guides/csp): the tag script from www.googletagmanager.com, its hits to the Google
// Analytics collection hosts by fetch or sendBeacon (connect-src) or, as a fallback, an image
// (img-src). Google Signals and advertising features, which would add doubleclick.net and
// google.com, are turned off in the tag's config (src/web/lib/analytics.ts), so not allowed here.
const GOOGLE_TAG_SCRIPT = ['https://www.googletagmanager.com'];
const GOOGLE_ANALYTICS_HITS = [
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://*.googletagmanager.com',
];
const GOOGLE_ANALYTICS_IMAGES = [
  'https://*.google-analytics.com',
  'https://*.googletagmanager.com',
];

/** The CSP hash source of each inline <style> element in an HTML page, in page order. */
export function inlineStyleHashes(html: string): string[] {
  return [...html.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/gi)].map(
    ([, css = '']) => `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`,
  );
}

/**
 * The Content-Security-Policy value: same-origin only, plus Stripe's hosts in Stripe mode, the
 * Google tag's with GA_MEASUREMENT_ID and the error reports' with SENTRY_DSN.
 */
export function contentSecurityPolicy(
  options: Pick<
    SecurityHeaderOptions,
    'stripe' | 'styleHashes' | 'googleAnalytics' | 'errorReportingOrigin'
  >,
): string {
  const extra = (hosts: readonly string[]) => hosts.map((h) => ` ${h}`).join('');
  const stripe = (hosts: string[]) => (options.stripe ? extra(hosts) : '');
  const google = (hosts: string[]) => (options.googleAnalytics ? extra(hosts) : '');
  const reports = options.errorReportingOrigin ? ` ${options.errorReportingOrigin}` : '';
  const styles = `'self'${extra(options.styleHashes ?? [])}`;
  const directives = [
    "default-src 'self'",
    // No inline script anywhere: every script is a file of our own (or Stripe's, or the Google
    // tag's once a visitor has accepted analytics).
    `script-src 'self'${stripe(STRIPE_JS)}${google(GOOGLE_TAG_SCRIPT)}`,
    // Style elements: our files and the one stylesheet index.html inlines, by its hash, so an
    // injected <style> cannot restyle the page (hide a field, overlay a fake button). style-src
    // says the same for browsers without the -elem/-attr directives.
    `style-src ${styles}`,
    `style-src-elem ${styles}`,
    // Style attributes cannot run script or load anything (img-src and font-src still govern
    // url()); Stripe.js sets them on the card frames it inserts into our page.
    "style-src-attr 'unsafe-inline'",
    `img-src 'self' data: blob:${google(GOOGLE_ANALYTICS_IMAGES)}`,
    "font-src 'self' data:",
    `connect-src 'self'${stripe(STRIPE_API)}${google(GOOGLE_ANALYTICS_HITS)}${reports}`,
    // The service worker (/sw.js) and the web app manifest: said outright rather than left to
    // fall back on script-src and default-src, so a change to those cannot switch them off.
    "worker-src 'self'",
    "manifest-src 'self'",
    // Without a frame-src, frames fall back to default-src 'self': what demo mode wants.
    ...(options.stripe ? [`frame-src 'self'${stripe(STRIPE_JS)}`] : []),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ];
  return directives.join('; ');
}

/** The headers every response carries, errors and static files included. */
export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
    'content-security-policy': contentSecurityPolicy(options),
    ...(options.production
      ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
      : {}),
  };
}

// Conservative defaults for every response; the web app is same-origin only, except that in
// Stripe mode the card form is Stripe's own (so card numbers never reach this server). Answers
// made before routing (framework-errors.ts, limits.ts) set the same headers themselves.
export function installSecurityHeaders(app: FastifyInstance, headers: Record<string, string>) {
  app.addHook('onSend', async (_request, reply) => {
    void reply.headers(headers);
  });
}
