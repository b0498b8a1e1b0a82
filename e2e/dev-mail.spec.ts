import { expect, test } from './fixtures';
import { newCustomer, signUpByApi } from './auth-support';
import { sameOrigin } from './app-url';
import { acceptCookiesUpFront, axe } from './support';
import { DEMO_COMPANY } from '../src/server/config';
import { deliveryHtml } from '../src/server/gift-cards/gift-card-emails';
import { withCompanyFooter } from '../src/server/mail/company-footer';
import { bookingView } from '../src/test-support/booking-view-fixture';
import { testConfig } from '../src/test-support/test-config';
import { bookingEmail } from '../src/server/notifications/enqueue-booking-email';

// A newcomer without a mail server: a sign-in link asked for, read at /dev/mail, clicked in the
// message as the recipient would see it (a sandboxed frame), and signed in in a new tab. The link
// is asked for through the API as the sign-in page asks for it: that page is auth.spec.ts's.

test.beforeEach(async ({ context }) => {
  await acceptCookiesUpFront(context);
});

test(
  'a sign-in link read at /dev/mail signs the customer in',
  { tag: '@deep' },
  async ({ page, request }) => {
    const customer = newCustomer('mailview');
    await signUpByApi(request, customer);

    const asked = await request.post('/api/auth/sign-in/magic-link', {
      headers: sameOrigin(),
      data: {
        email: customer.email,
        callbackURL: '/account/appointments',
        errorCallbackURL: '/login',
      },
    });
    expect(asked.status(), await asked.text()).toBe(200);

    await page.goto('/dev/mail');
    await expect(page.getByRole('heading', { level: 1, name: 'Mail outbox' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Recipient' }).fill(customer.email);
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL(/\/dev\/mail\?to=/);
    expect((await axe(page).analyze()).violations).toEqual([]);
    await page.getByRole('link', { name: /sign-in link/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: /sign-in link/ })).toBeVisible();
    // The viewer's own page; the frame holds the email as sent, scanned on its own below.
    const scanned = await axe(page).exclude('iframe').analyze();
    expect(scanned.violations).toEqual([]);
    // The email as the frame shows it (its sandbox runs no script, so axe reads a copy): branded
    // HTML with its language, title, heading and contrast in order.
    const frameHtml = await page
      .locator('iframe[title="The email\'s HTML"]')
      .getAttribute('srcdoc');
    const copy = await page.context().newPage();
    await copy.setContent(frameHtml ?? '');
    await expect(copy).toHaveTitle(/sign-in link/);
    await expect(copy.locator('html')).toHaveAttribute('lang', 'en');
    expect((await axe(copy).analyze()).violations).toEqual([]);
    await copy.close();

    // The message's own HTML, in its sandbox: its link opens a new, ordinary tab.
    const message = page.frameLocator('iframe[title="The email\'s HTML"]');
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      message.getByRole('link', { name: 'Sign in' }).click(),
    ]);
    await expect(tab).toHaveURL(/\/account\/appointments$/);
    await expect(tab.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();
    expect((await tab.request.get('/api/me')).status()).toBe(200);
  },
);

// The templates' other parts, each as a mail client shows it with the company footer the worker
// adds: the booking email's details tables, headings and links, and the gift card's code and
// button. (Every template is made of these parts; templates.test.ts checks each one's structure.)
// No page of the app is needed, and each axe scan costs seconds, so two.
test('the booking and gift card emails pass axe', { tag: '@deep' }, async ({ page }) => {
  const confirmed = bookingEmail(
    { config: testConfig(), now: () => new Date('2026-11-20T12:00:00Z') },
    {
      kind: 'confirmed',
      view: bookingView(),
      customer: { email: 'ada@example.com', name: 'Ada' },
      rescheduleCount: 0,
    },
  );
  const gift = deliveryHtml({
    recipientName: 'Una',
    buyerName: 'Zelda Quill',
    amountPence: 5000,
    message: 'Happy birthday',
    code: 'GLOW-ABCD-EFGH-JKMN-PQRS',
    publicUrl: 'https://glow.example',
  });
  for (const html of [confirmed.html ?? '', gift]) {
    await page.setContent(withCompanyFooter({ text: '', html }, DEMO_COMPANY).html ?? '');
    expect((await axe(page).analyze()).violations).toEqual([]);
  }
});
