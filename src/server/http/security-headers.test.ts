import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, installSecurityHeaders } from './security-headers';

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
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};

async function cspServed(stripe: boolean): Promise<string | undefined> {
  const app = Fastify();
  installSecurityHeaders(app, { production: false, stripe });
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
});
