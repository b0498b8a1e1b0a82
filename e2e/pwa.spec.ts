import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { keptPgliteTemplate } from '../src/test-support/database-templates';
import { chromium, expect, test, type Page } from './fixtures';
import { signInByApi } from './auth-support';
import { appUrl } from './app-url';
import { PWA_BASE_URL, startPwaServer } from './pwa-server';
import { acceptCookiesUpFront } from './support';

// The installable app (docs/decisions/0032): the worker at /sw.js, its update card, offline
// pages, Chromium's installability check and the push display.

/** Waits for /sw.js to control the page, then asks it which build it is. */
async function controllingBuild(page: Page): Promise<string> {
  return page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    const controller =
      navigator.serviceWorker.controller ??
      (await new Promise<ServiceWorker>((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', () => {
          if (navigator.serviceWorker.controller) resolve(navigator.serviceWorker.controller);
        }),
      ));
    const channel = new MessageChannel();
    const answer = new Promise<string>((resolve) => {
      channel.port1.onmessage = (event) => resolve(String(event.data));
    });
    controller.postMessage({ type: 'GET_VERSION' }, [channel.port2]);
    return answer;
  });
}

test.beforeEach(async ({ context }) => {
  await acceptCookiesUpFront(context);
});

test('the service worker registers and controls the page', async ({ page }) => {
  await page.goto('/');
  expect(await controllingBuild(page)).toBe('release');
  const scriptURL = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
  expect(scriptURL).toBe(`${appUrl()}/sw.js`);
});

test('Chromium finds the app installable', async ({ browserName }, testInfo) => {
  expect(browserName).toBe('chromium');
  // A test's context is off the record, where Chromium never installs ("in-incognito"): this one
  // gets a profile of its own.
  const profile = await mkdtemp(path.join(tmpdir(), 'athome-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...testInfo.project.use,
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    baseURL: appUrl(),
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await controllingBuild(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const { url, errors } = await cdp.send('Page.getAppManifest');
    expect(url).toBe(`${appUrl()}/manifest.webmanifest`);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});

test(
  'offline, the appointments page shows the next appointment kept from the last visit',
  { tag: '@deep' },
  async ({ page, context }) => {
    // The demo customer (read only here, as in demo-account.spec) always has one upcoming.
    await signInByApi(page.request, { email: 'isla@example.com', password: 'Lavender-Pebble-42' });
    await page.goto('/account/appointments');
    const upcoming = page.getByRole('region', { name: 'Upcoming' });
    await expect(upcoming.getByText('with Eilidh Robertson')).toBeVisible();
    await controllingBuild(page);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText('You are offline')).toBeVisible();
    const kept = page.getByRole('region', { name: 'Next appointment' });
    await expect(kept.getByText('with Eilidh Robertson')).toBeVisible();
    // Loaded from the worker's precache: the app's own page, not the browser's error page. Its
    // header still knows the customer is signed in, though nobody can ask (decision 0082).
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: /^Your account/ })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Sign in' })).toHaveCount(0);

    await page.goto('/account/wallet');
    await expect(page.getByText("You're offline")).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(page.getByText(/went wrong|couldn't load/i)).toHaveCount(0);

    // Back online, the page loads by itself; signing out forgets the kept appointment.
    await context.setOffline(false);
    await expect(page.getByRole('heading', { name: 'Wallet' })).toBeVisible();
    const stored = () => page.evaluate(() => localStorage.getItem('glow.last-appointment'));
    expect(await stored()).not.toBeNull();
    await page.goto('/account');
    await page.locator('#main-content').getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByText('Logged Out')).toBeVisible();
    expect(await stored()).toBeNull();
  },
);

test(
  'a push message while the page is visible shows the push toast with a View link',
  { tag: '@deep' },
  async ({ page, context }) => {
    await page.goto('/');
    await controllingBuild(page);
    const app = appUrl();
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === `${app}/` && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: app,
      registrationId: await registrationId,
      data: JSON.stringify({
        title: 'Your therapist is on the way',
        body: 'Eilidh arrives in 20 minutes.',
        url: '/account/appointments',
        tag: 'booking-e2e',
      }),
    });

    const toast = page.getByRole('status').filter({ hasText: 'Your therapist is on the way' });
    await expect(toast.getByText('Eilidh arrives in 20 minutes.')).toBeVisible();
    await toast.getByRole('link', { name: 'View' }).click();
    await expect(page).toHaveURL(/\/(login|account\/appointments)/);
  },
);

test.describe('an update', () => {
  test.use({ baseURL: PWA_BASE_URL });

  let work: string;
  test.beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'athome-pwa-'));
    await cp(path.resolve('dist/web'), path.join(work, 'v1'), { recursive: true });
    // The second version differs only in its worker's build id (what GLOW_BUILD_ID gives a
    // build): enough for the browser to see a new /sw.js. Written into a copy of the build, with
    // the compressed copies the build makes, rather than building again, which cost the run a
    // whole build's CPU.
    await cp(path.join(work, 'v1'), path.join(work, 'v2'), { recursive: true });
    const worker = path.join(work, 'v2', 'sw.js');
    const code = await readFile(worker, 'utf8');
    const ids = code.match(/([`'"])release\1/g) ?? [];
    expect(ids, 'the build id in dist/web/sw.js').toHaveLength(1);
    const second = code.replace(/([`'"])release\1/, '$1e2e-second$1');
    await writeFile(worker, second);
    await writeFile(`${worker}.br`, brotliCompressSync(second));
    await writeFile(`${worker}.gz`, gzipSync(second));
    // The server starts from the tests' migrated database rather than migrating an empty one.
    await cp(await keptPgliteTemplate(), path.join(work, 'data'), { recursive: true });
  });
  test.afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  test(
    'waits for the customer, then "Click To Update" brings the new version',
    { tag: '@deep' },
    async ({ page, context }) => {
      test.setTimeout(180_000);
      const dataDir = path.join(work, 'data');
      await context.addCookies([{ name: 'lct_cc', value: '%7B%7D', url: PWA_BASE_URL }]);
      let server = await startPwaServer(path.join(work, 'v1'), dataDir);
      try {
        await page.goto('/');
        expect(await controllingBuild(page)).toBe('release');
        await expect(page.getByText('Booking System Update Available')).toHaveCount(0);

        await server.stop();
        server = await startPwaServer(path.join(work, 'v2'), dataDir);
        await page.reload();

        const card = page.getByRole('region', { name: 'Booking System Update Available' });
        await expect(card).toBeVisible();
        // Until the click, the page stays with the version it has.
        expect(await controllingBuild(page)).toBe('release');
        await card.getByRole('button', { name: 'Click To Update' }).click();

        await expect(page.getByText('Booking System Updated')).toBeVisible();
        expect(await controllingBuild(page)).toBe('e2e-second');
        await expect(card).toHaveCount(0);
      } finally {
        await server.stop();
      }
    },
  );
});
