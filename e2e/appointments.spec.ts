import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { deleteAccount, signedInCustomer } from './auth-support';
import {
  bookAndFinish,
  cancelBooking,
  CARDS,
  dayLabel,
  holdAndPay,
  ukDate,
  ukInstant,
} from './booking-support';
import { E2E_INTERNAL_API_TOKEN } from './env';
import { acceptCookiesUpFront, axeViolations } from './support';

// The appointments page around a visit, as one customer lives it: notes and a photo for the
// therapist before (docs/decisions/0093); after it, a 15% tip by card with its receipt (0087), a
// verified review rated with the keyboard (0086), and the therapist saved as a favourite, listed
// first, and booked again, also once they have left (0088). Both bookings are made and paid
// through the API, and the therapist app's `finished` step completes one: what is tested is
// what the customer does on these pages, not the checkout again.

const internal = { Authorization: `Bearer ${E2E_INTERNAL_API_TOKEN}` };

/** A city of its own with two therapists free all week: Aaron comes first by name, Zoe after. */
async function createWorld(request: APIRequestContext) {
  const id = randomBytes(4).toString('hex');
  const city = { slug: `e2e-visit-${id}`, name: `Visitham ${id}` };
  const windows: { start: string; end: string }[] = [];
  for (let d = 0; d <= 4; d++) {
    const date = ukDate(d);
    windows.push({ start: `${date}T08:00:00Z`, end: `${date}T20:00:00Z` });
  }
  const therapist = (name: string, username: string) => ({
    id: `e2e-${username}`,
    name,
    username,
    active: true,
    paymentsConnected: true,
    area: city.slug,
    serviceIds: ['swedish-massage-60', 'hot-stones'],
    availability: windows,
  });
  const aaron = therapist(`Aaron First${id}`, `aaron-${id}`);
  const zoe = therapist(`Zoe Fave${id}`, `zoe-${id}`);
  const catalogue = (therapists: object[]) =>
    request.post('/api/internal/catalogue', {
      headers: internal,
      data: { cities: [city], therapists },
    });
  const response = await catalogue([aaron, zoe]);
  expect(response.status(), await response.text()).toBe(200);
  return {
    city,
    aaron,
    zoe,
    /** Zoe leaves: the catalogue marks her inactive. */
    zoeLeaves: async () => {
      const left = await catalogue([{ ...zoe, active: false }]);
      expect(left.status(), await left.text()).toBe(200);
    },
  };
}

/** The therapist cards' headings, in the order the step lists them. */
const cardNames = (page: Page) =>
  page.getByRole('listitem').getByRole('heading', { level: 2 }).allTextContents();

