import { expect, test, type Page } from './fixtures';
import { toast } from './auth-support';
import { CARDS, payWithNewCard, startAtConfirm } from './booking-support';

const banner = (page: Page) => page.getByRole('region', { name: 'We use cookies', exact: true });

test(
  'the banner waits two seconds, and Accept saves the choice for six months',
  { tag: '@deep' },
  async ({ page, context }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    await expect(banner(page)).toBeVisible({ timeout: 5_000 });

    await banner(page).getByRole('button', { name: 'Accept' }).click();
    await expect(banner(page)).toHaveCount(0);

    const cookie = (await context.cookies()).find((c) => c.name === 'lct_cc');
    expect(cookie).toBeDefined();
    expect(cookie?.path).toBe('/');
    expect(cookie?.sameSite).toBe('Lax');
    const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(179);
    expect(days).toBeLessThanOrEqual(180);
    expect(JSON.parse(decodeURIComponent(cookie?.value ?? '{}'))).toMatchObject({
      analytics_storage: 'granted',
      ad_storage: 'granted',
    });

    // Analytics only receive the queued page view once consent is given.
    const events = await page.evaluate(() =>
      (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>).slice(0, 2)),
    );
    expect(events).toContainEqual(['consent', 'default']);
    expect(events).toContainEqual(['consent', 'update']);
    expect(events).toContainEqual(['event', 'page_view']);

    await page.reload();
    await page.waitForTimeout(2_500);
    await expect(banner(page)).toHaveCount(0);
  },
);

test('Decline hides the banner and saves nothing', { tag: '@deep' }, async ({ page, context }) => {
  await page.goto('/');
  await banner(page).getByRole('button', { name: 'Decline' }).click();
  await expect(banner(page)).toHaveCount(0);
  expect((await context.cookies()).find((c) => c.name === 'lct_cc')).toBeUndefined();
  const events = await page.evaluate(() =>
    (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>)[0]),
  );
  expect(events).not.toContain('event');
});

test('the banner is a compact sheet, next after the skip link in the tab order, that hides no primary action', async ({
  page,
  request,
}) => {
  await startAtConfirm(page, request);
  await expect(banner(page)).toBeVisible({ timeout: 5_000 });

  const viewport = page.viewportSize();
  const box = await banner(page).boundingBox();
  expect(box && viewport ? box.height / viewport.height : 1).toBeLessThanOrEqual(0.25);

  // Nothing covers the checkout's next step or the bank page's buttons: a trial click checks
  // that the button itself, not the sheet, would receive it.
  await page.getByRole('button', { name: 'Continue to payment' }).click({ trial: true });
  await payWithNewCard(page, CARDS.authenticate);
  await expect(page.getByRole('heading', { name: 'Confirm your payment' })).toBeVisible();
  await expect(banner(page)).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click({ trial: true });
  await page.getByRole('button', { name: 'Fail' }).click({ trial: true });

  // On a fresh load, Tab reaches the skip link and then the cookie choice, before the page.
  await page.reload();
  await expect(banner(page)).toBeVisible({ timeout: 5_000 });
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(banner(page).locator(':focus')).toHaveCount(1);

  await banner(page).getByRole('button', { name: 'Decline' }).click();
  await expect(banner(page)).toHaveCount(0);
  expect(await page.evaluate(() => document.body.style.paddingBottom)).toBe('');
});

test('a toast never covers the banner’s Accept button', { tag: '@deep' }, async ({ page }) => {
  // A sign-in link that had expired: an error toast, which stays 7 seconds, on the login page.
  await page.goto('/login?error=INVALID_TOKEN');
  const notice = toast(page, 'Link expired');
  await expect(notice).toBeVisible();
  const accept = banner(page).getByRole('button', { name: 'Accept' });
  await expect(accept).toBeVisible({ timeout: 5_000 });
  const [a, t] = await Promise.all([accept.boundingBox(), notice.boundingBox()]);
  if (!a || !t) throw new Error('the Accept button or the toast has no box');
  const apart = a.y >= t.y + t.height || t.y >= a.y + a.height;
  expect(apart || a.x >= t.x + t.width || t.x >= a.x + a.width).toBe(true);
  await expect(notice).toBeVisible();
});
