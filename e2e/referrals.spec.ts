import { randomBytes, randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { E2E_MAIL_API } from './auth-env';
import { acceptCookiesUpFront } from './support';
import {
  newCustomer,
  signedInCustomer,
  signInByApi,
  signUpByApi,
  TEST_ADDRESS,
} from './auth-support';
import { CARDS, chooseFirstSlot, createBookingWorld, ukDate } from './booking-support';
import { appUrl, sameOrigin } from './app-url';

// docs/product.md#referrals: A copies their referral link; B opens it, signs up, books with the
// referral credit taken off and pays; A's wallet shows the friend but no credit yet, since a
// referrer is credited once the friend's first appointment has taken place (decision 0067), which
// the integration tests follow with a clock they move. Every customer here has a phone number of
// their own, since a shared number would make them one person to the referral rules. The friend
// signs up through the API: the referral travels with the booking's selection, not the sign-up.

const phone = () => `07700 9${String(randomBytes(2).readUInt16BE(0) % 100000).padStart(5, '0')}`;

/** A new customer with a phone number of their own (see above). */
const referralCustomer = () => ({ ...newCustomer('referral'), phoneNumber: phone() });

/** The dataLayer's events of one name, as the analytics module pushed them. */
function events(page: Page, name: string) {
  return page.evaluate(
    (wanted) =>
      (window.dataLayer ?? [])
        .map((args) => Array.from(args as ArrayLike<unknown>))
        .filter((c) => c[0] === 'event' && c[1] === wanted)
        .map((c) => c[2]),
    name,
  );
}

test(
  'a friend opens a referral link and books with the credit off; paying credits the referrer nothing yet',
  { tag: '@deep' },
  async ({ browser, page, context, request }) => {
    await acceptCookiesUpFront(context);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const isla = await signedInCustomer(page, { address: false, customer: referralCustomer() });
    const islaFirst = isla.name.split(' ')[0] ?? '';
    await page.goto('/account/wallet');
    const refer = page.getByRole('region', { name: 'Refer a friend' });
    await expect(
      refer.getByText(
        'Give friends £10.00 off their first booking. You get £10.00 in your wallet once their first appointment has taken place.',
      ),
    ).toBeVisible();
    await refer.getByRole('button', { name: 'Copy link' }).click();
    await expect(refer.getByRole('status')).toHaveText(/Link copied/);
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/\/\?ref=[0-9A-Z]{8}$/);
    await expect(refer.getByLabel('Your referral link')).toHaveValue(link);

    // B, on another device.
    const friendContext = await browser.newContext();
    try {
      await acceptCookiesUpFront(friendContext);
      const bea = await friendContext.newPage();
      await bea.goto(new URL(link).pathname + new URL(link).search);
      const card = bea.getByRole('region', { name: 'Great news', exact: true });
      await expect(card).toBeVisible();
      await expect(card).toContainText(`${islaFirst} has given you £10.00 off your first booking`);
      // The code leaves the address bar once it has been read.
      await expect(bea).toHaveURL(`${appUrl()}/`);
      expect(await events(bea, 'referral_link')).toHaveLength(1);
      await card.getByRole('link', { name: 'Browse our services', exact: true }).click();
      await expect(bea.getByRole('region', { name: 'Choose your city' })).toBeInViewport();

      // Bea signs up, with no address yet, and books.
      const friend = referralCustomer();
      await signUpByApi(bea.request, friend);
      await signInByApi(bea.request, friend);
      const world = await createBookingWorld(request);
      await chooseFirstSlot(bea, world);
      await bea.getByLabel('Address line 1').fill('3 Leith Walk');
      await bea.getByLabel('Town or city').fill('Edinburgh');
      await bea.getByLabel('Postcode').fill('EH6 8RA');
      await bea.getByRole('button', { name: 'Use this address' }).click();
      await expect(bea.getByText(`${islaFirst}’s referral gives £10.00 off`)).toBeVisible();

      const payment = bea.getByRole('region', { name: 'Payment' });
      await bea.getByRole('button', { name: 'Continue to payment' }).click();
      await expect(payment.getByText(`Referral credit from ${islaFirst}`)).toBeVisible();
      await expect(payment.getByText('−£10.00')).toBeVisible();
      // No wallet credit yet, so no switch for it.
      await expect(payment.getByLabel('Use my wallet credit')).toHaveCount(0);
      await payment.getByRole('radio', { name: 'A new card' }).check();
      await payment.getByLabel('Card number').fill('4242 4242 4242 4242');
      await payment.getByLabel('Expiry date').fill('12/30');
      await payment.getByLabel('Security code (CVC)').fill('123');
      await payment.getByRole('button', { name: 'Pay £55.00' }).click();
      await expect(bea.getByRole('heading', { name: 'Your booking is confirmed' })).toBeVisible();
    } finally {
      await friendContext.close();
    }

    // A's wallet: the friend is counted, but nothing is earned until the appointment has happened.
    await page.reload();
    await expect(refer.getByText('Friends who used your link')).toBeVisible();
    await expect(refer.locator('dd').first()).toHaveText('1');
    await expect(refer.locator('dd').nth(1)).toHaveText('£0.00');
    await expect(page.getByRole('region', { name: 'Balance' })).toContainText('£0.00');
    const history = page.getByRole('region', { name: 'History' });
    await expect(
      history.getByText(/When a friend you referred has had their first treatment/),
    ).toBeVisible();
    await expect(history.getByText(/^Referral credit from /)).toHaveCount(0);
  },
);

