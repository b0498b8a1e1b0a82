import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { E2E_MAIL_API } from './auth-env';
import { E2E_INTERNAL_API_TOKEN } from './env';
import { sameOrigin } from './app-url';

// Fresh customers, signed up and in through the API; the mail catcher; role flags. Only the specs
// about the sign-up and sign-in screens (auth, auth-modal, auth-oidc) and the newcomer's booking
// journey go through those screens: everywhere else they would be the same seconds of typing and
// waiting in every test, testing nothing the test is about.

/** Passes the server's strength check (zxcvbn) and the 12-character minimum. */
export const STRONG_PASSWORD = 'Lavender-Pebble-42-Harbour';

export interface TestCustomer {
  name: string;
  email: string;
  phoneNumber: string;
  password: string;
}

export function newCustomer(prefix = 'customer'): TestCustomer {
  const id = randomBytes(4).toString('hex');
  return {
    name: `Isla ${prefix} ${id}`,
    email: `${prefix}-${id}@example.com`,
    phoneNumber: '07700 900123',
    password: STRONG_PASSWORD,
  };
}

/**
 * Signs a customer up through the API. With the test's own `request` fixture the browser under
 * test stays signed out; sign-up starts no session either way (decision 0065).
 */
export async function signUpByApi(
  request: APIRequestContext,
  customer: TestCustomer,
  accountType: 'personal' | 'business' = 'personal',
) {
  const response = await request.post('/api/auth/sign-up/email', {
    headers: sameOrigin(),
    data: { ...customer, accountType },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Signs in through the API. Given `page.request`, the session cookie lands in the page's browser
 * context, so the page is signed in from its next load on.
 */
export async function signInByApi(
  request: APIRequestContext,
  customer: Pick<TestCustomer, 'email' | 'password'>,
) {
  const response = await request.post('/api/auth/sign-in/email', {
    headers: sameOrigin(),
    data: { email: customer.email, password: customer.password },
  });
  expect(response.status(), await response.text()).toBe(200);
}

export interface TestAddress {
  line1: string;
  town: string;
  postcode: string;
  isDefault?: boolean;
}

/** Saves an address for the signed-in customer whose session `request` carries; answers its id. */
export async function saveAddress(request: APIRequestContext, address: TestAddress) {
  const response = await request.post('/api/me/addresses', {
    headers: sameOrigin(),
    data: address,
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

export const TEST_ADDRESS: TestAddress = {
  line1: '12 Test Street',
  town: 'Edinburgh',
  postcode: 'EH1 1AA',
};

export interface SignedInOptions {
  accountType?: 'personal' | 'business';
  /** Saved before the test starts (default TEST_ADDRESS), so checkout can hold at once; false: none. */
  address?: TestAddress | false;
  /** In place of newCustomer()'s. */
  customer?: TestCustomer;
}

/**
 * A new customer, signed up and in through the API in the browser context of `page` (its
 * cookies), with a saved address unless told otherwise: where most tests of a signed-in page start.
 */
export async function signedInCustomer(
  page: Page,
  {
    accountType = 'personal',
    address = TEST_ADDRESS,
    customer = newCustomer(),
  }: SignedInOptions = {},
): Promise<TestCustomer> {
  await signUpByApi(page.request, customer, accountType);
  await signInByApi(page.request, customer);
  if (address) await saveAddress(page.request, address);
  return customer;
}

/** Deletes the signed-in customer's account (their bookings leave every list with it). */
export async function deleteAccount(request: APIRequestContext, customer: TestCustomer) {
  const response = await request.delete('/api/me', {
    headers: sameOrigin(),
    data: { password: customer.password },
  });
  expect(response.status(), await response.text()).toBe(204);
}

export async function setRoles(
  request: APIRequestContext,
  email: string,
  roles: { therapist?: boolean; onboarder?: boolean },
) {
  const response = await request.put(`/api/internal/users/${encodeURIComponent(email)}/roles`, {
    headers: { Authorization: `Bearer ${E2E_INTERNAL_API_TOKEN}` },
    data: roles,
  });
  expect(response.status(), await response.text()).toBe(200);
}

interface Mail {
  subject: string;
  text: string;
}

/** The first link in the body of a mail; the headers come before the first blank line. */
function firstLink(mail: Mail): string | null {
  const body = mail.text.slice(mail.text.search(/\r?\n\r?\n/));
  return /https?:\/\/[^\s"<>]+/.exec(body)?.[0] ?? null;
}

/** The link in the newest mail to `to` whose text matches, waiting for it to arrive. */
export async function linkFromMail(
  request: APIRequestContext,
  to: string,
  match: RegExp,
): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(
      async () => {
        const response = await request.get(`${E2E_MAIL_API}/messages?to=${encodeURIComponent(to)}`);
        const { messages } = (await response.json()) as { messages: Mail[] };
        const mail = messages.find((m) => match.test(m.text));
        link = mail ? firstLink(mail) : null;
        return link;
      },
      { message: `a mail to ${to} matching ${match}` },
    )
    .not.toBeNull();
  if (!link) throw new Error(`no link in the mail to ${to}`);
  return link;
}

/** The toast region's copy of a message (forms may repeat it inline). */
export function toast(page: Page, title: string): Locator {
  return page
    .locator('[role="status"][aria-live], [role="alert"][aria-live]')
    .filter({ hasText: title });
}

export async function fillSignUp(page: Page, customer: TestCustomer) {
  await page.getByLabel('Full name').fill(customer.name);
  await page.getByRole('textbox', { name: 'Email' }).fill(customer.email);
  await page.getByLabel('Phone number').fill(customer.phoneNumber);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
}

export async function signInOnPage(page: Page, email: string, password: string) {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}
