import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as AnalyticsModule from './analytics';
import type { ErrorReport } from './error-reports';

// The Google tag and error reports as the page's settings turn them on (decision 0091). Each test
// loads fresh modules into a window and a document of its own; the document holds only what
// these modules read: the settings' <meta> elements, and the head the tag's script goes into.

let win: { dataLayer?: unknown[]; location: { origin: string } };
const appended: { src?: string; async?: boolean }[] = [];
const commands = () => (win.dataLayer ?? []).map((args) => Array.from(args as ArrayLike<unknown>));

async function load(settings: Record<string, string>): Promise<typeof AnalyticsModule> {
  win = { location: { origin: 'https://glow.example' } };
  appended.length = 0;
  vi.stubGlobal('window', win);
  vi.stubGlobal('document', {
    querySelector: (selector: string) => {
      const name = /^meta\[name="([^"]+)"\]$/.exec(selector)?.[1];
      return name && settings[name] ? { content: settings[name] } : null;
    },
    createElement: () => ({}),
    head: { append: (element: { src?: string }) => appended.push(element) },
  });
  vi.resetModules();
  const analytics = await import('./analytics');
  analytics.initAnalytics();
  return analytics;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.doUnmock('./sentry-browser');
});

const BASKET = [{ id: 't1', name: 'Swedish massage', category: 'Massage', pricePence: 6500 }];

describe('the Google tag', () => {
  it('is loaded only after analytics consent, its config queued before the waiting events', async () => {
    const analytics = await load({ 'ga-measurement-id': 'G-TEST12345' });
    analytics.trackPageView('/edinburgh', 'Edinburgh');
    analytics.trackAddToCart(BASKET);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(appended).toEqual([]);
    expect(commands().map((c) => c[0])).toEqual(['consent', 'js']);

    analytics.updateConsent(analytics.ALL_GRANTED);
    expect(commands().map((c) => c.slice(0, 2))).toEqual([
      ['consent', 'default'],
      ['js', expect.any(Date)],
      ['consent', 'update'],
      ['config', 'G-TEST12345'],
      ['event', 'page_view'],
      ['event', 'add_to_cart'],
    ]);
    expect(commands()[3]?.[2]).toEqual({
      send_page_view: false,
      allow_google_signals: false,
      allow_ad_personalization_signals: false,
    });
    expect(commands()[5]?.[2]).toMatchObject({ currency: 'GBP', value: 65 });
    await vi.waitFor(() =>
      expect(appended).toEqual([
        { async: true, src: 'https://www.googletagmanager.com/gtag/js?id=G-TEST12345' },
      ]),
    );
    // Granting again (the cookie settings page) adds no second config or tag.
    analytics.updateConsent({ analytics_storage: 'granted' });
    expect(commands().filter((c) => c[0] === 'config')).toHaveLength(1);
  });

  it('is never loaded without a measurement ID, consent or not', async () => {
    const analytics = await load({});
    analytics.updateConsent(analytics.ALL_GRANTED);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(appended).toEqual([]);
    expect(commands().some((c) => c[0] === 'config')).toBe(false);
  });
});

describe('error reports', () => {
  function mockSentry() {
    const reports: ErrorReport[] = [];
    const startSentry = vi.fn(() => (report: ErrorReport) => void reports.push(report));
    vi.doMock('./sentry-browser', () => ({ startSentry }));
    return { reports, startSentry };
  }

  it('go to Sentry with a DSN, whatever the consent, errors with their stack', async () => {
    const { reports, startSentry } = mockSentry();
    const analytics = await load({
      'sentry-dsn': 'https://key@o1.ingest.sentry.io/1',
      'sentry-environment': 'production',
      'sentry-release': 'athome-booking@0.1.0',
    });
    const error = new TypeError('x is undefined');
    analytics.trackException('TypeError: x is undefined', true, error);
    analytics.trackException('Push registration failed (subscribe): denied', false);
    await vi.waitFor(() => expect(reports).toHaveLength(2));
    expect(startSentry).toHaveBeenCalledTimes(1);
    expect(startSentry).toHaveBeenCalledWith({
      dsn: 'https://key@o1.ingest.sentry.io/1',
      environment: 'production',
      release: 'athome-booking@0.1.0',
    });
    expect(reports).toEqual([
      { error, description: 'TypeError: x is undefined', fatal: true },
      {
        error: undefined,
        description: 'Push registration failed (subscribe): denied',
        fatal: false,
      },
    ]);
  });

  it('load nothing without a DSN', async () => {
    const { startSentry } = mockSentry();
    const analytics = await load({});
    analytics.trackException('Referral validation failed: 404', false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(startSentry).not.toHaveBeenCalled();
  });
});
