import { expect, test } from './fixtures';
import { signInByApi } from './auth-support';
import { acceptCookiesUpFront } from './support';

// A newcomer signs in with the demo account from the README and every account page has something
// on it. Reads only: other specs never change the demo accounts, and this one changes nothing.
// Signed in through the API: the sign-in form has specs of its own.

const ISLA = { email: 'isla@example.com', password: 'Lavender-Pebble-42' };

test.beforeEach(async ({ context }) => {
  await acceptCookiesUpFront(context);
});

test(
  'the demo account has appointments, an address, a card and credit',
  { tag: '@deep' },
  async ({ page }) => {
    await signInByApi(page.request, ISLA);
    await page.goto('/account/appointments');

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
  },
);
