import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { signedInCustomer } from './auth-support';
import {
  bookThroughApi,
  cancelBooking,
  CARDS,
  createBookingWorld,
  dayLabel,
  ukInstant,
} from './booking-support';
import { E2E_INTERNAL_API_TOKEN } from './env';
import { appUrl } from './app-url';
import { acceptCookiesUpFront, axe } from './support';

// The waitlist (docs/decisions/0089): a customer for whom no time
// suits joins the waitlist from the time step; another customer's booking at that time is
// cancelled; the matcher holds the time for the first waiting and emails them; the email read at
// /dev/mail opens the offer, and the time is paid for through the usual checkout.

/** One matcher pass now (the job also runs on its own every 15 seconds: its pass is waited out). */
async function runMatcher(request: APIRequestContext) {
  await expect(async () => {
    const res = await request.post('/api/internal/waitlist/run', {
      headers: { Authorization: `Bearer ${E2E_INTERNAL_API_TOKEN}` },
    });
    expect(res.status()).toBe(200);
    expect(((await res.json()) as { ran: boolean }).ran).toBe(true);
  }).toPass({ intervals: [100, 250, 500] });
}

test(
  'join the waitlist, then take the freed time from the email',
  { tag: '@deep' },
  async ({ page, context, request, playwright }) => {
    await acceptCookiesUpFront(context);
    const world = await createBookingWorld(request);
    const other = await playwright.request.newContext({ baseURL: appUrl() });
    // Our customer, and another who has booked 10:00 with the world's therapist, at once.
    const [customer, othersBooking] = await Promise.all([
      signedInCustomer(page),
      bookThroughApi(other, {
        city: world.city.slug,
        therapistId: world.therapist.id,
        startsAt: ukInstant(world.day, '10:00'),
        postcode: 'EH1 1AA',
      }),
    ]);

    // The time step: no time that suits, so the customer joins the waitlist for 10:00–10:15.
    await page.goto(`/${world.city.slug}/select-treatments`);
    await page.getByRole('button', { name: 'Add Swedish Massage (60 min)' }).click();
    await page.getByRole('link', { name: 'Choose a date' }).click();
    await page.getByRole('button', { name: dayLabel(world.day), exact: true }).click();
    await page.getByRole('button', { name: 'Join the waitlist' }).click();
    const form = page.getByRole('form', { name: 'Join the waitlist' });
    await expect(form).toBeVisible();
    await expect(form.getByText(/we hold it for you alone for 15 minutes/)).toBeVisible();
    await expect(form.getByLabel('First day')).toHaveValue(/^\d{4}-\d\d-\d\d$/);
    await form.getByLabel('First day').fill(world.day);
    await form.getByLabel('Last day').fill(world.day);
    await form.getByLabel(/Earliest start/).fill('10:00');
    await form.getByLabel(/Latest start/).fill('10:15');
    expect((await axe(page).include('form').analyze()).violations).toEqual([]);
    await form.getByRole('button', { name: 'Join the waitlist' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'You are on the waitlist' }),
    ).toBeVisible();

    // Another customer cancels: the matcher holds 10:00 for our customer and emails them.
    await cancelBooking(other, othersBooking);
    await other.dispose();
    await runMatcher(request);

    await page.goto(`/dev/mail?to=${encodeURIComponent(customer.email)}`);
    await page.getByRole('link', { name: /A time has opened/ }).click();
    const message = page.frameLocator('iframe[title="The email\'s HTML"]');
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      message.getByRole('link', { name: 'Take this time' }).click(),
    ]);
    await expect(tab).toHaveURL(/\/account\?offer=/);
    await expect(tab.getByRole('heading', { name: 'A time has opened for you' })).toBeVisible();
    await expect(tab.getByText(/held for you alone until/)).toBeVisible();
    expect((await axe(tab).analyze()).violations).toEqual([]);
    await tab.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(tab).toHaveURL(new RegExp(`/${world.city.slug}/confirm-booking$`));
    await tab.getByRole('radio', { name: 'A new card' }).check();
    await tab.getByLabel('Card number').fill(CARDS.ok);
    await tab.getByLabel('Expiry date').fill('12/30');
    await tab.getByLabel('Security code (CVC)').fill('123');
    await tab.getByRole('button', { name: /^Pay £/ }).click();
    await expect(tab.getByRole('heading', { name: 'Your booking is confirmed' })).toBeVisible();

    // Tidy up: the time goes back (two days ahead, free to cancel).
    await cancelBooking(tab.request, new URL(tab.url()).searchParams.get('booking') ?? '');
  },
);
