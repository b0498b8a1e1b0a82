import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as AnalyticsModule from './analytics';

// The analytics module keeps its state in the module, so each test loads a fresh copy into a
// window of its own.
type Analytics = typeof AnalyticsModule;

let win: { dataLayer?: unknown[] };
let analytics: Analytics;
const commands = () => (win.dataLayer ?? []).map((args) => Array.from(args as ArrayLike<unknown>));
const userDataCommands = () => commands().filter((c) => c[0] === 'set' && c[1] === 'user_data');

beforeEach(async () => {
  win = {};
  vi.stubGlobal('window', win);
  vi.resetModules();
  analytics = await import('./analytics');
  analytics.initAnalytics();
});
afterEach(() => vi.unstubAllGlobals());

describe('user_data', () => {
  it('is held back until consent allows it, then set once', () => {
    analytics.setAnalyticsUser({ email: ' Isla@Example.com ', phoneNumber: '07700 900123' });
    expect(userDataCommands()).toEqual([]);
    analytics.updateConsent({ analytics_storage: 'granted' });
    // Analytics storage alone does not allow sharing who the customer is.
    expect(userDataCommands()).toEqual([]);
    analytics.updateConsent({ ad_user_data: 'granted' });
    expect(userDataCommands()).toEqual([
      ['set', 'user_data', { email: 'isla@example.com', phone_number: '07700900123' }],
    ]);
    analytics.setAnalyticsUser({ email: 'isla@example.com', phoneNumber: '07700 900123' });
    expect(userDataCommands()).toHaveLength(1);
  });

  it('is cleared on sign-out, and never sent for a customer who signed out before consenting', () => {
    analytics.updateConsent(analytics.ALL_GRANTED);
    analytics.setAnalyticsUser({ email: 'a@example.com', phoneNumber: null });
    analytics.setAnalyticsUser(null);
    expect(userDataCommands()).toEqual([
      ['set', 'user_data', { email: 'a@example.com' }],
      ['set', 'user_data', {}],
    ]);
  });

  it('forgets a signed-out customer whose data was waiting for consent', () => {
    analytics.setAnalyticsUser({ email: 'b@example.com', phoneNumber: null });
    analytics.setAnalyticsUser(null);
    analytics.updateConsent(analytics.ALL_GRANTED);
    expect(userDataCommands()).toEqual([]);
  });
});

describe('referral_link', () => {
  it('is an event like the others: queued until analytics storage is granted', () => {
    analytics.trackReferralLink('K7Q2M9XD');
    expect(commands().some((c) => c[1] === 'referral_link')).toBe(false);
    analytics.updateConsent({ analytics_storage: 'granted' });
    expect(commands()).toContainEqual(['event', 'referral_link', { referral_code: 'K7Q2M9XD' }]);
  });
});
