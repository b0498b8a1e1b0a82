import { expect, test } from './fixtures';
import {
  bookAndFinish,
  CARDS,
  createBookingWorld,
  signUpInBrowser,
  ukInstant,
} from './booking-support';
import { E2E_BASE_URL } from './env';
import { acceptCookiesUpFront, axe } from './support';

// A tip after the appointment (docs/decisions/0087), at desktop and phone size: a booking made
// and paid through the API, completed by the therapist app's `finished` step, tipped 15% by card
// on the appointments page, shown there, and its receipt read in the dev mail viewer.

const origin = { Origin: E2E_BASE_URL };

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
      startsAt: ukInstant(world.day, '10:00'),
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
