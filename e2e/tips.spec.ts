import { expect, test, type APIRequestContext } from './fixtures';
import { CARDS, createBookingWorld, signUpInBrowser, ukInstant } from './booking-support';
import { E2E_BASE_URL, E2E_INTERNAL_API_TOKEN } from './env';
import { acceptCookiesUpFront, axe } from './support';

// A tip after the appointment (docs/decisions/0087), at desktop and phone size: a booking made
// and paid through the API, completed by the therapist app's `finished` step, tipped 15% by card
// on the appointments page, shown there, and its receipt read in the dev mail viewer.

const origin = { Origin: E2E_BASE_URL };

/** A confirmed Swedish massage (£65.00) at 10:00 on the day, booked and paid through the API. */
async function bookAndFinish(
  request: APIRequestContext,
  booking: { city: string; therapistId: string; day: string },
) {
  const addresses = await request.get('/api/me/addresses');
  const [address] = ((await addresses.json()) as { addresses: { id: string }[] }).addresses;
  const hold = await request.post('/api/bookings', {
    headers: origin,
    data: {
      city: booking.city,
      therapistId: booking.therapistId,
      treatmentIds: ['swedish-massage-60'],
      startsAt: ukInstant(booking.day, '10:00'),
      addressId: address?.id,
    },
  });
  expect(hold.status(), await hold.text()).toBe(201);
  const { id } = (await hold.json()) as { id: string };
  const paid = await request.post(`/api/bookings/${id}/payment`, {
    headers: origin,
    data: {
      method: 'card',
      card: { number: CARDS.ok.replace(/ /g, ''), expMonth: 12, expYear: 2030, cvc: '123' },
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const finished = await request.post(`/api/internal/bookings/${id}/progress`, {
    headers: { Authorization: `Bearer ${E2E_INTERNAL_API_TOKEN}` },
    data: { status: 'finished' },
  });
  expect(finished.status(), await finished.text()).toBe(200);
  return id;
}

test.beforeEach(async ({ context }) => {
  await acceptCookiesUpFront(context);
});

test('tips a completed appointment 15% by card and reads the receipt', async ({
  page,
  request,
}) => {
  const world = await createBookingWorld(request);
  const therapist = world.therapist.name.split(' ')[0] ?? '';
  const customer = await signUpInBrowser(page);
  try {
    await bookAndFinish(page.request, {
      city: world.city.slug,
      therapistId: world.therapist.id,
      day: world.day,
    });

    await page.goto('/account/appointments');
    const past = page.getByRole('region', { name: 'Past' });
    await past.getByRole('button', { name: `Add a tip for ${therapist}` }).click();
    const panel = past.getByRole('region', { name: `Add a tip for ${therapist}` });
    const amounts = panel.getByRole('group', { name: 'Tip amount' });
    await expect(amounts.getByRole('radio', { name: '10% £6.50' })).toBeVisible();
    await expect(amounts.getByRole('radio', { name: '20% £13.00' })).toBeVisible();
    await amounts.getByRole('radio', { name: '15% £9.75' }).check();
    const { violations } = await axe(page).include('[data-tip-panel]').analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' | ')}`)).toEqual(
      [],
    );

    await panel.getByRole('radio', { name: 'A new card' }).check();
    await panel.getByLabel('Card number').fill(CARDS.ok);
    await panel.getByLabel('Expiry date').fill('12/30');
    await panel.getByLabel('Security code (CVC)').fill('123');
    await panel.getByRole('button', { name: 'Pay £9.75' }).click();
    await expect(past.getByRole('status').getByText('You tipped £9.75. Thank you!')).toBeVisible();
    // The server's view of the appointment carries it too.
    const listed = await page.request.get('/api/me/appointments');
    expect(((await listed.json()) as { past: { tip: unknown }[] }).past[0]?.tip).toMatchObject({
      amountPence: 975,
      status: 'paid',
    });

    await page.goto(`/dev/mail?to=${encodeURIComponent(customer.email)}`);
    await page.getByRole('link', { name: /Thank you for your tip/ }).click();
    const message = page.frameLocator('iframe[title="The email\'s HTML"]');
    await expect(
      message.getByText(`Thank you — your £9.75 tip for ${therapist} has been paid.`, {
        exact: true,
      }),
    ).toBeVisible();
  } finally {
    // The account goes, and its appointment with it from every list.
    const deleted = await page.request.delete('/api/me', {
      headers: origin,
      data: { password: customer.password },
    });
    expect(deleted.status(), await deleted.text()).toBe(204);
  }
});
