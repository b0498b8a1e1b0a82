import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { bookAndFinish, dayLabel, signUpInBrowser, ukDate, ukInstant } from './booking-support';
import { E2E_BASE_URL, E2E_INTERNAL_API_TOKEN } from './env';
import { acceptCookiesUpFront, axe } from './support';

// Favourites and "Book again" (docs/decisions/0088), at desktop and phone size: a heart on a
// profile saves a therapist, who is then listed on the account page and first in the therapist
// step; a completed booking's "Book again" lands on the date step with its treatments and
// therapist chosen, and says so in words when the therapist has left.

const internal = { Authorization: `Bearer ${E2E_INTERNAL_API_TOKEN}` };
const origin = { Origin: E2E_BASE_URL };

/** A city of its own with two therapists free all week: Aaron comes first by name, Zoe after. */
async function createWorld(request: APIRequestContext) {
  const id = randomBytes(4).toString('hex');
  const city = { slug: `e2e-fave-${id}`, name: `Faveton ${id}` };
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

async function expectNoAxeViolations(page: Page, selector: string) {
  const { violations } = await axe(page).include(selector).analyze();
  expect(violations, `axe on ${selector}`).toEqual([]);
}

/** The therapist cards' headings, in the order the step lists them. */
const cardNames = (page: Page) =>
  page.getByRole('listitem').getByRole('heading', { level: 2 }).allTextContents();

test('a favourite is saved from the profile, listed on the account and first; "Book again" goes to the date step', async ({
  page,
  request,
  context,
  isMobile,
}) => {
  await acceptCookiesUpFront(context);
  const world = await createWorld(request);
  const zoe = world.zoe.name.split(' ')[0] ?? '';
  const customer = await signUpInBrowser(page);
  // A Swedish massage with hot stones with Zoe, paid, then finished by the therapist app.
  await bookAndFinish(page.request, {
    city: world.city.slug,
    therapistId: world.zoe.id,
    startsAt: ukInstant(ukDate(1), '10:00'),
    treatmentIds: ['swedish-massage-60', 'hot-stones'],
  });

  // The heart on the profile.
  await page.goto(`/professionals/${world.zoe.username}`);
  await page.getByRole('button', { name: `Save ${zoe} to favourites` }).click();
  const saved = page.getByRole('button', { name: `Remove ${zoe} from favourites` });
  await expect(saved).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('status').filter({ hasText: 'saved to your favourites' })).toHaveText(
    `${zoe} saved to your favourites.`,
  );
  // A phone's thumb needs the whole 44px.
  const box = await saved.boundingBox();
  expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(44);

  // Listed on the account page, with the profile and "Book with …".
  await page.goto('/account');
  const favourites = page.getByRole('list', { name: 'Favourite therapists' });
  await expect(favourites.getByRole('link', { name: world.zoe.name })).toHaveAttribute(
    'href',
    `/professionals/${world.zoe.username}`,
  );
  await expect(favourites.getByRole('link', { name: `Book with ${zoe}` })).toBeVisible();
  await expectNoAxeViolations(page, 'main');

  // "Book again" on the completed booking: its treatments and therapist, at the date step.
  await page.goto('/account/appointments');
  await page.getByRole('button', { name: 'Book again' }).click();
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
  // The order is the same code at any size: the phone leaves it to the desktop (decision 0069).
  if (!isMobile) {
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
  }

  // Zoe leaves: "Book again" says so, and books the same treatments with anyone.
  await world.zoeLeaves();
  await page.goto('/account/appointments');
  await page.getByRole('button', { name: 'Book again' }).click();
  await expect(page.getByText(`${zoe} is not taking bookings at the moment.`)).toBeVisible();
  await expectNoAxeViolations(page, 'main');
  await page.getByRole('button', { name: 'Book the same treatments with anyone' }).click();
  await expect(page).toHaveURL(new RegExp(`/${world.city.slug}/select-date$`));
  await expect(page.getByText(/^Booking with/)).toHaveCount(0);

  // The account goes, and its favourites with it (the city and therapists are this test's own).
  const deleted = await page.request.delete('/api/me', {
    headers: origin,
    data: { password: customer.password },
  });
  expect(deleted.status(), await deleted.text()).toBe(204);
});
