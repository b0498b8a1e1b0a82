import { randomBytes } from 'node:crypto';
import { expect, test, type Page, type Request } from './fixtures';
import {
  ANOTHER_SERVICE,
  SOCIAL_NO_ACCOUNT,
  SOCIAL_NO_ACCOUNT_FOLLOW_UP,
} from '../src/domain/auth-messages';
import { E2E_OIDC_ISSUER, E2E_OIDC_NAME } from './auth-env';
import { fillSignUp, newCustomer, setRoles, toast } from './auth-support';
import { appUrl } from './app-url';
import { acceptCookiesUpFront } from './support';

// Sign-in through a real OpenID Connect provider (e2e/oidc-server.ts, started by the config).

test.beforeEach(async ({ context }) => {
  await acceptCookiesUpFront(context);
});

const idpOrigin = new URL(E2E_OIDC_ISSUER).origin;

const isProviderScreen = (url: string) => {
  const parsed = new URL(url);
  return parsed.origin === idpOrigin && parsed.pathname.startsWith('/interaction/');
};

/**
 * Starts a provider sign-in or link and goes through the provider's development screens when it
 * shows them (any login is accepted; consent is asked once per grant). With a live session at the
 * provider there are no screens: it answers our callback at once.
 */
async function viaProvider(page: Page, login: string, start: () => Promise<void>) {
  let answered = false;
  const app = appUrl();
  const onRequest = (request: Request) => {
    if (request.url().startsWith(`${app}/api/auth/callback/`)) answered = true;
  };
  page.on('request', onRequest);
  await start();
  for (let screens = 0; screens < 3; screens++) {
    await expect.poll(() => answered || isProviderScreen(page.url())).toBe(true);
    if (answered) break;
    const submit = page.locator('button[type="submit"]');
    await submit.first().waitFor();
    const loginInput = page.locator('input[name="login"]');
    if ((await loginInput.count()) > 0) {
      await loginInput.fill(login);
      await page.locator('input[name="password"]').fill('any password will do');
    }
    const here = page.url();
    await submit.first().click();
    await page.waitForURL((url) => url.toString() !== here);
  }
  await expect.poll(() => answered).toBe(true);
  page.off('request', onRequest);
  await page.waitForURL((url) => url.origin === app && !url.pathname.startsWith('/api/'));
}

const continueWithProvider = (page: Page) => () =>
  page.getByRole('button', { name: `Continue with ${E2E_OIDC_NAME}` }).click();

test(
  'OpenID sign-in with no account here says so twice and signs nobody in',
  { tag: '@deep' },
  async ({ page }) => {
    await page.goto('/login');
    await viaProvider(
      page,
      `stranger-${randomBytes(4).toString('hex')}@idp.example`,
      continueWithProvider(page),
    );

    await expect(page).toHaveURL(/\/login$/);
    const first = toast(page, SOCIAL_NO_ACCOUNT.title);
    await expect(first).toContainText(SOCIAL_NO_ACCOUNT.message);
    await first.getByRole('button', { name: 'Dismiss notification' }).click();
    const second = toast(page, SOCIAL_NO_ACCOUNT_FOLLOW_UP.title);
    await expect(second).toContainText(SOCIAL_NO_ACCOUNT_FOLLOW_UP.message);
    expect((await page.request.get('/api/me')).status()).toBe(401);
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  },
);

test(
  'a customer links OpenID on the account page, can unlink it, and signs in with it',
  { tag: '@deep' },
  async ({ page, request }) => {
    const customer = newCustomer('linker');
    const idpLogin = `linker-${randomBytes(4).toString('hex')}`;

    await page.goto('/login');
    await page.getByRole('button', { name: 'Create an account' }).click();
    await fillSignUp(page, customer);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/account$/);

    const services = page.getByRole('region', { name: 'Sign-in services' });
    await viaProvider(page, idpLogin, () =>
      services.getByRole('button', { name: `Link ${E2E_OIDC_NAME}` }).click(),
    );
    await expect(page).toHaveURL(/\/account$/);
    await expect(services.getByText(`Linked: you can sign in with ${E2E_OIDC_NAME}`)).toBeVisible();

    // Unlinked, then linked again (the provider remembers the customer: no screens this time).
    await services.getByRole('button', { name: `Unlink ${E2E_OIDC_NAME}` }).click();
    await expect(services.getByText(`${E2E_OIDC_NAME} is no longer linked`)).toBeVisible();
    await expect(services.getByText('Not linked')).toBeVisible();
    await viaProvider(page, idpLogin, () =>
      services.getByRole('button', { name: `Link ${E2E_OIDC_NAME}` }).click(),
    );
    await expect(services.getByText(`Linked: you can sign in with ${E2E_OIDC_NAME}`)).toBeVisible();

    await page
      .getByRole('region', { name: 'Sign out' })
      .getByRole('button', { name: 'Sign out' })
      .click();
    await expect(toast(page, 'Logged Out')).toBeVisible();

    await page.goto('/login');
    await viaProvider(page, idpLogin, continueWithProvider(page));
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByText(`Signed in as ${customer.email}`)).toBeVisible();

    // Flagged as a therapist later, the same provider sign-in is refused
    // (docs/product.md#sign-in-messages).
    await page
      .getByRole('region', { name: 'Sign out' })
      .getByRole('button', { name: 'Sign out' })
      .click();
    await expect(toast(page, 'Logged Out')).toBeVisible();
    await setRoles(request, customer.email, { therapist: true });
    await page.goto('/login');
    await viaProvider(page, idpLogin, continueWithProvider(page));
    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page, ANOTHER_SERVICE.title)).toContainText(ANOTHER_SERVICE.message);
    expect((await page.request.get('/api/me')).status()).toBe(401);
  },
);