const GIFT_CODE = /GLOW(-[0-9A-HJKMNP-TV-Z]{4}){4}/;

/**
 * £10.00 of wallet credit the way a customer gets it at once: a gift card bought for themselves
 * and redeemed from its email (a referral pays only after the friend's appointment).
 */
async function giveSelfGiftCard(
  request: APIRequestContext,
  customer: { name: string; email: string },
) {
  const bought = await request.post('/api/gift-cards', {
    headers: sameOrigin(),
    data: {
      orderId: randomUUID(),
      amountPence: 1000,
      recipientName: customer.name,
      recipientEmail: customer.email,
      message: '',
      sendOn: ukDate(0),
      method: 'card',
      card: { number: CARDS.ok, expMonth: 12, expYear: 2030, cvc: '123' },
      saveCard: false,
    },
  });
  expect(bought.status(), await bought.text()).toBe(200);
  let code: string | null = null;
  await expect
    .poll(
      async () => {
        const response = await request.get(
          `${E2E_MAIL_API}/messages?to=${encodeURIComponent(customer.email)}`,
        );
        const { messages } = (await response.json()) as { messages: { text: string }[] };
        code = messages.map((m) => GIFT_CODE.exec(m.text)?.[0]).find(Boolean) ?? null;
        return code;
      },
      { message: `a gift card email to ${customer.email}` },
    )
    .not.toBeNull();
  const redeemed = await request.post('/api/me/wallet/redeem', {
    headers: sameOrigin(),
    data: { code },
  });
  expect(redeemed.status(), await redeemed.text()).toBe(200);
}

test(
  'wallet credit goes towards a booking by default, and the customer can keep it for later',
  { tag: '@deep' },
  async ({ page, context, request }) => {
    await acceptCookiesUpFront(context);
    const customer = await signedInCustomer(page, {
      address: TEST_ADDRESS,
      customer: referralCustomer(),
    });
    await giveSelfGiftCard(page.request, customer);
    const world = await createBookingWorld(request);
    await chooseFirstSlot(page, world);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    const payment = page.getByRole('region', { name: 'Payment' });
    const use = payment.getByLabel('Use my wallet credit');
    await expect(use).toBeChecked();
    await expect(payment.getByText('Your £10.00 balance goes towards this booking.')).toBeVisible();
    await expect(payment.getByRole('button', { name: 'Pay £55.00' })).toBeVisible();
    await use.uncheck();
    await expect(use).not.toBeChecked();
    await expect(payment.getByRole('button', { name: 'Pay £65.00' })).toBeVisible();
    await use.check();
    await expect(payment.getByRole('button', { name: 'Pay £55.00' })).toBeVisible();
  },
);
