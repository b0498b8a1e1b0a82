import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { keptPgliteTemplate } from '../src/test-support/database-templates';
import {
  killServerProcess,
  startServerProcess,
  type ServerProcess,
} from '../src/test-support/server-process';
import { E2E_PORT } from './env';
import { expect, test, type Request } from './fixtures';

// Google Analytics 4 through the Google tag (docs/decisions/0091), in the browser: nothing from
// Google before consent; after Accept the tag loads and the consent update and the queued events
// reach it. The shared e2e server has no measurement ID, so this spec starts one of its own with
// GA_MEASUREMENT_ID set, on the same build. Google is never contacted: the tag's script is a fake
// that sends every command it reads to a collection address, and both are answered here. Both go
// through the page's Content-Security-Policy first, so a policy without them fails this test.

const PORT = E2E_PORT + 70;
const BASE_URL = `http://127.0.0.1:${PORT}`;
const MEASUREMENT_ID = 'G-E2ETEST01';
const COLLECT = 'https://region1.google-analytics.com/g/collect';

/** Reads window.dataLayer as gtag.js does (its queue, then every push) and posts each command. */
const FAKE_GTAG = `(function () {
  var queue = (window.dataLayer = window.dataLayer || []);
  function hit(args) {
    fetch(${JSON.stringify(COLLECT)}, { method: 'POST', mode: 'no-cors', keepalive: true,
      body: JSON.stringify(Array.prototype.slice.call(args)) });
  }
  queue.forEach(hit);
  var push = queue.push;
  queue.push = function () {
    for (var i = 0; i < arguments.length; i++) hit(arguments[i]);
    return push.apply(queue, arguments);
  };
})();`;

let server: ServerProcess;
let dataDir: string;

// The route handlers must see every request: a service worker would answer some itself.
test.use({ baseURL: BASE_URL, serviceWorkers: 'block' });

test.beforeAll(async () => {
  // Starting from the tests' migrated database spares the server its migrations.
  test.setTimeout(180_000);
  dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'athome-analytics-')), 'data');
  await cp(await keptPgliteTemplate(), dataDir, { recursive: true });
  server = startServerProcess({
    PORT: String(PORT),
    DATA_DIR: dataDir,
    PUBLIC_URL: BASE_URL,
    LOG_FORMAT: 'json',
    GA_MEASUREMENT_ID: MEASUREMENT_ID,
  });
  await server.ready;
});

test.afterAll(async () => {
  if (server) await killServerProcess(server);
  await rm(path.dirname(dataDir), { recursive: true, force: true });
});

test(
  'the Google tag loads only after Accept, and the consent update and events reach it',
  { tag: '@deep' },
  async ({ page }) => {
    const google: string[] = [];
    page.on('request', (request: Request) => {
      if (/google(tagmanager|-analytics)\.com|analytics\.google\.com/.test(request.url()))
        google.push(request.url());
    });
    const hits: unknown[][] = [];
    await page.route('https://www.googletagmanager.com/gtag/js?**', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: FAKE_GTAG }),
    );
    await page.route(COLLECT, async (route) => {
      hits.push(JSON.parse(route.request().postData() ?? '[]') as unknown[]);
      await route.fulfill({ status: 204 });
    });

    await page.goto('/edinburgh/select-treatments');
    await page.getByRole('button', { name: 'Add Swedish Massage (60 min)' }).click();
    const banner = page.getByRole('region', { name: 'We use cookies', exact: true });
    await expect(banner).toBeVisible({ timeout: 5_000 });
    // Before consent: no request to Google, and the events wait in the page, not in the dataLayer.
    expect(google).toEqual([]);
    const queued = await page.evaluate(() =>
      (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>)[0]),
    );
    expect(queued).toEqual(['consent', 'js']);

    await banner.getByRole('button', { name: 'Accept' }).click();
    await expect
      .poll(() => hits.map((hit) => hit.slice(0, 2).join(' ')))
      .toEqual([
        'consent default',
        // The Date of the 'js' command, as JSON.
        expect.stringMatching(/^js \d{4}-/),
        'consent update',
        `config ${MEASUREMENT_ID}`,
        'event page_view',
        'event add_to_cart',
      ]);
    expect(google[0]).toBe(`https://www.googletagmanager.com/gtag/js?id=${MEASUREMENT_ID}`);
    expect(hits[2]?.[2]).toMatchObject({ analytics_storage: 'granted', ad_user_data: 'granted' });
    expect(hits[4]?.[2]).toMatchObject({
      page_path: '/edinburgh/select-treatments',
      page_location: `${BASE_URL}/edinburgh/select-treatments`,
    });
    expect(hits[5]?.[2]).toEqual({
      currency: 'GBP',
      value: expect.any(Number),
      items: [expect.objectContaining({ item_name: 'Swedish Massage (60 min)', quantity: 1 })],
    });
  },
);
