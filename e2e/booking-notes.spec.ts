import sharp from 'sharp';
import { expect, test } from './fixtures';
import { createBookingWorld, holdAndPay, signUpInBrowser, ukInstant } from './booking-support';
import { E2E_BASE_URL } from './env';
import { acceptCookiesUpFront } from './support';

// Notes and photos for the therapist (docs/decisions/0093), on the desktop: an upcoming booking
// paid through the API, then on the appointments page a note saved and a photo chosen, shown as
// a thumbnail read back from the server with the customer's session.

const origin = { Origin: E2E_BASE_URL };

test.beforeEach(async ({ context }) => {
  await acceptCookiesUpFront(context);
});

test('adds a note and a photo to an upcoming appointment', async ({ page, request }) => {
  const world = await createBookingWorld(request);
  const customer = await signUpInBrowser(page);
  const photo = await sharp({
    create: { width: 640, height: 480, channels: 3, background: '#c2417a' },
  })
    .jpeg()
    .toBuffer();
  let bookingId = '';
  try {
    bookingId = await holdAndPay(page.request, {
      city: world.city.slug,
      therapistId: world.therapist.id,
      startsAt: ukInstant(world.day, '10:00'),
    });

    await page.goto('/account/appointments');
    const upcoming = page.getByRole('region', { name: 'Upcoming' });
    const notes = upcoming.getByRole('region', { name: 'Notes for your therapist' });
    await notes.getByLabel('Access notes').fill('Blue door, code 4821. A friendly dog.');
    await notes.getByRole('button', { name: 'Save notes' }).click();
    await expect(notes.getByRole('status').getByText('Notes saved.')).toBeVisible();

    await notes.getByLabel('Add photos').setInputFiles({
      name: 'nails.jpg',
      mimeType: 'image/jpeg',
      buffer: photo,
    });
    const thumbnail = notes.getByRole('img', { name: 'Photo 1 for your therapist' });
    await expect(thumbnail).toBeVisible();
    await expect
      .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(640);
    await expect(notes.getByRole('button', { name: 'Remove photo 1' })).toBeVisible();

    // A reload reads both back from the server.
    await page.reload();
    await expect(notes.getByLabel('Access notes')).toHaveValue(
      'Blue door, code 4821. A friendly dog.',
    );
    await expect(thumbnail).toBeVisible();
  } finally {
    if (bookingId) {
      const cancelled = await page.request.post(`/api/bookings/${bookingId}/cancel`, {
        headers: origin,
      });
      expect(cancelled.status(), await cancelled.text()).toBe(200);
    }
    const deleted = await page.request.delete('/api/me', {
      headers: origin,
      data: { password: customer.password },
    });
    expect(deleted.status(), await deleted.text()).toBe(204);
  }
});
