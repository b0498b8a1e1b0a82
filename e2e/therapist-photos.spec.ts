import { expect, test, type Locator } from './fixtures';
import sharp from 'sharp';
import { createBookingWorld, dayLabel } from './booking-support';
import { E2E_INTERNAL_API_TOKEN } from './env';
import { acceptCookiesUpFront } from './support';

// Therapists' pictures as a customer sees them: real images that load, in the format the browser
// prefers, the same picture on the profile and when choosing a therapist.

test.beforeEach(async ({ context }) => {
  await acceptCookiesUpFront(context);
});

const auth = { Authorization: `Bearer ${E2E_INTERNAL_API_TOKEN}` };

/** Waits for the image to finish and gives what the browser actually shows. */
async function shown(img: Locator) {
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
    .toBe(true);
  return img.evaluate((el: HTMLImageElement) => ({
    src: el.currentSrc,
    naturalWidth: el.naturalWidth,
  }));
}

test(
  "a demo therapist's profile shows their portrait, a real image in AVIF",
  { tag: '@deep' },
  async ({ page }) => {
    await page.goto('/professionals/isla');
    const photo = page.getByRole('img', { name: 'Photo of Isla Mackenzie' });
    await expect(photo).toBeVisible();
    const { src, naturalWidth } = await shown(photo);
    expect(src).toMatch(/\/media\/therapists\/t-isla\/[a-f0-9]{12}-[a-f0-9]{6}-(192|384)\.avif$/);
    // naturalWidth is in CSS pixels (the srcset's density applied): the 144 px it is shown at.
    expect(naturalWidth).toBe(144);
    await expect(photo).toHaveAttribute('width', '144');
    await expect(photo).toHaveAttribute('height', '144');
  },
);

test(
  'a photo the company uploads shows on the profile and the therapist card, until removed',
  { tag: '@deep' },
  async ({ page, request }) => {
    const world = await createBookingWorld(request);
    const photoPath = `/api/internal/therapists/${world.therapist.id}/photo`;
    const image = await sharp({
      create: { width: 900, height: 1200, channels: 3, background: '#d9467f' },
    })
      .jpeg()
      .toBuffer();
    const uploaded = await request.put(photoPath, {
      headers: { ...auth, 'Content-Type': 'image/jpeg' },
      data: image,
    });
    expect(uploaded.status(), await uploaded.text()).toBe(200);
    const { photoUrl } = (await uploaded.json()) as { photoUrl: string };
    const version = /\/([a-f0-9]{12}-[a-f0-9]{6})-384\.jpg$/.exec(photoUrl)?.[1] ?? 'none';

    try {
      await page.goto(`/professionals/${world.therapist.username}`);
      const profilePhoto = page.getByRole('img', { name: `Photo of ${world.therapist.name}` });
      expect((await shown(profilePhoto)).src).toContain(`/${version}-`);

      await page.goto(`/${world.city.slug}/select-treatments`);
      await page.getByRole('button', { name: 'Add Swedish Massage (60 min)' }).click();
      await page.getByRole('link', { name: 'Choose a date' }).click();
      await page.getByRole('button', { name: dayLabel(world.day), exact: true }).click();
      const card = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: world.therapist.name }) });
      const cardPhoto = card.locator('img').first();
      expect((await shown(cardPhoto)).src).toContain(`/${version}-`);
    } finally {
      const removed = await request.delete(photoPath, { headers: auth });
      expect(removed.status(), await removed.text()).toBe(200);
    }

    // Without the photo: the drawn portrait, still a real image, never a letter.
    await page.goto(`/professionals/${world.therapist.username}`);
    const drawn = page.getByRole('img', { name: `Photo of ${world.therapist.name}` });
    expect((await shown(drawn)).src).toMatch(/\/portrait\.svg$/);
    const old = await request.get(photoUrl);
    expect(old.status()).toBe(404);
  },
);
