import type { FastifyInstance } from 'fastify';

export interface SecurityHeaderOptions {
  production: boolean;
  /** The Stripe provider is configured: the card form is Stripe.js, loaded from Stripe. */
  stripe: boolean;
}

// Stripe's published CSP for Stripe.js and Elements (docs.stripe.com/security/guide): the script
// and the card iframes come from js.stripe.com or a subdomain of it, and Stripe.js calls
// api.stripe.com itself (creating the PaymentMethod). hooks.stripe.com is left out: 3-D Secure
// is a full-page redirect to Stripe here, never a frame, so no frame needs it.
const STRIPE_JS = ['https://js.stripe.com', 'https://*.js.stripe.com'];
const STRIPE_API = ['https://api.stripe.com'];

/** The Content-Security-Policy value: same-origin only, plus Stripe's hosts in Stripe mode. */
export function contentSecurityPolicy(options: Pick<SecurityHeaderOptions, 'stripe'>): string {
  const extra = (hosts: string[]) => (options.stripe ? hosts.map((h) => ` ${h}`).join('') : '');
  const directives = [
    "default-src 'self'",
    `script-src 'self'${extra(STRIPE_JS)}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${extra(STRIPE_API)}`,
    // The service worker (/sw.js) and the web app manifest: said outright rather than left to
    // fall back on script-src and default-src, so a change to those cannot switch them off.
    "worker-src 'self'",
    "manifest-src 'self'",
    // Without a frame-src, frames fall back to default-src 'self': what demo mode wants.
    ...(options.stripe ? [`frame-src 'self'${extra(STRIPE_JS)}`] : []),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ];
  return directives.join('; ');
}

// Conservative defaults for every response; the web app is same-origin only, except that in
// Stripe mode the card form is Stripe's own (so card numbers never reach this server).
export function installSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions) {
  const csp = contentSecurityPolicy(options);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    reply.header('Content-Security-Policy', csp);
    if (options.production)
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  });
}
