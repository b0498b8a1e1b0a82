import { expect, test } from './fixtures';
import { chooseFirstSlot, createBookingWorld, newCustomer } from './booking-support';
import { E2E_BASE_URL } from './env';
import { acceptCookiesUpFront } from './support';

test.beforeEach(async ({ context }) => {
  await acceptCookiesUpFront(context);
});

test('after "Use this address" the payment step is focused and in view below the sticky bars', async ({
  page,
  request,
}) => {
  const world = await createBookingWorld(request);
  // A new customer with no saved address: the confirm page asks for one.
  const customer = newCustomer();
  const response = await page.request.post('/api/auth/sign-up/email', {
    headers: { Origin: E2E_BASE_URL },
    data: { ...customer, accountType: 'personal' },
  });
  expect(response.status(), await response.text()).toBe(200);
  // Sign-up starts no session (decision 0065): sign in next, as the sign-up form does.
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    headers: { Origin: E2E_BASE_URL },
    data: { email: customer.email, password: customer.password },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  await chooseFirstSlot(page, world);

  await page.getByLabel('Address line 1').fill('12 Test Street');
  await page.getByLabel('Town or city').fill('Edinburgh');
  await page.getByLabel('Postcode').fill('EH1 1AA');
  await page.getByRole('button', { name: 'Use this address' }).click();

  const payment = page.getByRole('heading', { name: 'Payment' });
  await expect(payment).toBeFocused();
  const next = page.getByRole('button', { name: 'Continue to payment' });
  await expect(next).toBeInViewport();
  // Not under the sticky header and step bar: its top is below their bottom.
  const bars = await page.evaluate(() =>
    Math.max(
      ...[...document.querySelectorAll('header, .sticky')]
        .map((el) => el.getBoundingClientRect())
        .filter((r) => r.top < window.innerHeight / 2 && r.height < 200)
        .map((r) => r.bottom),
    ),
  );
  const box = await next.boundingBox();
  expect(box?.y ?? 0).toBeGreaterThanOrEqual(bars);
  const headingBox = await payment.boundingBox();
  expect(headingBox?.y ?? 0).toBeGreaterThanOrEqual(bars);
});
