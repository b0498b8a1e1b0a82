import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import {
  E2E_MAIL_API,
  E2E_OIDC_CLIENT_ID,
  E2E_OIDC_CLIENT_SECRET,
  E2E_OIDC_ISSUER,
  E2E_OIDC_NAME,
  E2E_SMTP_URL,
} from './e2e/auth-env';
import { E2E_BASE_URL, E2E_INTERNAL_API_TOKEN, E2E_PORT } from './e2e/env';

// The server serves dist/web: run `vite build` first (npm test does). Each run gets an empty data
// folder, so tests never see a previous run's bookings. The config is loaded again in every
// worker; the environment variable makes them all agree on the one folder the runner made.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'athome-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;

/**
 * Specs about how a page is laid out or touched: axe on every page (contrast, target sizes and
 * reflow differ on a phone), the cookie sheet's share of a small screen, the payment step in view
 * below the sticky bars, links that start loading their page when touched, and the postcode
 * question with the travel notes at the top of the booking steps.
 */
const PHONE_SPECS = [
  'accessibility.spec.ts',
  'checkout-focus.spec.ts',
  'cookie-consent.spec.ts',
  'favourites.spec.ts',
  'reviews.spec.ts',
  'route-preload.spec.ts',
  'tips.spec.ts',
  'travel.spec.ts',
  'waitlist.spec.ts',
];

export default defineConfig({
  testDir: 'e2e',
  // A folder of its own, since Playwright empties it on every start: test-results/timings.json,
  // which npm test writes after the run (scripts/test-summary.mjs), is left alone.
  outputDir: 'test-results/playwright',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  // Retries hide flakiness; a flaky test is a bug to fix.
  retries: 0,
  // Two files at a time: every spec makes its own accounts, cities and therapists, and a browser
  // spends most of a test waiting, so two share a 2-core machine. Once reduced motion stopped
  // the drawing and the signed-in axe walk stopped repeating the visitor's pages, the axe walks
  // finished well inside their limits with two (decision 0075; 0069 had gone back to one).
  workers: 2,
  reporter: 'list',
  // Whole journeys (sign up, sign in, every account page) take 15–30 s on a quiet 2-core machine
  // and over a minute on a busy one (CI saw the keyboard journey and the gift card's pass 60 s);
  // the limit only stops a hung test, speed is measured in bench/.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: E2E_BASE_URL,
    // Transitions and the loading bar's sweep finish at once (the app honours the setting), so
    // the browser is not drawing frames nobody looks at; what the tests check is what a page
    // says and does, which motion does not change (decision 0075).
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'] } },
    {
      // The phone runs the specs whose subject is layout or touch (a new one joins this list);
      // the journeys are the same code on both and run on the desktop only (decision 0069).
      name: 'mobile',
      testMatch: PHONE_SPECS,
      use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
    },
  ],
  // The mail catcher and the OpenID provider start first: the app sends mail to one and reads
  // the other's discovery document.
  webServer: [
    {
      command: 'node --import tsx e2e/mail-server.ts',
      url: `${E2E_MAIL_API}/health`,
      reuseExistingServer: false,
      env: { E2E_PORT: String(E2E_PORT) },
    },
    {
      command: 'node --import tsx e2e/oidc-server.ts',
      url: `${E2E_OIDC_ISSUER}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      env: { E2E_PORT: String(E2E_PORT) },
    },
    {
      command: 'node --import tsx src/server/main.ts',
      url: `${E2E_BASE_URL}/api/health`,
      reuseExistingServer: false,
      // First start creates the PGlite database, migrates it and loads the demo catalogue.
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PORT: String(E2E_PORT),
        DATA_DIR: dataDir,
        INTERNAL_API_TOKEN: E2E_INTERNAL_API_TOKEN,
        LOG_LEVEL: 'warn',
        // Links in emails and provider callbacks must use the address the browser uses.
        PUBLIC_URL: E2E_BASE_URL,
        SMTP_URL: E2E_SMTP_URL,
        OIDC_ISSUER: E2E_OIDC_ISSUER,
        OIDC_CLIENT_ID: E2E_OIDC_CLIENT_ID,
        OIDC_CLIENT_SECRET: E2E_OIDC_CLIENT_SECRET,
        OIDC_NAME: E2E_OIDC_NAME,
        // Every test signs up and in from the one address; the limits have tests of their own.
        AUTH_RATE_LIMIT: 'false',
        PUSH_ALLOW_LOCAL_ENDPOINTS: 'true', // push.spec.ts's push service is on 127.0.0.1
      },
    },
  ],
});
