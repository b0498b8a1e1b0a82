import { afterEach, describe, expect, it, vi } from 'vitest';

// The browser's reporter as Sentry's SDK runs it, up to the request it makes: what leaves the page
// is scrubbed, and names the release and environment the server gave the page (decision 0091).

afterEach(async () => {
  // Test files share a worker (isolate: false): leave no client behind in the SDK's global scope.
  const sentry = await import('@sentry/browser');
  await sentry.getClient()?.close(0);
  sentry.getCurrentScope().setClient(undefined);
  vi.unstubAllGlobals();
});

describe('startSentry', () => {
  it("posts scrubbed envelopes to the DSN's host", async () => {
    const bodies: string[] = [];
    const fetchMock = vi.fn(async (url: string, init: { body: string }) => {
      bodies.push(`${url}\n${init.body}`);
      return new Response('{}', { status: 200 });
    });
    vi.stubGlobal('fetch', fetchMock);
    vi.resetModules();
    const { startSentry } = await import('./sentry-browser');
    const send = startSentry({
      dsn: 'https://publickey@o1.ingest.sentry.io/42',
      environment: 'production',
      release: 'athome-booking@0.1.0',
    });
    send({
      error: new Error('Referral for isla.macleod@example.com at EH2 2PR failed'),
      description: 'Referral validation failed',
      fatal: false,
    });
    send({ error: undefined, description: 'Push failed for 07700 900123', fatal: true });
    await vi.waitFor(() => expect(bodies).toHaveLength(2));
    const [first = '', second = ''] = bodies;
    expect(first).toMatch(/^https:\/\/o1\.ingest\.sentry\.io\/api\/42\/envelope\/\?/);
    expect(first).toContain('"release":"athome-booking@0.1.0"');
    expect(first).toContain('"environment":"production"');
    expect(first).toContain('Referral for [email] at [postcode] failed');
    expect(second).toContain('Push failed for [phone]');
    expect(second).toContain('"level":"fatal"');
    for (const personal of ['isla.macleod@example.com', 'EH2 2PR', '07700 900123'])
      expect(bodies.join('\n')).not.toContain(personal);
  });
});
