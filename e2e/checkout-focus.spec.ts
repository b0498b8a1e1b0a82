import { test } from './fixtures';
import { signedInCustomer } from './auth-support';
import { chooseFirstSlot, createBookingWorld, expectPaymentStepInView } from './booking-support';
import { acceptCookiesUpFront } from './support';

// On a phone, the sticky header and step bar take much of the screen: once an address is saved,
// the payment step must be brought into view below them, not under them. (The desktop's booking
// journey checks the same at its size, so this spec runs on the phone only.)

test.beforeEach(async ({ context }) => {
  await acceptCookiesUpFront(context);
});

test('after "Use this address" the payment step is focused and in view below the sticky bars', async ({
  page,
  request,
}) => {
  const world = await createBookingWorld(request);
  // A new customer with no saved address: the confirm page asks for one.
  await signedInCustomer(page, { address: false });
  await chooseFirstSlot(page, world);

  await page.getByLabel('Address line 1').fill('12 Test Street');
  await page.getByLabel('Town or city').fill('Edinburgh');
  await page.getByLabel('Postcode').fill('EH1 1AA');
  await page.getByRole('button', { name: 'Use this address' }).click();

  await expectPaymentStepInView(page);
});
