import { expect, test } from './fixtures';
import { newCustomer, signUpByApi } from './auth-support';
import { acceptCookiesUpFront, axe } from './support';

// A newcomer without a mail server: ask for a sign-in link, read it at /dev/mail, click it in the
// message as the recipient would see it (a sandboxed frame), and arrive signed in in a new tab.

test.beforeEach(async ({ context }) => {
  await acceptCookiesUpFront(context);
});

test('a sign-in link read at /dev/mail signs the customer in', async ({ page, request }) => {
  const customer = newCustomer('mailview');
  await signUpByApi(request, customer);

  await page.goto('/login?next=%2Faccount%2Fappointments');
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(customer.email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(
    page.getByText(/If an account exists for that email, we've sent a sign-in link/),
  ).toBeVisible();

  await page.goto('/dev/mail');
  await expect(page.getByRole('heading', { level: 1, name: 'Mail outbox' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Recipient' }).fill(customer.email);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/\/dev\/mail\?to=/);
  expect((await axe(page).analyze()).violations).toEqual([]);
  await page.getByRole('link', { name: /sign-in link/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /sign-in link/ })).toBeVisible();
  // The viewer's own page; the frame holds the email as sent, which is the email's business.
  const scanned = await axe(page).exclude('iframe').analyze();
  expect(scanned.violations).toEqual([]);

  // The message's own HTML, in its sandbox: its link opens a new, ordinary tab.
  const message = page.frameLocator('iframe[title="The email\'s HTML"]');
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    message.getByRole('link', { name: 'Sign in' }).click(),
  ]);
  await expect(tab).toHaveURL(/\/account\/appointments$/);
  await expect(tab.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();
  expect((await tab.request.get('/api/me')).status()).toBe(200);
});
