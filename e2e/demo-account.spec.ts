import { expect, test } from './fixtures';
import { signInOnPage } from './auth-support';
import { acceptCookiesUpFront } from './support';

// A newcomer signs in with the demo account from the README and every account page has something
// on it. Reads only: other specs never use the demo accounts, and this one changes nothing.

const ISLA = { email: 'isla@example.com', password: 'Lavender-Pebble-42' };

test.beforeEach(async ({ context }) => {
  await acceptCookiesUpFront(context);
});

test('the demo account has appointments, an address, a card and credit', async ({ page }) => {
  await page.goto('/login?next=%2Faccount%2Fappointments');
  await signInOnPage(page, ISLA.email, ISLA.password);
  await expect(page).toHaveURL(/\/account\/appointments$/);

  const upcoming = page.getByRole('region', { name: 'Upcoming' });
  await expect(upcoming.getByText('with Eilidh Robertson')).toBeVisible();
  await expect(upcoming.getByText('Confirmed')).toBeVisible();
  const past = page.getByRole('region', { name: 'Past' });
  await expect(past.getByText('with Priya Sharma')).toBeVisible();

  await page.goto('/account/addresses');
  await expect(page.getByText('14 Dean Park Crescent')).toBeVisible();

  await page.goto('/account/wallet');
  await expect(page.getByText('£15.00').first()).toBeVisible();

  await page.goto('/account');
  await expect(page.getByRole('button', { name: 'Remove Visa ending 4242' })).toBeVisible();
});
