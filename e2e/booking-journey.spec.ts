import { expect, test } from './fixtures';
import { acceptCookiesUpFront } from './support';
import {
  CARDS,
  createBookingWorld,
  dayLabel,
  expectTimeFreeAgain,
  newCustomer,
  payAndConfirm,
  payWithNewCard,
  startAtConfirm,
  ukDate,
} from './booking-support';

test.beforeEach(async ({ context }) => {
  await acceptCookiesUpFront(context);
});

test('a newcomer books and pays from the home page and finds the appointment in their account', async ({
  page,
  request,
}) => {
  const world = await createBookingWorld(request);
  const customer = newCustomer();

  await page.goto('/');
  await page
    .getByRole('region', { name: 'Choose your city' })
    .getByRole('link', { name: new RegExp(`^${world.city.name}`) })
    .click();
  await page.getByRole('main').getByRole('link', { name: 'Book now' }).click();
  await expect(page).toHaveURL(new RegExp(`/${world.city.slug}/select-treatments$`));

  await page.getByRole('button', { name: 'Add Swedish Massage (60 min)' }).click();
  // The add-on is offered once its parent is chosen.
  await page.getByRole('button', { name: 'Add Hot Stones' }).click();
  await expect(
    page.getByRole('button', { name: 'Booking summary, 1 treatment and 1 add-on' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Choose a date' }).click();

  await page.getByRole('button', { name: dayLabel(world.day), exact: true }).click();
  await expect(page.getByText(`On ${dayLabel(world.day)}`)).toBeVisible();
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: world.therapist.name }) });
  await expect(card.getByRole('link', { name: /View profile/ })).toHaveAttribute(
    'href',
    `/professionals/${world.therapist.username}`,
  );
  const first = card.getByRole('button', { name: /with/ }).first();
  const time = ((await first.textContent()) ?? '').trim();
  await first.click();

  // Confirm: signed out, so sign up through the login modal without leaving the page.
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm and pay' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Booking summary/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign in to book' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Create an account' }).click();
  await dialog.getByLabel('Full name').fill(customer.name);
  await dialog.getByLabel('Email').fill(customer.email);
  await dialog.getByLabel('Phone number').fill(customer.phoneNumber);
  await dialog.getByLabel('Password', { exact: true }).fill(customer.password);
  await dialog.getByRole('radio', { name: /Personal/ }).check();
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await expect(dialog).toHaveCount(0);
  // Focus carries on to the next step rather than being lost with the button that opened the modal.
  await expect(page.getByRole('heading', { name: 'Your details' })).toBeFocused();

  // No saved address yet: add one here.
  await expect(page.getByText(`Booking as ${customer.name}`)).toBeVisible();
  await page.getByLabel('Address line 1').fill('1 Princes Street');
  await page.getByLabel('Town or city').fill('Edinburgh');
  await page.getByLabel('Postcode').fill('eh2 2aa');
  await page.getByRole('button', { name: 'Use this address' }).click();
  await expect(
    page.getByRole('radio', { name: /1 Princes Street, Edinburgh, EH2 2AA/ }),
  ).toBeChecked();

  await page.getByRole('button', { name: 'Continue to payment' }).click();
  const payment = page.getByRole('region', { name: 'Payment' });
  // Time left in words, never like "10:00", which reads as the appointment's time.
  await expect(payment.getByRole('timer')).toHaveText(/^(10 min|9 min \d+ s) left$/);
  await expect(payment.getByRole('heading', { name: 'Payment' })).toBeFocused();
  await expect(payment.getByText('Swedish Massage (60 min)')).toBeVisible();
  await expect(payment.getByText('Hot Stones')).toBeVisible();
  await expect(payment.getByText('Amount to pay')).toBeVisible();
  await expect(payment.getByText('£80.00').first()).toBeVisible();
  // Two days ahead: the terms worked out now, with the free deadline still to come.
  const terms = payment.getByTestId('cancellation-terms');
  await expect(terms.getByRole('heading', { name: 'Cancellation terms' })).toBeVisible();
  await expect(terms.getByText(/^Free cancellation until \d\d:\d\d on \w+day/)).toBeVisible();
  await expect(terms.getByText(/^You can move it to another time until/)).toBeVisible();

  await page.getByLabel('Card number').fill('4242424242424242');
  await expect(page.getByLabel('Card number')).toHaveValue(CARDS.ok);
  await page.getByLabel('Expiry date').fill('1230');
  await expect(page.getByLabel('Expiry date')).toHaveValue('12/30');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: 'Pay £80.00' }).click();

  await expect(page.getByRole('heading', { name: 'Your booking is confirmed' })).toBeVisible();
  await expect(page).toHaveURL(/confirm-booking\?booking=/);
  await expect(page.getByText(/added to your appointments/)).toBeVisible();
  await expect(page.getByText(new RegExp(`${time} to`))).toBeVisible();
  await expect(page.getByText('1 Princes Street, Edinburgh, EH2 2AA')).toBeVisible();
  await expect(page.getByText('Paid with Visa ending 4242')).toBeVisible();
  const reference = await page
    .getByText('Booking reference')
    .locator('xpath=following-sibling::span')
    .innerText();
  expect(reference).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
  // "Add to calendar" downloads the booking's event, the same one the email carries.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Add to calendar' }).click();
  expect((await download).suggestedFilename()).toBe(`booking-${reference}.ics`);
  // The selection is cleared once the booking is confirmed.
  expect(await page.evaluate(() => window.localStorage.getItem('glow.booking'))).toBeNull();

  await page.getByRole('link', { name: 'See your appointments' }).click();
  await expect(page).toHaveURL(/\/account\/appointments$/);
  const upcoming = page.getByRole('region', { name: 'Upcoming' });
  await expect(upcoming.getByText(`with ${world.therapist.name}`)).toBeVisible();
  await expect(upcoming.getByText('Confirmed')).toBeVisible();
  await expect(upcoming.getByText(reference)).toBeVisible();
  await expect(upcoming.getByRole('link', { name: 'Add to calendar' })).toBeVisible();
});

