import { expect, test } from './fixtures';
import { acceptCookiesUpFront } from './support';

// A page whose code cannot load (say, a deploy removed the old chunk) is a fatal error.
// page.route cannot see what the service worker answers from its precache, so these pages run
// without it, like a browser whose worker has not installed yet.
test.use({ serviceWorkers: 'block' });

const breakPrivacyPage = '**/assets/privacy-policy-*.js';

test('a page that fails shows the error page and reports a fatal exception', async ({
  page,
  context,
}) => {
  await acceptCookiesUpFront(context);
  await page.route(breakPrivacyPage, (route) => route.abort());
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).click();

  await expect(page.getByRole('heading', { name: 'Sorry, something went wrong' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  // The layout survives around the error, so the customer can still find their way.
  await expect(page.getByRole('banner')).toBeVisible();

  const exceptions = await page.evaluate(() =>
    (window.dataLayer ?? [])
      .map((entry) => Array.from(entry as ArrayLike<unknown>))
      .filter((args) => args[0] === 'event' && args[1] === 'exception')
      .map((args) => args[2]),
  );
  expect(exceptions).toContainEqual(expect.objectContaining({ fatal: true }));
});

test.describe('for search bots', () => {
  test.use({
    userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  });

  test('the error page is not shown', async ({ page, context }) => {
    await acceptCookiesUpFront(context);
    await page.route(breakPrivacyPage, (route) => route.abort());
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    // The legal layout rendered and its page's boundary was reached, yet it shows nothing.
    await expect(page.getByRole('navigation', { name: 'Legal pages' })).toBeVisible();
    await expect(page.getByRole('article')).toBeEmpty();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByText('Sorry, something went wrong')).toHaveCount(0);
  });
});
