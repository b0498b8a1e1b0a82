import { expect, test } from './fixtures';
import { acceptCookiesUpFront } from './support';
import { CARDS, chooseFirstSlot, setInvoiceArrangement, startAtConfirm } from './booking-support';

test.beforeEach(async ({ context }) => {
  await acceptCookiesUpFront(context);
});

test('a card saved with one booking pays the next', async ({ page, request }) => {
  const { world } = await startAtConfirm(page, request);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByLabel('Card number').fill(CARDS.ok);
  await page.getByLabel('Expiry date').fill('12/30');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('checkbox', { name: 'Save this card for next time' }).check();
  await page.getByRole('button', { name: 'Pay £65.00' }).click();
  await expect(page.getByRole('heading', { name: 'Your booking is confirmed' })).toBeVisible();

  // This time with the saved address chosen first, so the times offered leave the therapist the
  // journey from the first booking (otherwise the hold would refuse the first one shown).
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
});

test('a business account set to invoice books without a card; others are not offered invoice', async ({
  page,
  request,
}) => {
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
});
