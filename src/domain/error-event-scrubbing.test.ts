import { describe, expect, it } from 'vitest';
import { scrubBreadcrumb, scrubErrorEvent, scrubText, scrubUrl } from './error-event-scrubbing';

const PERSONAL = [
  'isla.macleod@example.com',
  'Isla MacLeod',
  '14 Rose Street',
  'EH2 2PR',
  '4242 4242 4242 4242',
  '07700 900123',
  'c2Vzc2lvbi10b2tlbi0wMTIzNDU2Nzg5YWJjZGVm',
  'sid=9f8e7d6c',
  'K7Q2M9XD-secret',
];

/** A server event as @sentry/node builds it for a failed booking request, before scrubbing. */
function serverEvent() {
  return {
    event_id: '0c5f0e2a3b4c4d5e8f9a0b1c2d3e4f50',
    level: 'error',
    platform: 'node',
    release: 'athome-booking@0.1.0',
    environment: 'production',
    server_name: 'web-1',
    message: 'Payment for isla.macleod@example.com failed',
    exception: {
      values: [
        {
          type: 'Error',
          value:
            'Card 4242 4242 4242 4242 declined for isla.macleod@example.com at EH2 2PR (07700 900123)',
          stacktrace: {
            frames: [
              {
                filename: '/app/src/server/checkout/pay.ts',
                function: 'pay',
                lineno: 42,
                vars: { email: 'isla.macleod@example.com', name: 'Isla MacLeod' },
              },
            ],
          },
        },
      ],
    },
    request: {
      method: 'POST',
      url: 'https://glow.example/api/bookings/42/pay?token=K7Q2M9XD-secret',
      query_string: 'token=K7Q2M9XD-secret',
      headers: {
        authorization: 'Bearer c2Vzc2lvbi10b2tlbi0wMTIzNDU2Nzg5YWJjZGVm',
        cookie: 'sid=9f8e7d6c',
      },
      cookies: { sid: '9f8e7d6c' },
      data: { name: 'Isla MacLeod', addressLine1: '14 Rose Street', postcode: 'EH2 2PR' },
    },
    user: { email: 'isla.macleod@example.com', ip_address: '203.0.113.9' },
    tags: { route: '/api/bookings/:id/pay', method: 'POST' },
    extra: {
      customer: { name: 'Isla MacLeod', phoneNumber: '07700 900123' },
      note: 'called from 14 Rose Street, EH2 2PR',
    },
    contexts: {
      runtime: { name: 'node', version: 'v20.20.2' },
      os: { name: 'Linux' },
      booking: { address: '14 Rose Street', reference: 'GLW-1234' },
    },
  };
}

describe('scrubErrorEvent', () => {
  it('leaves none of the personal data of a real-looking server event', () => {
    const scrubbed = JSON.stringify(scrubErrorEvent(serverEvent()));
    for (const value of PERSONAL) expect(scrubbed).not.toContain(value);
    expect(scrubbed).not.toContain('203.0.113.9');
  });

  it('keeps what says where the code failed', () => {
    const scrubbed = scrubErrorEvent(serverEvent());
    expect(scrubbed.release).toBe('athome-booking@0.1.0');
    expect(scrubbed.environment).toBe('production');
    expect(scrubbed.exception?.values?.[0]?.value).toBe(
      'Card [card] declined for [email] at [postcode] ([phone])',
    );
    expect(scrubbed.exception?.values?.[0]?.stacktrace?.frames).toEqual([
      { filename: '/app/src/server/checkout/pay.ts', function: 'pay', lineno: 42 },
    ]);
    expect(scrubbed.request).toEqual({
      method: 'POST',
      url: 'https://glow.example/api/bookings/42/pay?[query]',
    });
    expect(scrubbed.tags).toEqual({ route: '/api/bookings/:id/pay', method: 'POST' });
    expect(scrubbed.contexts).toEqual({
      runtime: { name: 'node', version: 'v20.20.2' },
      os: { name: 'Linux' },
      booking: { address: '[redacted]', reference: 'GLW-1234' },
    });
    expect(scrubbed.user).toBeUndefined();
  });

  it('scrubs a browser event: its page address, breadcrumbs and message', () => {
    const event = {
      message: 'Referral validation failed: 404 No referral code for isla.macleod@example.com',
      request: {
        url: 'https://glow.example/account?offer=K7Q2M9XD-secret#top',
        headers: { 'User-Agent': 'Mozilla/5.0', Referer: 'https://glow.example/?ref=Isla' },
      },
      breadcrumbs: [
        {
          category: 'fetch',
          data: { method: 'GET', url: '/api/me/calendar?token=K7Q2M9XD-secret', status_code: 500 },
        },
        { category: 'navigation', data: { from: '/r/K7Q2M9XD?x=1', to: '/account?offer=abc' } },
      ],
    };
    const scrubbed = scrubErrorEvent(event);
    expect(scrubbed.message).toBe('Referral validation failed: 404 No referral code for [email]');
    expect(scrubbed.request).toEqual({ url: 'https://glow.example/account?[query]' });
    expect(scrubbed.breadcrumbs).toEqual([
      {
        category: 'fetch',
        data: { method: 'GET', url: '/api/me/calendar?[query]', status_code: 500 },
      },
      { category: 'navigation', data: { from: '/r/K7Q2M9XD?[query]', to: '/account?[query]' } },
    ]);
  });
});

describe('scrubText', () => {
  it.each([
    ['Authorization: Bearer abc.def-ghi', 'Authorization: Bearer [token]'],
    ['Cookie: sid=1; theme=dark', 'Cookie: [redacted]'],
    ['GET /api/x?email=a%40b.co&page=2', 'GET /api/x?email=[redacted]&page=[redacted]'],
    ['card 4000-0000-0000-3220 refused', 'card [card] refused'],
    ['call +44 7700 900123 or 0131 496 0000', 'call [phone] or [phone]'],
    ['no therapist near ng1 5ft', 'no therapist near [postcode]'],
    ['link /c/0123456789abcdef0123456789abcdef.ics', 'link /c/[token].ics'],
    ['jwt eyJhbGciOi.eyJzdWIiOiIx.sig', 'jwt [token]'],
  ])('%s', (text, expected) => {
    expect(scrubText(text)).toBe(expected);
  });

  it('leaves an ordinary failure as it is', () => {
    const text = 'TypeError: Cannot read properties of undefined (reading "id") at 12:34';
    expect(scrubText(text)).toBe(text);
  });
});

describe('scrubUrl and scrubBreadcrumb', () => {
  it('drops the query and fragment', () => {
    expect(scrubUrl('/account#x')).toBe('/account');
    expect(scrubUrl('https://glow.example/')).toBe('https://glow.example/');
  });

  it('scrubs a console breadcrumb by its message', () => {
    expect(scrubBreadcrumb({ category: 'console', message: 'signed in as a@b.co' })).toEqual({
      category: 'console',
      message: 'signed in as [email]',
    });
  });
});
