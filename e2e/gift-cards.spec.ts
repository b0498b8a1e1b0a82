import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { E2E_MAIL_API } from './auth-env';
import { newCustomer, saveAddress, signedInCustomer, type TestCustomer } from './auth-support';
import { cancelBooking, CARDS, chooseFirstSlot, createBookingWorld } from './booking-support';
import { sameOrigin } from './app-url';
import { acceptCookiesUpFront, axe } from './support';

// A gift card from the home page to someone else's wallet: bought with a card that needs 3-D
// Secure, its email (with the code) read at the mail catcher as the recipient would get it,
// redeemed by the recipient signed in as another customer, and the balance on /account/wallet.
// Both accounts are deleted at the end.

const GIFT_CODE = /GLOW(-[0-9A-HJKMNP-TV-Z]{4}){4}/;

interface Mail {
  subject: string;
  text: string;
}

/** The gift card code in the newest mail to `to`, waiting for the mail worker to send it. */
async function codeFromMail(request: APIRequestContext, to: string): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(
      async () => {
        const response = await request.get(`${E2E_MAIL_API}/messages?to=${encodeURIComponent(to)}`);
        const { messages } = (await response.json()) as { messages: Mail[] };
        const mail = messages.find((m) => m.subject.includes('gift card'));
        code = mail ? (GIFT_CODE.exec(mail.text)?.[0] ?? null) : null;
        return code;
      },
      { message: `a gift card email to ${to}` },
    )
    .not.toBeNull();
  if (!code) throw new Error(`no code in the gift card email to ${to}`);
  return code;
}

/** Deletes an account; a buyer's waits until its gift card email has been sent. */
async function deleteAccount(page: Page, customer: TestCustomer) {
  await expect
    .poll(
      async () =>
        (
          await page.request.delete('/api/me', {
            headers: sameOrigin(),
            data: { password: customer.password },
          })
        ).status(),
      { message: `deleting ${customer.email}` },
    )
    .toBe(204);
}

test.beforeEach(async ({ context }) => {
  await acceptCookiesUpFront(context);
});