test('notes and a photo before the visit; after it a tip, a review, a favourite and "Book again"', async ({
  page,
  request,
  context,
}) => {
  await acceptCookiesUpFront(context);
  const world = await createWorld(request);
  const zoe = world.zoe.name.split(' ')[0] ?? '';
  const customer = await signedInCustomer(page);
  const photo = await sharp({
    create: { width: 640, height: 480, channels: 3, background: '#c2417a' },
  })
    .jpeg()
    .toBuffer();
  try {
    // A Swedish massage with hot stones with Zoe (£80.00), paid, then finished by the therapist
    // app; and another with her still to come.
    const finished = await bookAndFinish(page.request, {
      city: world.city.slug,
      therapistId: world.zoe.id,
      startsAt: ukInstant(ukDate(1), '10:00'),
      treatmentIds: ['swedish-massage-60', 'hot-stones'],
    });
    const upcomingId = await holdAndPay(page.request, {
      city: world.city.slug,
      therapistId: world.zoe.id,
      startsAt: ukInstant(ukDate(2), '10:00'),
    });

    // Before the visit: a note saved and a photo chosen, shown as a thumbnail read back from the
    // server with the customer's session.
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
    // Done with: two days ahead, free to cancel, and the therapist's day is as it was.
    await cancelBooking(page.request, upcomingId);

    // After the visit: a 15% tip by card.
    await page.reload();
    const past = page.getByRole('region', { name: 'Past' });
    await past.getByRole('button', { name: `Add a tip for ${zoe}` }).click();
    const panel = past.getByRole('region', { name: `Add a tip for ${zoe}` });
    const amounts = panel.getByRole('group', { name: 'Tip amount' });
    await expect(amounts.getByRole('radio', { name: '10% £8.00' })).toBeVisible();
    await expect(amounts.getByRole('radio', { name: '20% £16.00' })).toBeVisible();
    await amounts.getByRole('radio', { name: '15% £12.00' }).check();
    expect(await axeViolations(page, '[data-tip-panel]')).toEqual([]);
    await panel.getByRole('radio', { name: 'A new card' }).check();
    await panel.getByLabel('Card number').fill(CARDS.ok);
    await panel.getByLabel('Expiry date').fill('12/30');
    await panel.getByLabel('Security code (CVC)').fill('123');
    await panel.getByRole('button', { name: 'Pay £12.00' }).click();
    await expect(past.getByRole('status').getByText('You tipped £12.00. Thank you!')).toBeVisible();
    // The server's view of the appointment carries it too.
    const listed = await page.request.get('/api/me/appointments');
    const { past: pastOnServer } = (await listed.json()) as {
      past: { id: string; tip: unknown }[];
    };
    expect(pastOnServer.find((appointment) => appointment.id === finished)?.tip).toMatchObject({
      amountPence: 1200,
      status: 'paid',
    });

    // A review, rated with the keyboard on the review page.
    await past.getByRole('link', { name: 'Rate this treatment' }).click();
    await expect(page).toHaveURL(`/account/appointments/${finished}/review`);
    await expect(page.getByRole('heading', { name: 'How was your treatment?' })).toBeVisible();
    // The stars are a radio group: Tab reaches it, the arrow keys choose.
    const stars = page.getByRole('group', { name: /Your rating/ });
    await stars.getByRole('radio', { name: '1 star', exact: true }).focus();
    await page.keyboard.press('Space');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await expect(stars.getByRole('radio', { name: '4 stars' })).toBeChecked();
    // A thumb needs the whole 44px.
    const starBox = await stars.locator('label').first().boundingBox();
    expect(starBox?.width).toBeGreaterThanOrEqual(44);
    expect(starBox?.height).toBeGreaterThanOrEqual(44);
    const comment = page.getByLabel('Tell others about it (optional)');
    await comment.fill('Lovely, relaxing massage.');
    await expect(page.getByText('25 of 1,000 characters')).toBeVisible();
    expect(await axeViolations(page, 'main')).toEqual([]);
    await page.getByRole('button', { name: 'Send review' }).click();
    const sent = page.getByRole('status').filter({ hasText: 'your review is saved' });
    await expect(sent).toBeVisible();
    await sent.getByRole('link', { name: 'Back to your appointments' }).click();
    const review = past.getByRole('region', { name: 'Your review' });
    await expect(review.getByText('4 stars')).toBeAttached();
    await expect(review.getByText('Lovely, relaxing massage.')).toBeVisible();
    await review.getByRole('link', { name: 'Edit review' }).click();
    await expect(page.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible();

    // The tip's receipt, as the mail viewer shows it.
    await page.goto(`/dev/mail?to=${encodeURIComponent(customer.email)}`);
    await page.getByRole('link', { name: /Thank you for your tip/ }).click();
    const message = page.frameLocator('iframe[title="The email\'s HTML"]');
    await expect(
      message.getByText(`Thank you — your £12.00 tip for ${zoe} has been paid.`, { exact: true }),
    ).toBeVisible();

    // The heart on the profile saves her.
    await page.goto(`/professionals/${world.zoe.username}`);
    await page.getByRole('button', { name: `Save ${zoe} to favourites` }).click();
    const saved = page.getByRole('button', { name: `Remove ${zoe} from favourites` });
    await expect(saved).toHaveAttribute('aria-pressed', 'true');
    await expect(
      page.getByRole('status').filter({ hasText: 'saved to your favourites' }),
    ).toHaveText(`${zoe} saved to your favourites.`);
    const heart = await saved.boundingBox();
    expect(Math.min(heart?.width ?? 0, heart?.height ?? 0)).toBeGreaterThanOrEqual(44);

    // Listed on the account page, with the profile and "Book with …".
    await page.goto('/account');
    const favourites = page.getByRole('list', { name: 'Favourite therapists' });
    await expect(favourites.getByRole('link', { name: world.zoe.name })).toHaveAttribute(
      'href',
      `/professionals/${world.zoe.username}`,
    );
    await expect(favourites.getByRole('link', { name: `Book with ${zoe}` })).toBeVisible();
    expect(await axeViolations(page, 'main')).toEqual([]);

    // "Book again" on the completed booking: its treatments and therapist, at the date step.
    await page.goto('/account/appointments');
    await past.getByRole('button', { name: 'Book again' }).click();
    await expect(page).toHaveURL(new RegExp(`/${world.city.slug}/select-date$`));
    await expect(page.getByText(`Booking with ${world.zoe.name}`)).toBeVisible();
    const selection = await page.evaluate(() => localStorage.getItem('glow.booking') ?? '');
    expect(JSON.parse(selection)).toMatchObject({
      state: {
        selectedLocation: world.city.slug,
        selectedTreatments: ['swedish-massage-60', 'hot-stones'],
        preferredTherapist: { id: world.zoe.id, username: world.zoe.username },
      },
    });

    // With anyone, the favourite comes first; removed from the card, the usual order is back.
    await page.getByRole('button', { name: 'Book with anyone' }).click();
    await page.getByRole('button', { name: dayLabel(ukDate(2)), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${world.city.slug}/select-therapist$`));
    await expect.poll(() => cardNames(page)).toEqual([world.zoe.name, world.aaron.name]);
    await page.getByRole('button', { name: `Remove ${zoe} from favourites` }).click();
    await expect(page.getByRole('button', { name: `Save ${zoe} to favourites` })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect.poll(() => cardNames(page)).toEqual([world.aaron.name, world.zoe.name]);

    // Zoe leaves: "Book again" says so, and books the same treatments with anyone.
    await world.zoeLeaves();
    await page.goto('/account/appointments');
    await past.getByRole('button', { name: 'Book again' }).click();
    await expect(page.getByText(`${zoe} is not taking bookings at the moment.`)).toBeVisible();
    expect(await axeViolations(page, 'main')).toEqual([]);
    await page.getByRole('button', { name: 'Book the same treatments with anyone' }).click();
    await expect(page).toHaveURL(new RegExp(`/${world.city.slug}/select-date$`));
    await expect(page.getByText(/^Booking with/)).toHaveCount(0);
  } finally {
    // The account goes, and its appointments, review and favourites with it (the city and the
    // therapists are this test's own, and go with the run's database).
    await deleteAccount(page.request, customer);
  }
});
