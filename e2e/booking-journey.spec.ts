import { expect, test, type Locator, type Page } from './fixtures';
import { newCustomer } from './auth-support';
import {
  CARDS,
  chooseFirstSlot,
  createBookingWorld,
  dayLabel,
  expectPaymentStepInView,
  expectTimeFreeAgain,
  payWithNewCard,
  setInvoiceArrangement,
  startAtConfirm,
  ukDate,
} from './booking-support';
import { acceptCookiesUpFront } from './support';

// Booking and paying, from the customer's side. This spec also runs against PostgreSQL (the
// 'postgres' project, when TEST_DATABASE_URL is set), as production does: nothing in it may name
// a server, and each test's data is its own.

test.beforeEach(async ({ context }) => {
  await acceptCookiesUpFront(context);
});

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user would; answers how many
 * presses it took.
 */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  await expect(target).toHaveCount(1);
  for (let presses = 0; presses < 400; presses++) {
    if (await isFocused(target)) return presses;
    await page.keyboard.press(key);
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

test('a newcomer books and pays from the home page with the keyboard alone, then moves the appointment', async ({
  page,
  request,
}) => {
  // The whole booking with Tab, Shift+Tab, Enter, Space, arrows and typing: nothing is clicked
  // until the appointment is booked; the only navigation by hand is opening the home page.
  const world = await createBookingWorld(request);
  const customer = newCustomer('newcomer');

  await page.goto('/');
  await tabTo(page, page.getByRole('link', { name: new RegExp(`^${world.city.name}\\b`) }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: world.city.name })).toBeVisible();
  await tabTo(page, page.getByRole('main').getByRole('link', { name: 'Book now' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/${world.city.slug}/select-treatments$`));

  // The treatments are one tab stop; the arrows walk the list to the one wanted.
  const add = page.getByRole('button', { name: 'Add Swedish Massage (60 min)' });
  await tabTo(page, page.locator('[data-pick][tabindex="0"]'));
  for (let i = 0; i < 30 && !(await isFocused(add)); i++) await page.keyboard.press('ArrowDown');
  await expect(add).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Remove Swedish Massage (60 min)' })).toBeVisible();
  // Its add-ons came in under it, offered once their parent is chosen: the arrows reach them.
  const hotStones = page.getByRole('button', { name: 'Add Hot Stones' });
  for (let i = 0; i < 10 && !(await isFocused(hotStones)); i++)
    await page.keyboard.press('ArrowDown');
  await expect(hotStones).toBeFocused();
  await page.keyboard.press('Space');
  await expect(
    page.getByRole('button', { name: 'Booking summary, 1 treatment and 1 add-on' }),
  ).toBeVisible();
  // Tab leaves the list at once.
  expect(await tabTo(page, page.getByRole('link', { name: 'Choose a date' }))).toBeLessThan(4);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/${world.city.slug}/select-date$`));

  // One day of the calendar is in the tab order; the arrows walk to the day wanted.
  const wanted = page.getByRole('button', { name: dayLabel(world.day), exact: true });
  await tabTo(page, page.locator('[data-date][tabindex="0"]'));
  for (let i = 0; i < 7 && !(await isFocused(wanted)); i++) {
    await page.keyboard.press('ArrowRight');
  }
  await expect(wanted).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await expect(wanted).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/${world.city.slug}/select-therapist$`));

  await expect(page.getByText(`On ${dayLabel(world.day)}`)).toBeVisible();
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: world.therapist.name }) });
  await expect(card.getByRole('link', { name: /View profile/ })).toHaveAttribute(
    'href',
    `/professionals/${world.therapist.username}`,
  );
  const slot = card
    .getByRole('button', { name: new RegExp(`^\\d\\d:\\d\\d with ${world.therapist.name}$`) })
    .first();
  const time = ((await slot.textContent()) ?? '').trim();
  await tabTo(page, slot);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/${world.city.slug}/confirm-booking$`));

  // Confirm: signed out, so sign up through the login modal without leaving the page.
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm and pay' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Booking summary/ })).toHaveCount(0);
  await tabTo(page, page.getByRole('button', { name: 'Sign in to book' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await tabTo(page, dialog.getByRole('button', { name: 'Create an account' }));
  await page.keyboard.press('Enter');
  await tabTo(page, dialog.getByLabel('Full name'));
  await page.keyboard.type(customer.name);
  await tabTo(page, dialog.getByLabel('Email'));
  await page.keyboard.type(customer.email);
  await tabTo(page, dialog.getByLabel('Phone number'));
  await page.keyboard.type(customer.phoneNumber);
  await expect(dialog.getByRole('radio', { name: /Personal/ })).toBeChecked();
  await tabTo(page, dialog.getByLabel('Password', { exact: true }));
  await page.keyboard.type(customer.password);
  // Enter in a field sends the form, as in any form.
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  // Focus carries on to the next step rather than being lost with the button that opened the modal.
  await expect(page.getByRole('heading', { name: 'Your details' })).toBeFocused();
  await expect(page.getByText(`Booking as ${customer.name}`)).toBeVisible();

  // No saved address yet: typed in here. Saving it takes focus on to payment, in view below the
  // sticky header and step bar, whose next stop is the button.
  await tabTo(page, page.getByLabel('Address line 1'));
  await page.keyboard.type('1 Princes Street');
  await tabTo(page, page.getByLabel('Town or city'));
  await page.keyboard.type('Edinburgh');
  await tabTo(page, page.getByLabel('Postcode'));
  await page.keyboard.type('eh2 2aa');
  await tabTo(page, page.getByRole('button', { name: 'Use this address' }));
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('radio', { name: /1 Princes Street, Edinburgh, EH2 2AA/ }),
  ).toBeChecked();
  const next = await expectPaymentStepInView(page);
  await page.keyboard.press('Tab');
  await expect(next).toBeFocused();
  await page.keyboard.press('Enter');

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

  // The card typed as people type it: the number spaced and the expiry given its slash as typed.
  await tabTo(page, page.getByLabel('Card number'));
  await page.keyboard.type('4242424242424242');
  await expect(page.getByLabel('Card number')).toHaveValue(CARDS.ok);
  await page.keyboard.press('Tab');
  await page.keyboard.type('1230');
  await expect(page.getByLabel('Expiry date')).toHaveValue('12/30');
  await page.keyboard.press('Tab');
  await page.keyboard.type('123');
  // Back and forth: Shift+Tab returns to the number, which kept what was typed.
  await tabTo(page, page.getByLabel('Card number'), 'Shift+Tab');
  await expect(page.getByLabel('Card number')).toHaveValue(CARDS.ok);
  await tabTo(page, page.getByRole('button', { name: 'Pay £80.00' }));
  await page.keyboard.press('Enter');

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
  await tabTo(page, page.getByRole('link', { name: 'Add to calendar' }));
  await page.keyboard.press('Enter');
  expect((await download).suggestedFilename()).toBe(`booking-${reference}.ics`);
  // The selection is cleared once the booking is confirmed.
  expect(await page.evaluate(() => window.localStorage.getItem('glow.booking'))).toBeNull();

  await tabTo(page, page.getByRole('link', { name: 'See your appointments' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/account\/appointments$/);
  const upcoming = page.getByRole('region', { name: 'Upcoming' });
  await expect(upcoming.getByText(`with ${world.therapist.name}`)).toBeVisible();
  await expect(upcoming.getByText('Confirmed')).toBeVisible();
  await expect(upcoming.getByText(reference)).toBeVisible();
  await expect(upcoming.getByRole('link', { name: 'Add to calendar' })).toBeVisible();

  // Moved to another free time with the same therapist.
  await upcoming.getByRole('button', { name: 'Reschedule' }).click();
  const move = page.getByRole('dialog', { name: 'Move this appointment' });
  // The same calendar as select-date: the booked day is chosen, and days the therapist has no
  // free time (past their six days of availability) cannot be.
  const booked = move.getByRole('button', { name: dayLabel(world.day), exact: true });
  await expect(booked).toHaveAttribute('aria-pressed', 'true');
  const first = world.therapist.name.split(' ')[0];
  await expect(
    move.getByRole('button', { name: `${dayLabel(ukDate(10))}, ${first} not free` }),
  ).toBeDisabled();
  // The arrow keys move through the days; Enter chooses one.
  await booked.focus();
  await page.keyboard.press('ArrowRight');
  const nextDay = ukDate(3);
  await expect(move.getByRole('button', { name: dayLabel(nextDay), exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(move.getByRole('heading', { name: dayLabel(nextDay) })).toBeVisible();
  const later = move.getByRole('button', { name: /^\d\d:\d\d$/ }).nth(3);
  const movedTo = ((await later.textContent()) ?? '').trim();
  await later.click();
  await move.getByRole('button', { name: `Move to ${movedTo}` }).click();
  await expect(page.getByText(`See you at ${movedTo} on ${dayLabel(nextDay)}.`)).toBeVisible();
  await expect(upcoming.getByText(new RegExp(`^${movedTo} to`))).toBeVisible();
});

test('hold, pay with 3-D Secure, cancel', async ({ page, request }) => {
  const { world } = await startAtConfirm(page, request);

  // Held: the payment step counts the hold down.
  await payWithNewCard(page, CARDS.authenticate);

  // The bank asks at /authorisation/confirm, and the customer approves.
  await expect(page).toHaveURL(/\/authorisation\/confirm\?booking=.+&payment=.+/);
  await expect(page.getByRole('heading', { name: 'Confirm your payment' })).toBeVisible();
  const bank = page.getByRole('main');
  await expect(bank.getByRole('definition').filter({ hasText: /^Glow at Home$/ })).toBeVisible();
  await expect(bank.getByRole('definition').filter({ hasText: /^£65\.00$/ })).toBeVisible();
  await expect(bank.getByText('ending 3184')).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('heading', { name: 'Your booking is confirmed' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${world.city.slug}/confirm-booking\\?booking=`));

  // Cancelled from the appointments page: the refund is shown before confirming.
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

test(
  'a held time chosen again is not blocked by its own hold; a declined card keeps the hold for another, and a saved card pays the next booking',
  { tag: '@deep' },
  async ({ page, request }) => {
    const { world, time } = await startAtConfirm(page, request);

    // Back from a held time and the same time chosen again: the first hold does not block it.
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByRole('timer')).toBeVisible();
    await page.getByRole('link', { name: 'Back' }).click();
    await page
      .getByRole('button', { name: `${time} with ${world.therapist.name}`, exact: true })
      .click();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByRole('timer')).toBeVisible();
    await expect(page.getByText('That time has just gone')).toHaveCount(0);

    // A declined card charges nothing and keeps the hold.
    await page.getByRole('radio', { name: 'A new card' }).check();
    await page.getByLabel('Card number').fill(CARDS.declined);
    await page.getByLabel('Expiry date').fill('12/30');
    await page.getByLabel('Security code (CVC)').fill('123');
    await page.getByRole('button', { name: /^Pay £/ }).click();
    await expect(
      page.getByRole('alert').filter({
        hasText:
          'Your card was declined. Nothing was charged, and your time is still held for you.',
      }),
    ).toBeVisible();
    // The hold runs on, and the card number is ready for another card; the expiry is kept.
    await expect(page.getByRole('timer')).toBeVisible();
    await expect(page.getByLabel('Card number')).toBeFocused();
    await expect(page.getByLabel('Card number')).toHaveValue('');
    await expect(page.getByLabel('Expiry date')).toHaveValue('12/30');
    await expect(page.getByRole('link', { name: 'Choose another time' })).toBeVisible();

    // Another card pays, saved for next time.
    await page.getByLabel('Card number').fill(CARDS.ok);
    await page.getByLabel('Security code (CVC)').fill('123');
    await page.getByRole('checkbox', { name: 'Save this card for next time' }).check();
    await page.getByRole('button', { name: 'Pay £65.00' }).click();
    await expect(page.getByRole('heading', { name: 'Your booking is confirmed' })).toBeVisible();

    // The next booking, with the saved address chosen first so the times offered leave the
    // therapist the journey from the first booking (otherwise the hold would refuse the first one
    // shown): the saved card is chosen, and no card form is shown.
    await page.goto(`/${world.city.slug}/select-treatments`);
    await page.getByRole('button', { name: 'Choose this address' }).click();
    await expect(page.getByText('At EH1 1AA')).toBeVisible();
    await chooseFirstSlot(page, world);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    const saved = page.getByRole('radio', { name: /Visa ending 4242/ });
    await expect(saved).toBeChecked();
    await expect(page.getByLabel('Card number')).toHaveCount(0);
    await page.getByRole('button', { name: 'Pay £65.00' }).click();
    await expect(page.getByRole('heading', { name: 'Your booking is confirmed' })).toBeVisible();
  },
);

test(
  'after a declined card "Choose another time" lets the held time go; a failed 3-D Secure keeps the time for another card',
  { tag: '@deep' },
  async ({ page, request }) => {
    const { world, time } = await startAtConfirm(page, request);
    await payWithNewCard(page, CARDS.declined);
    await expect(page.getByRole('timer')).toBeVisible();
    await expectTimeFreeAgain(page, world, time, 'Choose another time');

    // The same time again, and the bank says no.
    await page
      .getByRole('button', { name: `${time} with ${world.therapist.name}`, exact: true })
      .click();
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
  },
);

test(
  'a business account set to invoice books without a card; others are not offered invoice',
  { tag: '@deep' },
  async ({ page, request }) => {
    // Business, but paying by card until the arrangement says otherwise.
    const { customer } = await startAtConfirm(page, request, 'business');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByRole('timer')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Pay by invoice' })).toHaveCount(0);

    await setInvoiceArrangement(request, customer.email);
    await page.reload();
    await expect(page.getByRole('timer')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Pay by invoice' })).toBeChecked();
    await page.getByRole('button', { name: 'Confirm and pay by invoice' }).click();

    await expect(page.getByRole('heading', { name: 'Your booking is confirmed' })).toBeVisible();
    await expect(page.getByText('To be invoiced')).toBeVisible();
  },
);
