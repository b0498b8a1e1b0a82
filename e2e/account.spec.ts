import { expect, test, type APIRequestContext } from './fixtures';
import {
  newCustomer,
  saveAddress,
  signedInCustomer,
  toast,
  type TestCustomer,
} from './auth-support';
import { setInvoiceArrangement } from './booking-support';
import { appUrl, sameOrigin } from './app-url';
import { acceptCookiesUpFront } from './support';

// The account pages beyond the first visit: profile, password, addresses, deletion. Each
// customer is signed up and in through the API; the sign-in screens have specs of their own.

test.beforeEach(async ({ context }) => {
  await acceptCookiesUpFront(context);
});

/** What the sign-in endpoint answers for these details, with a context of its own (no cookies). */
async function signInStatus(request: APIRequestContext, customer: TestCustomer) {
  const response = await request.post('/api/auth/sign-in/email', {
    headers: sameOrigin(),
    data: { email: customer.email, password: customer.password },
  });
  return response.status();
}

test(
  'a business customer sees how they pay, edits the profile and changes the password',
  { tag: '@deep' },
  async ({ page, request }) => {
    const customer = await signedInCustomer(page, {
      accountType: 'business',
      address: false,
      customer: newCustomer('business'),
    });
    await setInvoiceArrangement(request, customer.email);
    await page.goto('/account');

    const profile = page.getByRole('region', { name: 'Profile' });
    await expect(profile.getByText('Business', { exact: true })).toBeVisible();
    await expect(profile.getByText('Payment arrangement')).toBeVisible();
    await expect(profile.getByText('Invoice', { exact: true })).toBeVisible();

    const phone = profile.getByLabel('Phone number');
    await phone.fill('12345');
    await profile.getByRole('button', { name: 'Save details' }).click();
    await expect(phone).toHaveAccessibleDescription('Enter a UK phone number, like 07700 900123');
    await phone.fill('0131 496 0000');
    await profile.getByLabel('Gender').selectOption('female');
    await profile.getByRole('button', { name: 'Save details' }).click();
    await expect(toast(page, 'Profile saved')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Phone number')).toHaveValue('0131 496 0000');
    await expect(page.getByLabel('Gender')).toHaveValue('female');

    const password = page.getByRole('region', { name: 'Password' });
    const current = password.getByLabel('Current password', { exact: true });
    const next = password.getByLabel('New password', { exact: true });
    const confirm = password.getByLabel('Confirm new password');
    await current.fill('not-my-password-at-all');
    await next.fill('Copper-Thistle-Morning-81');
    await confirm.fill('Copper-Thistle-Morning-81');
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(current).toHaveAccessibleDescription("That isn't your current password.");
    await current.fill(customer.password);
    await next.fill('passwordpassword');
    await confirm.fill('passwordpassword');
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(next).toHaveAttribute('aria-invalid', 'true');
    await next.fill('Copper-Thistle-Morning-81');
    await confirm.fill('Copper-Thistle-Morning-81');
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(password.getByText(/Password changed/)).toBeVisible();

    // The new password is the one that signs in now.
    expect(await signInStatus(request, customer)).toBe(401);
    expect(
      await signInStatus(request, { ...customer, password: 'Copper-Thistle-Morning-81' }),
    ).toBe(200);
  },
);

test(
  'addresses can be edited, made the default and deleted',
  { tag: '@deep' },
  async ({ page }) => {
    await signedInCustomer(page, { address: false, customer: newCustomer('addresses') });
    for (const line1 of ['1 Home Lane', '2 Office Road'])
      await saveAddress(page.request, { line1, town: 'Edinburgh', postcode: 'EH1 1AA' });

    await page.goto('/account/addresses');
    const home = page.getByRole('listitem').filter({ hasText: '1 Home Lane' });
    const office = page.getByRole('listitem').filter({ hasText: '2 Office Road' });
    await expect(home.getByText('Default', { exact: true })).toBeVisible();
    await office.getByRole('button', { name: 'Make default' }).click();
    await expect(office.getByText('Default', { exact: true })).toBeVisible();
    await expect(home.getByText('Default', { exact: true })).toHaveCount(0);

    await home.getByRole('link', { name: 'Edit 1 Home Lane' }).click();
    await expect(page).toHaveURL(/\/account\/addresses\/[^/]+\/edit$/);
    await page.getByLabel('Label').fill('Home');
    await page.getByLabel('Postcode').fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByLabel('Postcode')).toHaveAccessibleDescription('Enter the postcode');
    await page.getByLabel('Postcode').fill('eh3 9aa');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(/\/account\/addresses$/);
    const renamed = page.getByRole('listitem').filter({ hasText: 'EH3 9AA' });
    await expect(renamed.getByRole('heading', { name: 'Home' })).toBeVisible();

    await renamed.getByRole('button', { name: 'Delete Home' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this address?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(renamed).toBeVisible();
    await renamed.getByRole('button', { name: 'Delete Home' }).click();
    await dialog.getByRole('button', { name: 'Delete address' }).click();
    await expect(toast(page, 'Address deleted')).toBeVisible();
    await expect(renamed).toHaveCount(0);
    await expect(office).toBeVisible();
  },
);

test(
  'deleting the account asks for the password, then signs the customer out',
  { tag: '@deep' },
  async ({ page, request }) => {
    const customer = await signedInCustomer(page, { customer: newCustomer('leaver') });
    await page.goto('/account');

    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog.getByText(/kept, without your personal details/)).toBeVisible();
    await dialog.getByLabel('Your password').fill('not-my-password-at-all');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByLabel('Your password')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByLabel('Your password').fill(customer.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();

    await expect(page).toHaveURL(`${appUrl()}/`);
    await expect(toast(page, 'Account deleted')).toBeVisible();
    expect((await page.request.get('/api/me')).status()).toBe(401);
    // Gone: the password signs nobody in (what the sign-in form then says is auth.spec.ts's).
    expect(await signInStatus(request, customer)).toBe(401);
  },
);

test(
  'a refused field is brought into view below the sticky header and announced, on a phone and a desktop',
  { tag: '@deep' },
  async ({ page }) => {
    await signedInCustomer(page, { address: false, customer: newCustomer('in-view') });
    for (const viewport of [
      { width: 1280, height: 720 },
      { width: 375, height: 812 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto('/account');
      const password = page.getByRole('region', { name: 'Password' });
      const current = password.getByLabel('Current password', { exact: true });
      await current.fill('not-my-password-at-all');
      await password.getByLabel('New password', { exact: true }).fill('Copper-Thistle-Morning-81');
      await password.getByLabel('Confirm new password').fill('Copper-Thistle-Morning-81');
      // The field that will be refused just under the sticky header: on screen as far as the
      // browser can tell, so focusing it does not scroll, but hidden from the customer.
      await current.evaluate((input) => window.scrollBy(0, input.getBoundingClientRect().top));
      await password.getByRole('button', { name: 'Change password' }).dispatchEvent('click');

      const error = password
        .getByRole('alert')
        .filter({ hasText: "That isn't your current password." });
      await expect(error).toBeVisible();
      const header = await page.getByRole('banner').boundingBox();
      const box = await error.boundingBox();
      expect(
        header && box && box.y >= header.y + header.height,
        JSON.stringify({ header, box }),
      ).toBe(true);
      expect(box && box.y + box.height <= viewport.height).toBe(true);
    }
  },
);
