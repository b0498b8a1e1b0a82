import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { E2E_MAIL_API } from './auth-env';
import { E2E_BASE_URL, E2E_INTERNAL_API_TOKEN } from './env';

// Helpers for the sign-in and account specs: fresh customers, the mail catcher, role flags.

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
 * Signs a customer up through the API with a context of its own, so the browser under test stays
 * signed out. The Origin header is what a browser would send; the server checks it.
 */
export async function signUpByApi(
  request: APIRequestContext,
  customer: TestCustomer,
  accountType: 'personal' | 'business' = 'personal',
) {
  const response = await request.post('/api/auth/sign-up/email', {
    headers: { Origin: E2E_BASE_URL },
    data: { ...customer, accountType },
  });
  expect(response.status(), await response.text()).toBe(200);
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
