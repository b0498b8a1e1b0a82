import { defineConfig, devices, type Project } from '@playwright/test';
import {
  E2E_MAIL_API,
  E2E_OIDC_CLIENT_ID,
  E2E_OIDC_CLIENT_SECRET,
  E2E_OIDC_ISSUER,
  E2E_OIDC_NAME,
  E2E_SMTP_URL,
} from './e2e/auth-env';
import {
  E2E_BASE_URL,
  E2E_INTERNAL_API_TOKEN,
  E2E_PORT,
  E2E_POSTGRES_BASE_URL,
  E2E_POSTGRES_PORT,
} from './e2e/env';

// The servers serve dist/web: run `vite build` first (npm test does). Each run's app servers get
// a database of their own, made at the start and gone at the end (e2e/app-server.ts), so tests
// never see a previous run's bookings.

/**
 * The phone runs only what a phone changes: how a page is laid out and touched. What a page says
 * and does is the same code at any size, so the journeys run on the desktop alone (decision 0069).
 *
 * - accessibility.spec.ts walks the same pages as on the desktop, but checks only what depends on
 *   layout: axe's contrast, target size, viewport and scrollable-region rules, no sideways
 *   scrolling at the phone's width (reflow), and a visible focus on every tab stop. The full
 *   axe rule set (names, roles, labels, structure) reads the same markup at either size, so it
 *   runs once, on the desktop (decision 0097).
 * - checkout-focus.spec.ts: the payment step brought into view below the sticky bars, which take
 *   much of a phone's screen (the desktop's booking journey checks the same at its size, so the
 *   desktop skips this spec).
 * - cookie-consent.spec.ts: the cookie sheet's share of a small screen, and what it may cover
 *   (phone only: the banner is the same code on a desktop, where it covers less).
 * - route-preload.spec.ts: links that start loading their page when touched or focused.
 */
const PHONE_SPECS = [
  'accessibility.spec.ts',
  'checkout-focus.spec.ts',
  'cookie-consent.spec.ts',
  'route-preload.spec.ts',
];
const PHONE_ONLY_SPECS = ['checkout-focus.spec.ts', 'cookie-consent.spec.ts'];

/**
 * Depth (decision 0097): `npm test` runs one browser test of each kind, `npm run test:deep`
 * (TEST_DEPTH=deep) every one. A test tagged `@deep` repeats a kind another test already covers in
 * the browser (another way through the same screens, or a screen whose rules the integration
 * tests hold), so it waits for the deep run; `@phone-deep` is the same for the phone project only.
 */
const deep = process.env.TEST_DEPTH === 'deep';
const desktopGrepInvert = deep ? undefined : /@deep/;
const phoneGrepInvert = deep ? undefined : /@deep|@phone-deep/;

/**
 * Production runs on PostgreSQL: with TEST_DATABASE_URL (an admin address; CI sets one), the
 * booking journey (hold, 3-D Secure, cancel) also runs against a second app server on a database
 * of its own there. Every other spec runs on PGlite only: the SQL is the same, and the
 * integration tests run it on both.
 */
const postgresAdminUrl = process.env.TEST_DATABASE_URL || undefined;

/** What both app servers are started with; only where they listen and their database differ. */
function appServerEnv(port: number, publicUrl: string) {
  return {
    PORT: String(port),
    INTERNAL_API_TOKEN: E2E_INTERNAL_API_TOKEN,
    LOG_LEVEL: 'warn',
    // Links in emails and provider callbacks must use the address the browser uses.
    PUBLIC_URL: publicUrl,
    SMTP_URL: E2E_SMTP_URL,
    OIDC_ISSUER: E2E_OIDC_ISSUER,
    OIDC_CLIENT_ID: E2E_OIDC_CLIENT_ID,
    OIDC_CLIENT_SECRET: E2E_OIDC_CLIENT_SECRET,
    OIDC_NAME: E2E_OIDC_NAME,
    // Every test signs up and in from the one address; the limits have tests of their own.
    AUTH_RATE_LIMIT: 'false',
    PUSH_ALLOW_LOCAL_ENDPOINTS: 'true', // push.spec.ts's push service is on 127.0.0.1
  };
}

/** An app server through e2e/app-server.ts, which makes its database and removes it at the end. */
function appServer(database: 'pglite' | 'postgres', port: number, publicUrl: string) {
  return {
    command: 'node --import tsx e2e/app-server.ts',
    url: `${publicUrl}/api/health`,
    reuseExistingServer: false,
    // A start migrates (PostgreSQL) and loads the demo catalogue: seconds, or a minute on a busy
    // machine.
    timeout: 120_000,
    // SIGTERM, not the default SIGKILL, so the wrapper can drop what it made once the app stops.
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 20_000 },
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    env: { ...appServerEnv(port, publicUrl), E2E_DATABASE: database },
  };
}

const projects: Project[] = [
  {
    name: 'desktop',
    testIgnore: PHONE_ONLY_SPECS,
    grepInvert: desktopGrepInvert,
    use: { ...devices['Desktop Chrome'], baseURL: E2E_BASE_URL },
  },
  {
    name: 'mobile',
    testMatch: PHONE_SPECS,
    grepInvert: phoneGrepInvert,
    use: {
      baseURL: E2E_BASE_URL,
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
    },
  },
];
if (postgresAdminUrl) {
  projects.push({
    name: 'postgres',
    testMatch: ['booking-journey.spec.ts'],
    // One journey through hold, 3-D Secure and cancel in `npm test`; the whole spec when deep.
    grep: deep ? undefined : /hold, pay with 3-D Secure, cancel/,
    grepInvert: desktopGrepInvert,
    use: { ...devices['Desktop Chrome'], baseURL: E2E_POSTGRES_BASE_URL },
  });
}

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
  // spends most of a test waiting, so two share a 2-core machine (decision 0075).
  workers: 2,
  reporter: 'list',
  // Whole journeys take 15–30 s on a quiet 2-core machine and over a minute on a busy one; the
  // limit only stops a hung test, speed is measured by the run's timings and in bench/.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  use: {
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
  projects,
  // The mail catcher and the OpenID provider start first: the app sends mail to one and reads
  // the other's discovery document. Both app servers share them.
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
    appServer('pglite', E2E_PORT, E2E_BASE_URL),
    ...(postgresAdminUrl ? [appServer('postgres', E2E_POSTGRES_PORT, E2E_POSTGRES_BASE_URL)] : []),
  ],
});
