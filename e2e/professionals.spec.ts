import { expect, test } from './fixtures';
import { createBookingWorld, dayLabel, ukDate } from './booking-support';
import { E2E_INTERNAL_API_TOKEN } from './env';
import { acceptCookiesUpFront } from './support';

test.beforeEach(async ({ context }) => {
  await acceptCookiesUpFront(context);
});

test(
  'a therapist offered for a time has a profile whose "Book with {name}" puts their times first, the others below',
  { tag: '@deep' },
  async ({ page, request }) => {
    const world = await createBookingWorld(request);
    await page.goto(`/${world.city.slug}/select-treatments`);
    await page.getByRole('button', { name: 'Add Swedish Massage (60 min)' }).click();
    await page.getByRole('link', { name: 'Choose a date' }).click();
    await page.getByRole('button', { name: dayLabel(world.day), exact: true }).click();
    await page.getByRole('link', { name: `View profile of ${world.therapist.name}` }).click();

    await expect(page).toHaveURL(new RegExp(`/professionals/${world.therapist.username}$`));
    await expect(page.getByRole('heading', { level: 1, name: world.therapist.name })).toBeVisible();
    await expect(page.getByRole('main').getByText(world.city.name)).toBeVisible();
    const treatments = page.getByRole('region', { name: 'Treatments' });
    const swedish = treatments
      .getByRole('listitem')
      .filter({ hasText: 'Swedish Massage (60 min)' });
    await expect(swedish).toContainText('£65.00');
    await expect(swedish).toContainText('1 hr');
    // Add-ons come with their parent while booking; they are not treatments of their own here.
    await expect(treatments.getByText('Hot Stones')).toHaveCount(0);
    await expect(page.getByText(/start from £23\.00 \(minimum spend\)/)).toBeVisible();

    // "Book with {name}" chooses that therapist, keeping the basket.
    await page.getByRole('link', { name: `Book with ${world.therapist.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/${world.city.slug}/select-treatments$`));
    await expect(page.getByText(`Booking with ${world.therapist.name}`)).toBeVisible();
    await expect(
      page.getByRole('button', { name: 'Remove Swedish Massage (60 min)' }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Choose a date' }).click();
    await page.getByRole('button', { name: dayLabel(world.day), exact: true }).click();

    // The chosen therapist's card comes before every other card; the others follow under a heading.
    const cards = page.getByRole('main').getByRole('listitem').getByRole('heading', { level: 2 });
    await expect(cards.first()).toHaveText(world.therapist.name);
    const chosen = page.getByRole('region', { name: 'Your chosen therapist' });
    await expect(
      chosen
        .getByRole('button', { name: new RegExp(`^\\d\\d:\\d\\d with ${world.therapist.name}$`) })
        .first(),
    ).toBeVisible();
    const others = page.getByRole('region', { name: 'Other therapists free that day' });
    await expect(others.getByRole('heading', { name: world.pricey.name })).toBeVisible();

    // "Book with anyone" puts everyone back in the server's order, under no headings.
    await page.getByRole('button', { name: 'Book with anyone' }).click();
    await expect(page.getByRole('region', { name: 'Other therapists free that day' })).toHaveCount(
      0,
    );
    await expect(page.getByRole('heading', { name: world.pricey.name })).toBeVisible();
  },
);

test(
  '"Book with {name}" shows only their treatments and free days, and what they cannot take',
  { tag: '@deep' },
  async ({ page, request }) => {
    const world = await createBookingWorld(request);
    // Fern does deep tissue only, and is free on the world's day alone (the others all week).
    const fern = {
      id: `${world.therapist.id}-fern`,
      name: 'Fern Lowe',
      username: `fern-${world.therapist.id.slice(-8)}`,
    };
    const imported = await request.post('/api/internal/catalogue', {
      headers: { Authorization: `Bearer ${E2E_INTERNAL_API_TOKEN}` },
      data: {
        therapists: [
          {
            ...fern,
            active: true,
            paymentsConnected: true,
            area: world.city.slug,
            serviceIds: ['deep-tissue-massage-60'],
            availability: [{ start: `${world.day}T08:00:00Z`, end: `${world.day}T20:00:00Z` }],
          },
        ],
      },
    });
    expect(imported.status(), await imported.text()).toBe(200);

    // A basket started before choosing her, with something she does not offer.
    await page.goto(`/${world.city.slug}/select-treatments`);
    await page.getByRole('button', { name: 'Add Swedish Massage (60 min)' }).click();
    await page.goto(`/professionals/${fern.username}`);
    await page.getByRole('link', { name: 'Book with Fern Lowe' }).click();
    await expect(page.getByText('Fern does not offer Swedish Massage (60 min)')).toBeVisible();
    // Not in her list: only the note's button can take it out of the basket.
    await expect(page.locator('[data-pick="swedish-massage-60"]')).toHaveCount(0);
    await expect(
      page.getByRole('button', { name: 'Add Deep Tissue Massage (60 min)' }),
    ).toBeVisible();

    // The date step says so too, with what she does offer.
    await page.getByRole('link', { name: 'Choose a date' }).click();
    await expect(page.getByText('Fern does not offer Swedish Massage (60 min).')).toBeVisible();
    await expect(page.getByText('Fern offers Deep Tissue Massage (60 min).')).toBeVisible();
    await page.getByRole('link', { name: 'Change treatments' }).click();

    await page.getByRole('button', { name: 'Remove Swedish Massage (60 min)' }).click();
    await page.getByRole('button', { name: 'Add Deep Tissue Massage (60 min)' }).click();
    await page.getByRole('link', { name: 'Choose a date' }).click();
    // Her day only; with anyone, the next day is free too.
    const herDay = page.locator(`[data-date="${world.day}"]`);
    const nextDay = page.locator(`[data-date="${ukDate(3)}"]`);
    await expect(page.getByText('only the days Fern is free are shown')).toBeVisible();
    await expect(herDay).not.toHaveAttribute('aria-disabled');
    await expect(nextDay).toHaveAttribute('aria-disabled', 'true');
    await page.getByRole('button', { name: 'Book with anyone' }).click();
    await expect(nextDay).not.toHaveAttribute('aria-disabled');
  },
);

test(
  'the list shows bookable demo professionals, filters by city and opens a profile',
  { tag: '@deep' },
  async ({ page }) => {
    await page.goto('/professionals');
    await expect(page.getByRole('heading', { level: 1, name: 'Our professionals' })).toBeVisible();
    const list = page.getByRole('main').getByRole('list').last();
    await expect(list.getByRole('link', { name: 'Isla Mackenzie' })).toBeVisible();
    await expect(list.getByRole('link', { name: 'Gemma Robson' })).toBeVisible();
    // Demo therapists customers cannot book: inactive (Fiona) and without payments (Hamish).
    await expect(page.getByText('Fiona Stewart')).toHaveCount(0);
    await expect(page.getByText('Hamish Grant')).toHaveCount(0);

    const filter = page.getByRole('group', { name: 'Filter by city' });
    await filter.getByRole('button', { name: 'Newcastle', exact: true }).click();
    await expect(filter.getByRole('button', { name: 'Newcastle', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByRole('link', { name: 'Gemma Robson' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Isla Mackenzie' })).toHaveCount(0);
    await filter.getByRole('button', { name: 'Edinburgh', exact: true }).click();
    await page.getByRole('link', { name: 'Isla Mackenzie' }).click();

    await expect(page).toHaveURL(/\/professionals\/isla$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Isla Mackenzie' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'About Isla' })).toBeVisible();
    await expect(page.getByText(/massage therapist for twelve years/)).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Treatments' }).getByText('Swedish Massage (60 min)'),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Book with Isla Mackenzie' }).click();
    await expect(page).toHaveURL(/\/edinburgh\/select-treatments$/);
    await page.goBack();
    await page.getByRole('link', { name: 'All professionals' }).click();
    await expect(page).toHaveURL(/\/professionals$/);
  },
);

test(
  'unknown and hidden professionals show the not-found page',
  { tag: '@deep' },
  async ({ page }) => {
    for (const username of ['nobody-by-this-name', 'fiona']) {
      await page.goto(`/professionals/${username}`);
      await expect(page.getByText(`Page not found: /professionals/${username}`)).toBeVisible();
      await expect(
        page.getByText("It looks like the page that you are looking for doesn't exist"),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: 'Go to the booking system' })).toBeVisible();
    }
  },
);
