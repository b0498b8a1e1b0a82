import { expect, test, type Locator, type Page } from './fixtures';
import { CARDS, createBookingWorld, dayLabel, newCustomer } from './booking-support';
import { E2E_BASE_URL } from './env';
import { acceptCookiesUpFront } from './support';

// The whole booking with the keyboard alone: Tab, Shift+Tab, Enter, Space, arrows and typing.
// Nothing is clicked; the only navigation by hand is opening the home page.

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

test('skip link first on every kind of page', async ({ page, request }) => {
  const world = await createBookingWorld(request);
  for (const path of [
    '/',
    `/${world.city.slug}`,
    `/${world.city.slug}/select-treatments`,
    '/professionals',
    '/cookie-policy',
    '/login',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' }), path).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main'), path).toBeFocused();
  }
});

test('a customer books from home to a confirmed appointment with the keyboard alone', async ({
  page,
  request,
}) => {
  const world = await createBookingWorld(request);
  // An account with no address yet: the address is typed in at checkout.
  const customer = newCustomer();
  const signUp = await request.post('/api/auth/sign-up/email', {
    headers: { Origin: E2E_BASE_URL },
    data: { ...customer, accountType: 'personal' },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);

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
  // Its add-ons came in under it: the arrows reach them, Tab leaves the list at once.
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('button', { name: /^Add / }).and(page.locator(':focus'))).toHaveCount(
    1,
  );
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

  const slot = page
    .getByRole('button', { name: new RegExp(`^\\d\\d:\\d\\d with ${world.therapist.name}$`) })
    .first();
  await tabTo(page, slot);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/${world.city.slug}/confirm-booking$`));

  // Sign in through the modal.
  await tabTo(page, page.getByRole('button', { name: 'Sign in to book' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await tabTo(page, dialog.getByRole('textbox', { name: 'Email' }));
  await page.keyboard.type(customer.email);
  await tabTo(page, dialog.getByLabel('Password', { exact: true }));
  await page.keyboard.type(customer.password);
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`Booking as ${customer.name}`)).toBeVisible();

  // The address, typed in; saving it takes focus on to payment, whose next stop is the button.
  await tabTo(page, page.getByLabel('Address line 1'));
  await page.keyboard.type('12 Keyboard Street');
  await tabTo(page, page.getByLabel('Town or city'));
  await page.keyboard.type('Edinburgh');
  await tabTo(page, page.getByLabel('Postcode'));
  await page.keyboard.type('EH1 1AA');
  await tabTo(page, page.getByRole('button', { name: 'Use this address' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('timer')).toBeVisible();

  await tabTo(page, page.getByLabel('Card number'));
  await page.keyboard.type(CARDS.ok);
  await page.keyboard.press('Tab');
  await page.keyboard.type('12/30');
  await page.keyboard.press('Tab');
  await page.keyboard.type('123');
  // Back and forth: Shift+Tab returns to the number, which kept what was typed.
  await tabTo(page, page.getByLabel('Card number'), 'Shift+Tab');
  await expect(page.getByLabel('Card number')).toHaveValue(CARDS.ok);
  await tabTo(page, page.getByRole('button', { name: /^Pay £/ }));
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'Your booking is confirmed' })).toBeVisible();
});
