import { expect, test } from './fixtures';
import { newCustomer, signUpByApi } from './auth-support';
import { chooseFirstSlot, createBookingWorld } from './booking-support';
import { acceptCookiesUpFront } from './support';

// The login modal, as the booking flow opens it on the confirm page.

test.beforeEach(async ({ context }) => {
  await acceptCookiesUpFront(context);
});

test(
  'the login modal keeps focus inside, closes on Escape and closes itself on sign-in',
  { tag: '@deep' },
  async ({ page, request }) => {
    const world = await createBookingWorld(request);
    const customer = newCustomer('modal');
    await signUpByApi(request, customer);
    await chooseFirstSlot(page, world);

    const opener = page.getByRole('button', { name: 'Sign in to book' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Sign in' })).toBeFocused();

    // Tabbing never reaches the page behind the modal.
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Tab');
      const inside = await dialog.evaluate((node) => node.contains(document.activeElement));
      expect(inside).toBe(true);
    }

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();

    await opener.click();
    await dialog.getByRole('textbox', { name: 'Email' }).fill(customer.email);
    await dialog.getByLabel('Password', { exact: true }).fill(customer.password);
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    // Still on the confirm page, now as the customer.
    await expect(page).toHaveURL(new RegExp(`/${world.city.slug}/confirm-booking$`));
    await expect(page.getByText(`Booking as ${customer.name}`)).toBeVisible();
  },
);
