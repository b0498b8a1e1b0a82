import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  inlineStyleHashes,
  installSecurityHeaders,
  securityHeaders,
} from './security-headers';

/** Directive name → its sources, as a browser reads the header. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

const STRICT = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'style-src-elem': ["'self'"],
  'style-src-attr': ["'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'object-src': ["'none'"],
};

async function cspServed(stripe: boolean): Promise<string | undefined> {
  const app = Fastify();
  installSecurityHeaders(app, securityHeaders({ production: false, stripe }));
  app.get('/', async () => ({ ok: true }));
  try {
    const res = await app.inject('/');
    const header = res.headers['content-security-policy'];
    return typeof header === 'string' ? header : undefined;
  } finally {
    await app.close();
  }
}

describe('Content-Security-Policy', () => {
  it('stays same-origin only with the demo provider: no Stripe host anywhere', async () => {
    const csp = await cspServed(false);
    expect(csp).toBeDefined();
    expect(Object.fromEntries(directives(csp ?? ''))).toEqual(STRICT);
    expect(csp).not.toMatch(/stripe/i);
  });

  it('allows exactly Stripe.js, its frames and its API with the Stripe provider', async () => {
    const csp = await cspServed(true);
    expect(Object.fromEntries(directives(csp ?? ''))).toEqual({
      ...STRICT,
      'script-src': ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com'],
      'frame-src': ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com'],
      'connect-src': ["'self'", 'https://api.stripe.com'],
    });
  });

  it('never lets the page itself be framed, in either mode', () => {
    for (const stripe of [false, true])
      expect(directives(contentSecurityPolicy({ stripe })).get('frame-ancestors')).toEqual([
        "'none'",
      ]);
  });

  it('allows exactly what the Google tag needs with GA_MEASUREMENT_ID, and nothing without', () => {
    const csp = contentSecurityPolicy({ stripe: false, googleAnalytics: true });
    expect(Object.fromEntries(directives(csp))).toEqual({
      ...STRICT,
      'script-src': ["'self'", 'https://www.googletagmanager.com'],
      'img-src': [
        "'self'",
        'data:',
        'blob:',
        'https://*.google-analytics.com',
        'https://*.googletagmanager.com',
      ],
      'connect-src': [
        "'self'",
        'https://*.google-analytics.com',
        'https://*.analytics.google.com',
        'https://*.googletagmanager.com',
      ],
    });
    const off = contentSecurityPolicy({ stripe: false, googleAnalytics: false });
    expect(Object.fromEntries(directives(off))).toEqual(STRICT);
  });

  it("lets the page post error reports to the DSN's origin only when one is set", () => {
    const csp = contentSecurityPolicy({
      stripe: true,
      errorReportingOrigin: 'https://o1.ingest.sentry.io',
    });
    expect(directives(csp).get('connect-src')).toEqual([
      "'self'",
      'https://api.stripe.com',
      'https://o1.ingest.sentry.io',
    ]);
    expect(directives(csp).get('script-src')).toEqual([
      "'self'",
      'https://js.stripe.com',
      'https://*.js.stripe.com',
    ]);
    const off = contentSecurityPolicy({ stripe: false, errorReportingOrigin: null });
    expect(Object.fromEntries(directives(off))).toEqual(STRICT);
  });
});

describe('inline styles', () => {
  // The hash a browser computes: sha256 of the element's text exactly, base64.
  const css = 'body{color:red}';
  const hash = "'sha256-FcQqt3aNlV7AZnGV4zkQRVeCeJOxbMPnQSx258L803E='";

  it('hashes each <style> element of a page, and only those', () => {
    const html = `<head><style>${css}</style><style media="print">p{}</style></head><p style="x">`;
    expect(inlineStyleHashes(html)).toEqual([hash, expect.stringMatching(/^'sha256-/)]);
    expect(inlineStyleHashes('<link rel="stylesheet" href="/a.css">')).toEqual([]);
  });

  it('admits the inlined stylesheet by its hash, never any inline style element', () => {
    const csp = directives(contentSecurityPolicy({ stripe: false, styleHashes: [hash] }));
    for (const name of ['style-src', 'style-src-elem']) {
      expect(csp.get(name)).toEqual(["'self'", hash]);
    }
    expect(csp.get('script-src')).toEqual(["'self'"]);
  });
});

describe('the other headers', () => {
  it('asks for HTTPS (HSTS) in production only', () => {
    expect(securityHeaders({ production: true, stripe: false })).toMatchObject({
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
    });
    expect(securityHeaders({ production: false, stripe: false })).not.toHaveProperty(
      'strict-transport-security',
    );
  });
});