test('a declined card charges nothing, keeps the hold and asks for another card', async ({
  page,
  request,
}) => {
  await startAtConfirm(page, request);

  await payWithNewCard(page, CARDS.declined);
  await expect(
    page.getByRole('alert').filter({
      hasText: 'Your card was declined. Nothing was charged, and your time is still held for you.',
    }),
  ).toBeVisible();
  // The hold runs on, and the card number is ready for another card; the expiry is kept.
  await expect(page.getByRole('timer')).toBeVisible();
  await expect(page.getByLabel('Card number')).toBeFocused();
  await expect(page.getByLabel('Card number')).toHaveValue('');
  await expect(page.getByLabel('Expiry date')).toHaveValue('12/30');
  await expect(page.getByRole('link', { name: 'Choose another time' })).toBeVisible();

  await page.getByLabel('Card number').fill(CARDS.ok);
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: /^Pay £/ }).click();
  await expect(page.getByRole('heading', { name: 'Your booking is confirmed' })).toBeVisible();
});

test('after a declined card, "Choose another time" lets the held time go', async ({
  page,
  request,
}) => {
  const { world, time } = await startAtConfirm(page, request);
  await payWithNewCard(page, CARDS.declined);
  await expect(page.getByRole('timer')).toBeVisible();
  await expectTimeFreeAgain(page, world, time, 'Choose another time');
});

