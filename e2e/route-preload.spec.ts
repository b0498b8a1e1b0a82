import { expect, test } from './fixtures';
import { acceptCookiesUpFront } from './support';

// Decision 0040: pointing at or focusing a link to one of our pages starts loading its code
// before the click.

test.beforeEach(async ({ context }) => {
  await acceptCookiesUpFront(context);
});

test('a page’s code starts loading when its link is pointed at or focused', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const footer = page.getByRole('contentinfo');
  const giftCardsChunk = /^\/assets\/gift-cards-[\w-]+\.js$/;
  const cookiePolicyChunk = /^\/assets\/cookie-policy-[\w-]+\.js$/;
  // The home page itself never asks for them.
  expect(requested.filter((path) => giftCardsChunk.test(path))).toEqual([]);
  expect(requested.filter((path) => cookiePolicyChunk.test(path))).toEqual([]);

  const giftCards = page.waitForRequest((r) => giftCardsChunk.test(new URL(r.url()).pathname));
  await footer.getByRole('link', { name: 'Gift cards' }).hover();
  await giftCards;

  const cookiePolicy = page.waitForRequest((r) =>
    cookiePolicyChunk.test(new URL(r.url()).pathname),
  );
  await footer.getByRole('link', { name: 'Cookie policy' }).focus();
  await cookiePolicy;

  await footer.getByRole('link', { name: 'Gift cards' }).click();
  await expect(page).toHaveURL(/\/gift-cards$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
