import { expect, test } from './fixtures';
import { acceptCookiesUpFront } from './support';
import { createBookingWorld, dayLabel } from './booking-support';

// The booking steps before checkout: what the customer chooses, how the steps keep it, check it
// and clear it. Nobody signs in: none of this asks who the customer is.

test.beforeEach(async ({ context }) => {
  await acceptCookiesUpFront(context);
});

test(
  'add-ons come and go with their treatment and are reported to analytics; later steps need the earlier choices; every "Book" leads to the basket',
  { tag: '@deep' },
  async ({ page, request }) => {
    const world = await createBookingWorld(request);
    await page.goto(`/${world.city.slug}/select-treatments`);
    // Add-ons are offered only under a chosen parent.
    await expect(page.getByRole('button', { name: 'Add Hot Stones' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Add Swedish Massage (60 min)' }).click();
    await page.getByRole('button', { name: 'Add Hot Stones' }).click();
    await expect(
      page.getByRole('button', { name: 'Booking summary, 1 treatment and 1 add-on' }),
    ).toBeVisible();
    // Descriptions are cut at 10 words.
    await expect(
      page.getByText('Long, flowing strokes and gentle kneading ease everyday tension and…'),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Remove Swedish Massage (60 min)' }).click();
    // docs/product.md#the-booking-flow: if only add-ons remain, all are removed.
    await expect(page.getByRole('button', { name: /Booking summary/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Hot Stones/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Choose a date' })).toBeDisabled();

    const events = await page.evaluate(() =>
      (window.dataLayer ?? [])
        .map((entry) => Array.from(entry as ArrayLike<unknown>))
        .filter((args) => args[0] === 'event' && /_cart$/.test(String(args[1])))
        .map((args) => {
          const params = args[2] as { currency: string; items: { item_id: string }[] };
          return {
            name: String(args[1]),
            currency: params.currency,
            items: params.items.map((i) => i.item_id),
          };
        }),
    );
    expect(events).toEqual([
      { name: 'add_to_cart', currency: 'GBP', items: ['swedish-massage-60'] },
      { name: 'add_to_cart', currency: 'GBP', items: ['hot-stones'] },
      {
        name: 'remove_from_cart',
        currency: 'GBP',
        items: expect.arrayContaining(['swedish-massage-60', 'hot-stones']) as unknown as string[],
      },
    ]);

    // A later step opened without the earlier choices sends the customer back.
    await page.goto(`/${world.city.slug}/confirm-booking`);
    await expect(page).toHaveURL(new RegExp(`/${world.city.slug}/select-treatments$`));
    await page.getByRole('button', { name: 'Add Swedish Massage (60 min)' }).click();
    await page.goto(`/${world.city.slug}/select-therapist`);
    await expect(page).toHaveURL(new RegExp(`/${world.city.slug}/select-date$`));
    await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute(
      'href',
      `/${world.city.slug}/select-treatments`,
    );

    // Every "Book now" on the city page goes to the same place; away from the city (a
    // professional's list), the header takes the customer back to the basket.
    await page.goto(`/${world.city.slug}`);
    const target = `/${world.city.slug}/select-treatments`;
    const bookInHeader = page.getByRole('banner').getByRole('link', {
      name: /^Book (now|a treatment)$/,
    });
    await expect(bookInHeader).toHaveAttribute('href', target);
    for (const link of await page.getByRole('main').getByRole('link', { name: /^Book/ }).all()) {
      await expect(link).toHaveAttribute('href', target);
    }
    await page.goto('/professionals');
    await bookInHeader.click();
    await expect(page).toHaveURL(new RegExp(`${target}$`));
    await expect(page.getByRole('button', { name: 'Booking summary, 1 treatment' })).toBeVisible();
  },
);

test(
  'the selection survives a reload and Start again clears it; a therapist below their minimum spend says how much more to add',
  { tag: '@deep' },
  async ({ page, request }) => {
    const world = await createBookingWorld(request);
    await page.goto(`/${world.city.slug}/select-treatments`);
    await page.getByRole('button', { name: 'Add Swedish Massage (60 min)' }).click();
    await page.getByRole('link', { name: 'Choose a date' }).click();
    await page.getByRole('button', { name: dayLabel(world.day), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${world.city.slug}/select-therapist$`));

    // £100.00 minimum, £65.00 chosen.
    const anna = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: world.pricey.name }) });
    await expect(anna.getByText('Add £35.00 to book with Anna')).toBeVisible();
    await expect(anna.getByRole('button', { name: /with/ })).toHaveCount(0);
    await anna.getByRole('link', { name: 'Add treatments' }).click();
    await page.getByRole('button', { name: 'Add Scalp Massage' }).click();
    await page.getByRole('link', { name: 'Choose a date' }).click();
    await page.getByRole('button', { name: dayLabel(world.day), exact: true }).click();
    // £77.00 now: still £23.00 short.
    await expect(anna.getByText('Add £23.00 to book with Anna')).toBeVisible();

    await page.reload();
    await expect(page).toHaveURL(new RegExp(`/${world.city.slug}/select-therapist$`));
    await expect(page.getByText(`On ${dayLabel(world.day)}`)).toBeVisible();
    const bag = page.getByRole('button', { name: 'Booking summary, 1 treatment and 1 add-on' });
    await bag.click();
    const summary = page.getByRole('region', { name: 'Your booking' });
    await expect(summary.getByText('Swedish Massage (60 min)')).toBeVisible();
    await expect(summary.getByText('Scalp Massage')).toBeVisible();
    await expect(summary.getByText('£77.00')).toBeVisible();
    await expect(summary.getByText('1 hr 15 min')).toBeVisible();

    await summary.getByRole('button', { name: 'Start again' }).click();
    await expect(page).toHaveURL(new RegExp(`/${world.city.slug}/select-treatments$`));
    await expect(page.getByRole('button', { name: /Booking summary/ })).toHaveCount(0);
    expect(await page.evaluate(() => window.localStorage.getItem('glow.booking'))).toBeNull();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Add Swedish Massage (60 min)' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Booking summary/ })).toHaveCount(0);
  },
);
