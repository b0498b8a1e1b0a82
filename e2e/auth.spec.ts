import { expect, test } from './fixtures';
import { ANOTHER_SERVICE } from '../src/domain/auth-messages';
import {
  fillSignUp,
  linkFromMail,
  newCustomer,
  setRoles,
  signInOnPage,
  signUpByApi,
  toast,
} from './auth-support';
import { acceptCookiesUpFront } from './support';

// The sign-up and sign-in screens, through the screens themselves. Their accessibility (the
// sign-up form with its errors shown included) is checked by accessibility.spec.ts's walks.

test.beforeEach(async ({ context }) => {
  await acceptCookiesUpFront(context);
});

test('sign up, sign out, sign in, add an address and see every account page', async ({ page }) => {
  const customer = newCustomer('journey');

  // Signed out, the account pages send the visitor to sign in and back again.
  await page.goto('/account/wallet');
  await expect(page).toHaveURL(/\/login\?next=%2Faccount%2Fwallet$/);
  await page.getByRole('button', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeFocused();

  // The form's own rules first, each message tied to its input.
  await page.getByRole('button', { name: 'Create account' }).click();
  const name = page.getByLabel('Full name');
  await expect(name).toHaveAccessibleDescription('Enter your name');
  await expect(name).toBeFocused();

  await fillSignUp(page, customer);
  await page.getByRole('radio', { name: /Business/ }).check();
  await page.getByRole('radio', { name: /Personal/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/account\/wallet$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Balance' })).toContainText('£0.00');

  // Sign out: the 'Logged Out' info toast, and the account pages are closed again.
  await page.goto('/account');
  await expect(page.getByText(`Signed in as ${customer.email}`)).toBeVisible();
  await page
    .getByRole('region', { name: 'Sign out' })
    .getByRole('button', { name: 'Sign out' })
    .click();
  await expect(toast(page, 'Logged Out')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/account/addresses');
  await expect(page).toHaveURL(/\/login\?next=%2Faccount%2Faddresses$/);

  // A wrong password gets the one message that does not say whether the email exists.
  await signInOnPage(page, customer.email, 'not-the-right-password');
  await expect(
    page.getByText("That email and password don't match. Check them and try again."),
  ).toBeVisible();

  // Signing up again with the registered email is answered like any sign-up (the owner gets an
  // email instead of the stranger getting an answer); the form offers the way back in.
  await page.getByRole('button', { name: 'Create an account' }).click();
  await fillSignUp(page, { ...customer, password: 'A-Different-Phrase-83' });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(
    page.getByText("We've sent an email to that address. If you already have an account, sign in"),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Sign in instead' }).click();
  await signInOnPage(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/account\/addresses$/);

  // Add an address, meeting the postcode rule on the way.
  await page.getByRole('link', { name: 'Add an address' }).click();
  await page.getByLabel('Address line 1').fill('12 Rose Street');
  await page.getByLabel('Town or city').fill('Edinburgh');
  await page.getByLabel('Postcode').fill('NOT A POSTCODE');
  await page.getByRole('button', { name: 'Save address' }).click();
  const postcode = page.getByLabel('Postcode');
  await expect(postcode).toHaveAccessibleDescription('Enter a UK postcode, like EH1 1AA');
  await expect(postcode).toHaveAttribute('aria-invalid', 'true');
  await postcode.fill('eh2 2aa');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page).toHaveURL(/\/account\/addresses$/);
  await expect(page.getByRole('heading', { level: 2, name: '12 Rose Street' })).toBeVisible();
  await expect(page.getByText('Edinburgh EH2 2AA')).toBeVisible();
  await expect(page.getByText('Default', { exact: true })).toBeVisible();

  // Every account page through the sub-navigation.
  const nav = page.getByRole('navigation', { name: 'Your account' });
  await nav.getByRole('link', { name: 'Wallet' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
  await expect(page.getByText(/Nothing here yet/)).toBeVisible();
  await nav.getByRole('link', { name: 'Appointments' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();
  await expect(page.getByText('No appointments yet')).toBeVisible();
  await nav.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await expect(page.getByLabel('Full name')).toHaveValue(customer.name);
  await expect(page.getByText('Personal', { exact: true })).toBeVisible();

  // A signed-in customer who opens /login goes to their account.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/account$/);
});

test(
  'a forgotten password is reset through the emailed link',
  { tag: '@deep' },
  async ({ page, request }) => {
    const customer = newCustomer('reset');
    await signUpByApi(request, customer);

    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Email' }).fill(customer.email);
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(customer.email);
    await page.getByRole('button', { name: 'Email me a reset link' }).click();
    await expect(
      page.getByText(
        "If an account exists for that email, we've sent a link to choose a new password.",
      ),
    ).toBeVisible();

    const link = await linkFromMail(request, customer.email, /reset your password/i);
    await page.goto(link);
    await expect(page).toHaveURL(/\/authorisation\/password-reset\?token=/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Choose a new password' }),
    ).toBeVisible();

    // Too short is caught here; long but guessable by the server's strength check.
    const newPassword = page.getByLabel('New password', { exact: true });
    await newPassword.fill('short');
    await page.getByLabel('Confirm new password').fill('short');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(newPassword).toHaveAccessibleDescription(/Use at least 12 characters/);
    await newPassword.fill('passwordpassword');
    await page.getByLabel('Confirm new password').fill('passwordpassword');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(newPassword).toHaveAttribute('aria-invalid', 'true');
    await expect(newPassword).not.toHaveAccessibleDescription(/Use at least 12 characters/);

    const chosen = 'Copper-Thistle-Morning-81';
    await newPassword.fill(chosen);
    await page.getByLabel('Confirm new password').fill(chosen);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Password changed' })).toBeVisible();

    // The link works once.
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Link expired' })).toBeVisible();

    await page.goto('/login');
    await signInOnPage(page, customer.email, customer.password);
    await expect(
      page.getByText("That email and password don't match. Check them and try again."),
    ).toBeVisible();
    await signInOnPage(page, customer.email, chosen);
    await expect(page).toHaveURL(/\/account$/);
  },
);

test(
  'an emailed sign-in link signs the customer in',
  { tag: '@deep' },
  async ({ page, request }) => {
    const customer = newCustomer('magic');
    await signUpByApi(request, customer);

    await page.goto('/login?next=%2Faccount%2Fappointments');
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill(customer.email);
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expect(
      page.getByText(/If an account exists for that email, we've sent a sign-in link/),
    ).toBeVisible();

    const link = await linkFromMail(request, customer.email, /sign-in link/i);
    await page.goto(link);
    await expect(page).toHaveURL(/\/account\/appointments$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();

    // A used link lands on /login?error=INVALID_TOKEN, which says so in words.
    await page.goto(link);
    await expect(toast(page, 'Link expired')).toContainText('has expired or has already been used');
  },
);

test(
  'a therapist is refused with the Login Error and stays signed out',
  { tag: '@deep' },
  async ({ page, request }) => {
    const therapist = newCustomer('therapist');
    await signUpByApi(request, therapist);
    await setRoles(request, therapist.email, { therapist: true });

    await page.goto('/login');
    await signInOnPage(page, therapist.email, therapist.password);
    const message = toast(page, ANOTHER_SERVICE.title);
    await expect(message).toContainText(ANOTHER_SERVICE.message);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    expect((await page.request.get('/api/me')).status()).toBe(401);
  },
);
