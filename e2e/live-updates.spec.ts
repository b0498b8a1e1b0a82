import { randomUUID } from 'node:crypto';
import { expect, test, type BrowserContext, type Page } from './fixtures';
import { signedInCustomer, signInByApi } from './auth-support';
import { createBookingWorld, holdAndPay, recordProgress, ukInstant } from './booking-support';
import { E2E_INTERNAL_API_TOKEN } from './env';
import { sameOrigin } from './app-url';
import { acceptCookiesUpFront, axe } from './support';

// The live channel (docs/decisions/0085): one customer signed in on a phone and on a desktop
// computer at once. Credit granted by customer service reaches the open wallet page on both, and
// the therapist app's steps reach the appointment page, without a reload; deleting the account
// elsewhere signs both out. Both browsers are in this one test, so it runs in the desktop project
// only: the phone is a context of its own with a phone's screen.

const internal = { Authorization: `Bearer ${E2E_INTERNAL_API_TOKEN}` };

/**
 * Counts the live streams that have said `ready`, so a step is taken only once the page is
 * listening: a change made before that is the page's first read, not a live update.
 */
async function countReadyStreams(context: BrowserContext) {
  await context.addInitScript(() => {
    const Native = window.EventSource;
    const counted = window as unknown as { liveReady: number };
    counted.liveReady = 0;
    window.EventSource = class extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        this.addEventListener('ready', () => (counted.liveReady += 1));
      }
    };
  });
}

async function untilListening(page: Page) {
  await page.waitForFunction(
    () => (window as unknown as { liveReady: number }).liveReady > 0,
    undefined,
    { timeout: 10_000 },
  );
}

test('credit and the therapist on the way reach a phone and a computer at once; deleting the account signs both out', async ({
  browser,
  request,
}) => {
  const world = await createBookingWorld(request);
  const therapist = world.therapist.name.split(' ')[0] ?? '';
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    for (const context of [phone, desktop]) {
      await acceptCookiesUpFront(context);
      await countReadyStreams(context);
    }
    const onPhone = await phone.newPage();
    const onDesktop = await desktop.newPage();
    const customer = await signedInCustomer(onDesktop);
    await signInByApi(onPhone.request, customer);
    const bookingId = await holdAndPay(onDesktop.request, {
      city: world.city.slug,
      therapistId: world.therapist.id,
      startsAt: ukInstant(world.day, '10:00'),
    });
    const both = [onPhone, onDesktop];

    // Credit from customer service, on both open wallet pages.
    for (const page of both) {
      await page.goto('/account/wallet');
      await expect(page.getByRole('region', { name: 'Balance' })).toContainText('£0.00');
      await untilListening(page);
    }
    const credit = await request.post(
      `/api/internal/users/${encodeURIComponent(customer.email)}/credit`,
      {
        headers: internal,
        data: {
          amountPence: 1500,
          reason: 'Sorry your last treatment started late',
          idempotencyKey: randomUUID(),
        },
      },
    );
    expect(credit.status(), await credit.text()).toBe(200);
    for (const page of both) {
      await expect(
        page.getByRole('region', { name: 'Balance' }).getByText('£15.00', { exact: true }),
      ).toBeVisible({ timeout: 2000 });
      await expect(page.getByText('Sorry your last treatment started late')).toBeVisible();
    }

    // The therapist sets off, then arrives: the appointment follows on both.
    for (const page of both) {
      await page.goto('/account/appointments');
      await expect(page.getByRole('heading', { name: 'Swedish Massage (60 min)' })).toBeVisible();
      await untilListening(page);
    }
    const visit = (page: Page) => page.getByRole('region', { name: 'Your therapist’s visit' });
    await recordProgress(request, bookingId, { status: 'on_the_way', etaMinutes: 12 });
    for (const page of both) {
      await expect(
        visit(page).getByRole('status').getByText(`${therapist} is on the way — about 12 minutes`),
      ).toBeVisible({ timeout: 2000 });
    }
    await recordProgress(request, bookingId, { status: 'arrived' });
    for (const page of both) {
      await expect(
        visit(page).getByRole('status').getByText(`${therapist} has arrived`),
      ).toBeVisible({ timeout: 2000 });
      await expect(visit(page).getByRole('listitem')).toHaveCount(2);
    }
    // The timeline on a phone's screen, where contrast and reflow are tightest.
    const { violations } = await axe(onPhone).include('main article').analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' | ')}`)).toEqual(
      [],
    );

    // Cleaning up: the treatment done (so nothing is upcoming), the account deleted from
    // elsewhere, which ends both tabs' sessions: each signs out by itself.
    await recordProgress(request, bookingId, { status: 'started' });
    await recordProgress(request, bookingId, { status: 'finished' });
    // Each tab keeps what its toasts said: the page may move to the sign-in form and a later
    // message take the toast's place before a look at the screen, which is not what is tested.
    for (const page of both) {
      await page.evaluate(() => {
        const said: string[] = [];
        (window as unknown as { toastsSaid: string[] }).toastsSaid = said;
        new MutationObserver(() => {
          for (const el of document.querySelectorAll('[role="status"], [role="alert"]')) {
            const text = el.textContent ?? '';
            if (text && !said.includes(text)) said.push(text);
          }
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      });
    }
    const deleted = await onDesktop.request.delete('/api/me', {
      headers: sameOrigin(),
      data: { password: customer.password },
    });
    expect(deleted.status(), await deleted.text()).toBe(204);
    for (const page of both) {
      await expect(page).toHaveURL(/\/login\?next=/);
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { toastsSaid: string[] }).toastsSaid))
        .toContainEqual(expect.stringContaining('Logged Out'));
      // Not followed by the missing-record refusal a stale session once brought.
      expect(
        await page.evaluate(() => (window as unknown as { toastsSaid: string[] }).toastsSaid),
      ).not.toContainEqual(expect.stringContaining('Login Error'));
    }
  } finally {
    await phone.close();
    await desktop.close();
  }
});
