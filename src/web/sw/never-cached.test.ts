import { describe, expect, it } from 'vitest';
import { isAppPage } from './never-cached';

describe('which navigations the worker answers with the app shell', () => {
  it('app pages, including usernames with dots', () => {
    for (const path of ['/', '/edinburgh', '/account/appointments', '/professionals/anna.b'])
      expect(isAppPage(path), path).toBe(true);
  });

  it('never the API, the development pages, assets or files', () => {
    for (const path of [
      '/api',
      '/api/me/appointments',
      // The live channel (an EventSource, never a navigation, so no route would match it anyway).
      '/api/me/events',
      '/api/auth/callback/google',
      '/dev',
      '/dev/mail',
      '/assets/index-abc.js',
      '/sw.js',
      '/manifest.webmanifest',
      '/icon-192.png',
    ])
      expect(isAppPage(path), path).toBe(false);
  });
});
