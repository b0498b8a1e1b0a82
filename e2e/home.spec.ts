import { expect, test } from '@playwright/test';
import { acceptCookiesUpFront, createCity } from './support';

test.beforeEach(async ({ context }) => {
  await acceptCookiesUpFront(context);
});

test('home lists every city and leads to a city menu with prices', async ({ page, request }) => {
  const city = await createCity(request);

  await page.goto('/');
  const picker = page.getByRole('region', { name: 'Choose your city' });
  await expect(picker.getByRole('link', { name: /^Edinburgh/ })).toBeVisible();
  await expect(picker.getByRole('link', { name: /^Newcastle/ })).toBeVisible();
  await expect(picker.getByRole('link', { name: new RegExp(`^${city.name}`) })).toBeVisible();

  await picker.getByRole('link', { name: /^Edinburgh/ }).click();
  await expect(page).toHaveURL(/\/edinburgh$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Edinburgh' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Massage' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Facials' })).toBeVisible();
  await expect(page.getByText('£65.00').first()).toBeVisible();
  await expect(page.getByText('60 min').first()).toBeVisible();
  // Add-ons sit under their parents and are never items of their own.
  await expect(page.getByText(/Add-ons: Hot Stones \+£\d+\.\d\d/).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Hot Stones' })).toHaveCount(0);
});

test('home offers the remembered city until ?city=reset clears it', async ({ page }) => {
  await page.goto('/edinburgh');
  await expect(page.getByRole('heading', { level: 1, name: 'Edinburgh' })).toBeVisible();
  await expect(page.getByText('£65.00').first()).toBeVisible();

  await page.goto('/');
  const continueLink = page.getByRole('link', { name: 'Continue in Edinburgh' });
  await expect(continueLink).toBeVisible();
  await expect(page.getByRole('region', { name: 'Or choose another city' })).toBeVisible();

  await page.goto('/?city=reset');
  await expect(page.getByRole('region', { name: 'Choose your city' })).toBeVisible();
  await expect(continueLink).toHaveCount(0);
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Choose your city' })).toBeVisible();
  await expect(continueLink).toHaveCount(0);
});

test('a city with no treatments yet says so', async ({ page, request }) => {
  const city = await createCity(request);
  await page.goto(`/${city.slug}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Coming soon' })).toBeVisible();
});

test('unknown pages and cities show the not-found page', async ({ page }) => {
  await page.goto('/no-such/page');
  await expect(page.getByText('Page not found: /no-such/page')).toBeVisible();
  await expect(
    page.getByText("It looks like the page that you are looking for doesn't exist"),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the booking system' })).toHaveAttribute(
    'href',
    '/?city=reset',
  );
  await expect(page.getByRole('link', { name: 'Visit our main website' })).toBeVisible();

  await page.goto('/atlantis');
  await expect(page.getByText('Page not found: /atlantis')).toBeVisible();
});

test('the footer reaches every legal page', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  for (const name of [
    'Cookie policy',
    'Privacy policy',
    'Terms of service',
    'Cancellation policy',
  ]) {
    await footer.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  }
  await expect(page.getByText(/50% refund/)).toBeVisible();
});