test('3-D Secure approved at /authorisation/confirm confirms the booking', async ({
  page,
  request,
}) => {
  const { world } = await startAtConfirm(page, request);
  await payWithNewCard(page, CARDS.authenticate);

  await expect(page).toHaveURL(/\/authorisation\/confirm\?booking=.+&payment=.+/);
  await expect(page.getByRole('heading', { name: 'Confirm your payment' })).toBeVisible();
  const bank = page.getByRole('main');
  await expect(bank.getByRole('definition').filter({ hasText: /^Glow at Home$/ })).toBeVisible();
  await expect(bank.getByRole('definition').filter({ hasText: /^£65\.00$/ })).toBeVisible();
  await expect(bank.getByText('ending 3184')).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();

  await expect(page.getByRole('heading', { name: 'Your booking is confirmed' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${world.city.slug}/confirm-booking\\?booking=`));
});

test('3-D Secure failed at /authorisation/confirm takes no money and keeps the time for another card', async ({
  page,
  request,
}) => {
  await startAtConfirm(page, request);
  await payWithNewCard(page, CARDS.authenticate);

  await expect(page.getByRole('heading', { name: 'Confirm your payment' })).toBeVisible();
  await page.getByRole('button', { name: 'Fail' }).click();
  await expect(page.getByRole('heading', { name: 'Payment not taken' })).toBeVisible();
  await expect(page.getByText(/could not confirm the payment/)).toBeVisible();
  // As after a declined card: the time is still held, with the hold's own end.
  await expect(page.getByText(/^The time stays yours until \d\d:\d\d/)).toBeVisible();
  await page.getByRole('link', { name: 'Try another card' }).click();
  await expect(page.getByRole('timer')).toBeVisible();
  await page.getByRole('radio', { name: 'A new card' }).check();
  await page.getByLabel('Card number').fill(CARDS.ok);
  await page.getByLabel('Expiry date').fill('12/30');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: /^Pay £/ }).click();
  await expect(page.getByRole('heading', { name: 'Your booking is confirmed' })).toBeVisible();
});

test('cancelling shows the refund before confirming, then refunds it', async ({
  page,
  request,
}) => {
  await startAtConfirm(page, request);
  await payAndConfirm(page);

  await page.goto('/account/appointments');
  const upcoming = page.getByRole('region', { name: 'Upcoming' });
  await upcoming.getByRole('button', { name: 'Cancel booking' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this appointment?' });
  // Two days ahead: more than 24 hours before the start, so the whole price comes back.
  await expect(dialog.getByText('You get a full refund: £65.00.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel appointment' }).click();

  await expect(page.getByText('£65.00 is on its way back to you.')).toBeVisible();
  await expect(upcoming.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
  // A cancelled appointment is filed under Cancelled, not Past, though its time is still to come.
  await expect(
    page
      .getByRole('region', { name: 'Cancelled' })
      .getByRole('listitem')
      .getByText('Cancelled', { exact: true }),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Past' }).getByText('No past appointments.'),
  ).toBeVisible();
});

test('going back from a held time and choosing it again is not blocked by the first hold', async ({
  page,
  request,
}) => {
  const { world, time } = await startAtConfirm(page, request);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('timer')).toBeVisible();

  await page.getByRole('link', { name: 'Back' }).click();
  await page
    .getByRole('button', { name: `${time} with ${world.therapist.name}`, exact: true })
    .click();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('timer')).toBeVisible();
  await expect(page.getByText('That time has just gone')).toHaveCount(0);
});

test('an appointment can be moved to another free time with the same therapist', async ({
  page,
  request,
}) => {
  const { world } = await startAtConfirm(page, request);
  await payAndConfirm(page);

  await page.goto('/account/appointments');
  await page.getByRole('button', { name: 'Reschedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move this appointment' });
  // The same calendar as select-date: the booked day is chosen, and days the therapist has no
  // free time (past their six days of availability) cannot be.
  const booked = dialog.getByRole('button', { name: dayLabel(world.day), exact: true });
  await expect(booked).toHaveAttribute('aria-pressed', 'true');
  const first = world.therapist.name.split(' ')[0];
  await expect(
    dialog.getByRole('button', { name: `${dayLabel(ukDate(10))}, ${first} not free` }),
  ).toBeDisabled();

  // The arrow keys move through the days; Enter chooses one.
  await booked.focus();
  await page.keyboard.press('ArrowRight');
  const nextDay = ukDate(3);
  await expect(dialog.getByRole('button', { name: dayLabel(nextDay), exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('heading', { name: dayLabel(nextDay) })).toBeVisible();

  const later = dialog.getByRole('button', { name: /^\d\d:\d\d$/ }).nth(3);
  const time = ((await later.textContent()) ?? '').trim();
  await later.click();
  await dialog.getByRole('button', { name: `Move to ${time}` }).click();

  await expect(page.getByText(`See you at ${time} on ${dayLabel(nextDay)}.`)).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Upcoming' }).getByText(new RegExp(`^${time} to`)),
  ).toBeVisible();
});
