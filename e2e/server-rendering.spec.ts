import { expect, test, type Page } from './fixtures';
import { newCustomer, signInByApi, signUpByApi } from './auth-support';
import { acceptCookiesUpFront } from './support';

// Public pages arrive drawn by the server (decision 0045): readable before any script has run,
// then taken over by the app as they are, without drawing them again and without an error.

const DRAWN = [
  { path: '/', heading: 'Salon-quality treatments, at your door' },
  { path: '/edinburgh', heading: 'Edinburgh' },
  { path: '/edinburgh/select-treatments', heading: 'Choose your treatments' },
  { path: '/professionals', heading: /professionals/i },
  { path: '/professionals/ailsa', heading: /Ailsa/ },
  { path: '/privacy-policy', heading: 'Privacy policy' },
  // Its consent settings read a cookie, which only the browser has: drawn without it.
  { path: '/cookie-policy', heading: 'Cookie policy' },
];

test.beforeEach(async ({ context }) => {
  await acceptCookiesUpFront(context);
});

/** Everything the page reports as going wrong: uncaught errors and console errors. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  return errors;
}

test('public pages can be read before any script runs', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const { path, heading } of DRAWN) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
  }
  await page.goto('/edinburgh');
  await expect(page.getByText('£65.00').first()).toBeVisible();
  await context.close();
});

test('the app takes a drawn page over as it is: the same elements, no error', async ({ page }) => {
  const errors = collectErrors(page);
  for (const { path, heading } of DRAWN) {
    // Hold the app's scripts until the drawn heading is marked, to see React keep that element.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(path, { waitUntil: 'commit' });
    const h1 = page.getByRole('heading', { level: 1, name: heading });
    await expect(h1).toBeVisible();
    await h1.evaluate((element) => element.setAttribute('data-drawn-by-server', ''));
    release();
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    await page.unroute('**/assets/*.js');
    await expect(h1, path).toHaveAttribute('data-drawn-by-server', '');
  }
  expect(errors).toEqual([]);
});

test(
  "a returning customer's basket and city show once the app has the page",
  { tag: '@deep' },
  async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/edinburgh/select-treatments');
    await page.getByRole('button', { name: 'Add Swedish Massage (60 min)' }).click();
    await expect(page.getByRole('button', { name: /Booking summary, 1 treatment/ })).toBeVisible();

    for (const { path } of DRAWN) {
      await page.goto(path);
      // The header's booking button follows the basket, which only the browser knows.
      const bookNow = page
        .getByRole('banner')
        .getByRole('link', { name: /Book (now|a treatment)/ });
      await expect(bookNow, path).toHaveAttribute('href', '/edinburgh/select-treatments');
    }
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Continue in Edinburgh' })).toBeVisible();
    await page.goto('/edinburgh/select-treatments');
    await expect(page.getByRole('button', { name: /Booking summary, 1 treatment/ })).toBeVisible();
    expect(errors).toEqual([]);
  },
);

test(
  'a visitor who is not signed in never downloads the auth client; a signed-in one is known at once',
  { tag: '@deep' },
  async ({ page, request }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/professionals/ailsa');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login?next=%2Fprofessionals%2Failsa',
    );
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((p) => p.includes('auth-client'))).toEqual([]);

    // Signed in (through the API: the sign-in form is auth.spec.ts's), the next visit shows the
    // account at once, from the plain session check.
    const customer = newCustomer('header');
    await signUpByApi(request, customer);
    await signInByApi(page.request, customer);
    await page.goto('/edinburgh');
    await expect(header.getByRole('link', { name: /Your account/ })).toBeVisible();
  },
);

test(
  'a drawn page whose own code cannot be fetched still works as plain HTML',
  { tag: '@deep' },
  async ({ page }) => {
    // What index.html loads itself (the app's entry and what it imports) arrives; the page's own
    // code, fetched when needed, does not: as when a new release has replaced the files this page
    // was drawn with, or the connection drops. The page must not stay inert, waiting for an app
    // that cannot take over; its links are then whole-page loads.
    const html = await (await page.request.get('/privacy-policy')).text();
    const shell = new Set(
      [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]),
    );
    expect(shell.size).toBeGreaterThan(0);
    await page.route('**/assets/**/*.js', (route) =>
      shell.has(new URL(route.request().url()).pathname) ? route.continue() : route.abort(),
    );
    // The fixture's goto waits until the page is no longer inert.
    await page.goto('/privacy-policy');
    await page.getByRole('link', { name: 'Cookie policy' }).last().click();
    await expect(page).toHaveURL(/\/cookie-policy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Cookie policy' })).toBeVisible();
  },
);