test(
  'a gift card bought with 3-D Secure is emailed, redeemed by someone else, lands in their wallet and pays a whole booking',
  { tag: '@deep' },
  async ({ page, browser, request }) => {
    const buyer = await signedInCustomer(page, {
      address: false,
      customer: newCustomer('giftbuyer'),
    });
    const recipient = newCustomer('giftee');

    await page.goto('/');
    await page.getByRole('link', { name: 'Buy a gift card' }).click();
    await expect(page).toHaveURL(/\/gift-cards$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Give a treatment at home' }),
    ).toBeVisible();

    // Every field error shows in the form, the first one focused.
    await page.getByRole('radio', { name: 'Other' }).check();
    await page.getByLabel('Amount in pounds').fill('5');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByText('Choose an amount from £10 to £500')).toBeVisible();
    await expect(page.getByText("Enter the recipient's name")).toBeVisible();
    await expect(page.getByText('Enter a valid email address')).toBeVisible();
    await expect(page.getByLabel('Amount in pounds')).toBeFocused();
    expect((await axe(page).analyze()).violations).toEqual([]);

    await page.getByLabel('Amount in pounds').fill('70');
    await page.getByLabel("Recipient's name").fill(recipient.name);
    await page.getByRole('textbox', { name: "Recipient's email" }).fill(recipient.email);
    await page.getByLabel('Message').fill('Happy birthday! Book yourself something lovely.');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByText(`For ${recipient.name} (${recipient.email})`)).toBeVisible();

    // A declined card is said in the form; the order stays for another card.
    await page.getByLabel('Card number').fill(CARDS.declined);
    await page.getByLabel('Expiry date').fill('12/30');
    await page.getByLabel('Security code (CVC)').fill('123');
    await page.getByRole('button', { name: 'Pay £70.00' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Your card was declined.' }),
    ).toBeVisible();

    // 3-D Secure: the bank's page, approved.
    await page.getByLabel('Card number').fill(CARDS.authenticate);
    await page.getByLabel('Expiry date').fill('12/30');
    await page.getByLabel('Security code (CVC)').fill('123');
    await page.getByRole('button', { name: 'Pay £70.00' }).click();
    await expect(page).toHaveURL(/\/authorisation\/confirm\?gift_card=.+&payment=/);
    await expect(page.getByText(`£70.00 gift card for ${recipient.name}`)).toBeVisible();
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(
      page.getByRole('heading', { name: 'Thank you: your gift card is bought' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/gift-cards\?bought=/);

    // The recipient's email, as they get it: the code and the message.
    const code = await codeFromMail(page.request, recipient.email);
    const last4 = code.slice(-4);

    // The recipient signs up and redeems it on their wallet page, in a browser of their own.
    const theirs = await browser.newContext();
    await acceptCookiesUpFront(theirs);
    const recipientPage = await theirs.newPage();
    await signedInCustomer(recipientPage, { address: false, customer: recipient });
    await recipientPage.goto('/account/wallet');
    await expect(recipientPage.getByRole('heading', { name: 'Redeem a gift card' })).toBeVisible();
    await recipientPage.getByLabel('Gift card code').fill('GLOW-0000-0000-0000-0000');
    await recipientPage.getByRole('button', { name: 'Redeem' }).click();
    await expect(
      recipientPage.getByRole('alert').filter({ hasText: "We don't recognise this code." }),
    ).toBeVisible();
    // Typed as people type: lower case, spaces for dashes.
    await recipientPage.getByLabel('Gift card code').fill(code.toLowerCase().replaceAll('-', ' '));
    await recipientPage.getByRole('button', { name: 'Redeem' }).click();
    await expect(
      recipientPage.getByText('£70.00 added to your wallet. Your balance is now £70.00.'),
    ).toBeVisible();
    expect((await axe(recipientPage).analyze()).violations).toEqual([]);
    // The wallet itself says so, read afresh.
    await recipientPage.reload();
    await expect(recipientPage.getByText('£70.00', { exact: true }).first()).toBeVisible();
    await expect(recipientPage.getByText(/Gift card (redeemed|from )/).first()).toBeVisible();

    // Once only.
    await recipientPage.getByLabel('Gift card code').fill(code);
    await recipientPage.getByRole('button', { name: 'Redeem' }).click();
    await expect(
      recipientPage
        .getByRole('alert')
        .filter({ hasText: 'This gift card has already been redeemed.' }),
    ).toBeVisible();

    // The credit pays a whole £65.00 massage: no card asked for.
    await saveAddress(recipientPage.request, {
      line1: '7 Gift Lane',
      town: 'Edinburgh',
      postcode: 'EH1 1AA',
    });
    const world = await createBookingWorld(request);
    await chooseFirstSlot(recipientPage, world);
    await recipientPage.getByRole('button', { name: 'Continue to payment' }).click();
    const payment = recipientPage.getByRole('region', { name: 'Payment' });
    await expect(payment.getByLabel('Use my wallet credit')).toBeChecked();
    await expect(payment.getByText('Your credit covers the whole booking')).toBeVisible();
    await expect(payment.getByLabel('Card number')).toHaveCount(0);
    await payment.getByRole('button', { name: 'Confirm booking' }).click();
    await expect(
      recipientPage.getByRole('heading', { name: 'Your booking is confirmed' }),
    ).toBeVisible();
    const bookingId = new URL(recipientPage.url()).searchParams.get('booking') ?? '';
    await recipientPage.goto('/account/wallet');
    await expect(recipientPage.getByRole('region', { name: 'Balance' })).toContainText('£5.00');
    await expect(
      recipientPage.getByRole('region', { name: 'History' }).getByText(/^Spent on Swedish Massage/),
    ).toBeVisible();
    // Cancelled (free this far ahead), so the account can be deleted at the end.
    await cancelBooking(recipientPage.request, bookingId);

    // The buyer sees it among their purchases, redeemed, with only the code's last four.
    await page.goto('/account/wallet');
    const purchases = page.getByRole('region', { name: 'Gift cards you bought' });
    const bought = purchases.getByRole('listitem').filter({ hasText: recipient.name });
    await expect(bought).toContainText('£70.00 gift card');
    await expect(bought).toContainText('Redeemed');
    await expect(bought).toContainText(`Code ends in ${last4}`);
    await expect(purchases).not.toContainText(code);

    await deleteAccount(recipientPage, recipient);
    await theirs.close();
    await deleteAccount(page, buyer);
  },
);
