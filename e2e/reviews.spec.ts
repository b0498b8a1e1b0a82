import { expect, test } from './fixtures';
import { bookAndFinish, createBookingWorld, signUpInBrowser, ukInstant } from './booking-support';
import { E2E_BASE_URL } from './env';
import { acceptCookiesUpFront, axe } from './support';

// A verified review (docs/decisions/0086), at desktop and phone size: a booking made and paid
// through the API and completed by the therapist app's `finished` step, rated from the past
// appointment with the keyboard on the review page (checked with axe), then shown on the
// appointment with "Edit review".

const origin = { Origin: E2E_BASE_URL };

test.beforeEach(async ({ context }) => {
  await acceptCookiesUpFront(context);
});

test('rates a completed appointment with the keyboard and sees the review on it', async ({
  page,
  request,
}) => {
  const world = await createBookingWorld(request);
  const customer = await signUpInBrowser(page);
  try {
    const id = await bookAndFinish(page.request, {
      city: world.city.slug,
      therapistId: world.therapist.id,
      startsAt: ukInstant(world.day, '10:00'),
    });

    await page.goto('/account/appointments');
    await page
      .getByRole('region', { name: 'Past' })
      .getByRole('link', { name: 'Rate this treatment' })
      .click();
    await expect(page).toHaveURL(`/account/appointments/${id}/review`);
    await expect(page.getByRole('heading', { name: 'How was your treatment?' })).toBeVisible();

    // The stars are a radio group: Tab reaches it, the arrow keys choose.
    const stars = page.getByRole('group', { name: /Your rating/ });
    await stars.getByRole('radio', { name: '1 star', exact: true }).focus();
    await page.keyboard.press('Space');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await expect(stars.getByRole('radio', { name: '4 stars' })).toBeChecked();
    const box = await stars.locator('label').first().boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(44);
    expect(box?.height).toBeGreaterThanOrEqual(44);

    const comment = page.getByLabel('Tell others about it (optional)');
    await comment.fill('Lovely, relaxing massage.');
    await expect(page.getByText('25 of 1,000 characters')).toBeVisible();
    const { violations } = await axe(page).include('main').analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' | ')}`)).toEqual(
      [],
    );

    await page.getByRole('button', { name: 'Send review' }).click();
    const saved = page.getByRole('status').filter({ hasText: 'your review is saved' });
    await expect(saved).toBeVisible();
    await saved.getByRole('link', { name: 'Back to your appointments' }).click();

    const review = page.getByRole('region', { name: 'Past' }).getByRole('region', {
      name: 'Your review',
    });
    await expect(review.getByText('4 stars')).toBeAttached();
    await expect(review.getByText('Lovely, relaxing massage.')).toBeVisible();
    await review.getByRole('link', { name: 'Edit review' }).click();
    await expect(page.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible();
  } finally {
    const deleted = await page.request.delete('/api/me', {
      headers: origin,
      data: { password: customer.password },
    });
    expect(deleted.status(), await deleted.text()).toBe(204);
  }
});
