import { expect, test, type CDPSession, type Page } from './fixtures';
import {
  matchWebRoute,
  WEB_ROUTE_PATTERNS,
  type WebRoutePattern,
} from '../src/contract/web-routes';
import { signedInCustomer } from './auth-support';
import {
  bookAndFinish,
  CARDS,
  chooseFirstSlot,
  createBookingWorld,
  payWithNewCard,
  ukDate,
  ukInstant,
  type BookingWorld,
} from './booking-support';
import { sameOrigin } from './app-url';
import { E2E_DEEP } from './env';
import { acceptCookiesUpFront, axe } from './support';

// Issue 13: every page of docs/product.md#pages, signed out and signed in, in a real state (a
// basket on the booking steps, a held payment on the bank page, a saved address to edit, an
// appointment to tip and rate, a favourite therapist), and the test fails if a route in
// src/contract/web-routes.ts has no check, so a new page cannot slip past.
//
// What is checked depends on the project (decision 0097):
// - desktop: axe's full rule set (WCAG 2.x A and AA and its best practices), zero violations;
// - mobile: only what a small touch screen changes. The rest of axe's rules read the markup, the
//   same at any size, so scanning it again on the phone found nothing the desktop had not. In
//   `npm test` the phone walks one page of each layout (PHONE_SAMPLE) and its signed-in walk
//   waits for `npm run test:deep`, which walks every page on both.

// The two walks are the longest tests of a project: in parallel mode each may take a worker of
// its own, so neither waits for the other at the end of a run (decision 0094).
test.describe.configure({ mode: 'parallel' });

/** axe's rules whose outcome depends on the viewport or a touch screen. */
const LAYOUT_RULES = [
  'color-contrast', // text over a background that moves or wraps differently on a narrow screen
  'target-size', // controls closer together, or smaller, on a phone
  'meta-viewport', // zooming allowed
  'meta-viewport-large',
  'scrollable-region-focusable', // regions that only scroll at a small width
];

/**
 * The phone's walk in `npm test`: one page of each layout (a landing page, a form, a list, a
 * profile, a long text, an account page), where the deep run takes every page. Pages of one
 * layout share their components, so what the narrow screen breaks shows on any of them.
 */
const PHONE_SAMPLE: readonly WebRoutePattern[] = [
  '/',
  '/login',
  '/:city',
  '/professionals',
  '/professionals/:username',
  '/cookie-policy',
  '/account',
];

/** Enough for every page's tab stops; a page with more stops is checked up to here. */
const MAX_TAB_STOPS = 80;
/** Tab presses sent at once, before a look at whether the focus has come round. */
const PRESSES_A_LOOK = 10;

interface TabLog {
  seen: WeakSet<Element>;
  /** Tab stops that showed no focus. */
  missing: string[];
  /** The focus came back to a stop it had been on: the page has been tabbed through. */
  round: boolean;
}

/**
 * Tabs through the page from its start, as a keyboard user would, and answers the tab stops that
 * showed no focus: neither an outline nor a box shadow (the app's focus rings are one or the
 * other) on the element, its ::before or ::after, or, for an input drawn as its label, on the
 * label. Each stop is looked at as it takes the focus, by a listener in the page, so the key
 * presses can be sent ten at a time, through the browser's own input (CDP), without a round trip
 * each: one at a time, they were most of the phone walk's time.
 */
async function stopsWithoutVisibleFocus(page: Page, cdp: CDPSession): Promise<string[]> {
  await page.evaluate(() => {
    const log: TabLog = { seen: new WeakSet(), missing: [], round: false };
    const transparent = (colour: string) =>
      colour === 'transparent' || /rgba\(.*,\s*0\)$/.test(colour);
    const ringed = (box: Element, pseudo?: string) => {
      const style = getComputedStyle(box, pseudo);
      const outline =
        style.outlineStyle !== 'none' &&
        parseFloat(style.outlineWidth) > 0 &&
        !transparent(style.outlineColor);
      return outline || style.boxShadow !== 'none';
    };
    // A link stretched over its card draws the ring on the card's outline, its ::after.
    const shows = (box: Element) =>
      ringed(box) || ringed(box, '::after') || ringed(box, '::before');
    const onFocus = (event: FocusEvent) => {
      const el = event.target;
      if (!(el instanceof Element) || el.id === 'e2e-tab-start') return;
      if (log.seen.has(el)) {
        log.round = true;
        return;
      }
      log.seen.add(el);
      // A radio or file input drawn as its label (a tile, a button) shows its focus there.
      const labels = el instanceof HTMLInputElement ? [...(el.labels ?? [])] : [];
      if ([el, ...labels].some(shows)) return;
      const name = el.getAttribute('aria-label') ?? (labels[0]?.textContent || el.textContent);
      log.missing.push(`${el.tagName.toLowerCase()} "${(name ?? '').trim().slice(0, 40)}"`);
    };
    document.addEventListener('focusin', onFocus);
    Object.assign(window, {
      e2eTabLog: log,
      e2eTabStop: () => document.removeEventListener('focusin', onFocus),
    });
    // From the top: a stand-in at the start of the page takes the focus, so the first Tab goes
    // to the first stop whatever was focused before.
    const start = document.createElement('span');
    start.id = 'e2e-tab-start';
    start.tabIndex = -1;
    document.body.prepend(start);
    start.focus();
  });
  const cameRound = () =>
    page.evaluate(() => (window as unknown as { e2eTabLog: TabLog }).e2eTabLog.round);
  // A focused element replaced as it takes the focus leaves the focus on the page's body; the
  // next Tab goes on from where it was, so that is not taken for the end of the page.
  const key = { key: 'Tab', code: 'Tab', windowsVirtualKeyCode: 9 };
  const press = () => [
    cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...key }),
    cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key }),
  ];
  for (let pressed = 0; pressed < MAX_TAB_STOPS; pressed += PRESSES_A_LOOK) {
    // In order: the browser handles its input events one after another.
    await Promise.all(Array.from({ length: PRESSES_A_LOOK }, press).flat());
    if (await cameRound()) break;
  }
  return page.evaluate(() => {
    const { e2eTabLog, e2eTabStop } = window as unknown as {
      e2eTabLog: TabLog;
      e2eTabStop: () => void;
    };
    e2eTabStop();
    document.getElementById('e2e-tab-start')?.remove();
    return e2eTabLog.missing;
  });
}

/**
 * On a fresh page the first Tab reaches "Skip to content", and Enter takes the focus to the main
 * content, past the header's links.
 */
async function expectSkipLinkFirst(page: Page, path: string) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' }), path).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main'), path).toBeFocused();
}

/** The checks of the walk, and which routes it has checked so far. */
class Walk {
  readonly seen = new Set<WebRoutePattern>();
  private cdp: CDPSession | undefined;

  /**
   * @param layoutOnly the phone's checks (see above) instead of axe's full rule set
   * @param skipLinkOn pages of each kind (home, city, list, legal text, sign-in) whose skip link
   *   is tried as well, once, by the desktop's visitor
   */
  constructor(
    private readonly page: Page,
    private readonly layoutOnly: boolean,
    private readonly skipLinkOn: readonly string[] = [],
    /** Visit only pages of these routes (the booking steps, reached by choosing, are checked). */
    private readonly only?: readonly WebRoutePattern[],
  ) {}

  /** Checks the page once it has settled, and notes which route of the table it was. */
  async check(path = this.page.url()) {
    const page = this.page;
    // Settled: no request in flight (a redirect's next page included) and no loading bar.
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('progressbar', { name: 'Loading' })).toHaveCount(0);
    const { pathname } = new URL(path, page.url());
    const builder = this.layoutOnly ? axe(page).withRules(LAYOUT_RULES) : axe(page);
    const { violations } = await builder.analyze();
    // Soft: the walk goes on, so one run reports every page's findings, and fails at its end.
    expect
      .soft(
        violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target).join(' | ')}`),
        `axe on ${pathname}`,
      )
      .toEqual([]);
    if (this.layoutOnly) {
      // Reflow (WCAG 1.4.10): nothing wider than the screen, so nobody scrolls sideways to read.
      const widths = await page.evaluate(() => ({
        content: document.documentElement.scrollWidth,
        screen: window.innerWidth,
      }));
      expect.soft(widths.content, `the width of ${pathname}`).toBeLessThanOrEqual(widths.screen);
      this.cdp ??= await page.context().newCDPSession(page);
      const unseen = await stopsWithoutVisibleFocus(page, this.cdp);
      expect.soft(unseen, `focus visible on ${pathname}`).toEqual([]);
    }
    const route = matchWebRoute(pathname);
    if (route) this.seen.add(route.pattern);
  }

  async visit(path: string) {
    const route = matchWebRoute(new URL(path, 'http://x').pathname);
    if (this.only && !(route && this.only.includes(route.pattern))) return;
    await this.page.goto(path);
    await this.check(path);
    if (this.skipLinkOn.includes(path)) await expectSkipLinkFirst(this.page, path);
  }

  unchecked(): WebRoutePattern[] {
    const expected = this.only ?? WEB_ROUTE_PATTERNS;
    return expected.filter((pattern) => !this.seen.has(pattern));
  }
}

/**
 * Pages that show a signed-in customer nothing of their own: the same content as for a visitor,
 * under the header, which the signed-in walk checks on every page it visits. The visitor's walk
 * covers them; checking them twice only doubled the time (decision 0075).
 */
const SAME_SIGNED_IN: readonly WebRoutePattern[] = [
  '/login',
  '/authorisation/password-reset',
  '/professionals',
  '/professionals/:username',
  '/cookie-policy',
  '/privacy-policy',
  '/terms-of-service',
  '/cancellation-policy',
];

/** The public pages: all of them for a visitor; for a customer, those that can differ. */
async function checkPublicPages(walk: Walk, world: BookingWorld, who: 'visitor' | 'customer') {
  const paths = [
    '/',
    '/login',
    '/gift-cards',
    '/authorisation/password-reset?token=not-a-real-token',
    `/${world.city.slug}`,
    '/professionals',
    `/professionals/${world.therapist.username}`,
    '/cookie-policy',
    '/privacy-policy',
    '/terms-of-service',
    '/cancellation-policy',
    '/no-such-page',
  ];
  for (const path of paths) {
    const route = matchWebRoute(path.split('?')[0] ?? path);
    const skip = who === 'customer' && (!route || SAME_SIGNED_IN.includes(route.pattern));
    if (!skip) await walk.visit(path);
  }
}

/** The four booking steps, each with what the customer chose on the one before; ends on confirm. */
async function checkBookingSteps(page: Page, walk: Walk, world: BookingWorld) {
  await chooseFirstSlot(page, world);
  await walk.check();
  await page.goBack();
  await expect(page).toHaveURL(/\/select-therapist$/);
  await walk.check();
  await page.goBack();
  await expect(page).toHaveURL(/\/select-date$/);
  await walk.check();
  await page.goBack();
  await expect(page).toHaveURL(/\/select-treatments$/);
  await walk.check();
  // Forward again: the basket, day and time are still chosen.
  for (let step = 0; step < 3; step++) await page.goForward();
  await expect(page).toHaveURL(/\/confirm-booking$/);
}

test('every page passes the accessibility checks for a visitor who is not signed in', async ({
  page,
  request,
  isMobile,
}) => {
  // The limit stops a hung walk, it does not time one: some forty pages, each drawn and checked,
  // took 1.8-2.1 minutes beside the other browsers on a busy 2-core machine (decision 0082).
  test.setTimeout(300_000);
  const world = await createBookingWorld(request);
  const skipLinkOn = ['/', `/${world.city.slug}`, '/professionals', '/cookie-policy', '/login'];
  const sample = isMobile && !E2E_DEEP ? PHONE_SAMPLE : undefined;
  const walk = new Walk(page, isMobile, isMobile ? [] : skipLinkOn, sample);

  // The cookie banner comes up after two seconds for someone who has not chosen yet.
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Accept' })).toBeVisible();
  await walk.check();
  await page.getByRole('button', { name: 'Accept' }).click();

  await checkPublicPages(walk, world, 'visitor');
  // The sign-up form with every field refused: the messages tied to their inputs.
  await page.goto('/login');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');
  await walk.check();

  if (!isMobile) {
    // The walk reaches the booking steps by choosing, not afresh: a booking step's skip link.
    await page.goto(`/${world.city.slug}/select-treatments`);
    await expectSkipLinkFirst(page, 'a booking step');
  }
  await checkBookingSteps(page, walk, world);
  // Without a session these ask the visitor to sign in first; that is what gets checked.
  for (const path of [
    '/account',
    '/account/addresses',
    '/account/addresses/new',
    '/account/addresses/00000000-0000-4000-8000-000000000000/edit',
    '/account/wallet',
    '/account/appointments',
    '/account/appointments/00000000-0000-4000-8000-000000000000/review',
    '/authorisation/confirm',
  ])
    await walk.visit(path);

  expect(walk.unchecked()).toEqual([]);
});

test(
  'every page passes the accessibility checks for a signed-in customer, bank page, past appointments and favourites included',
  { tag: '@phone-deep' },
  async ({ page, request, context, isMobile }) => {
    // As above: a limit for a hung walk, twice what a slow, busy machine needs.
    test.setTimeout(300_000);
    const walk = new Walk(page, isMobile);
    await acceptCookiesUpFront(context);
    const world = await createBookingWorld(request);
    await signedInCustomer(page);
    // Made through the API, as the pages show them: a treatment that has taken place (to tip and
    // rate, and book again), and its therapist saved as a favourite.
    const finished = await bookAndFinish(page.request, {
      city: world.city.slug,
      therapistId: world.therapist.id,
      startsAt: ukInstant(ukDate(1), '10:00'),
    });
    const saved = await page.request.put(`/api/me/favourites/${world.therapist.id}`, {
      headers: sameOrigin(),
    });
    expect(saved.status(), await saved.text()).toBe(204);

    await checkPublicPages(walk, world, 'customer');
    await checkBookingSteps(page, walk, world);

    await page.goto('/account/addresses');
    await expect(page.getByText('12 Test Street').first()).toBeVisible();
    await walk.check();
    await page.getByRole('link', { name: /^Edit/ }).first().click();
    await expect(page).toHaveURL(/\/account\/addresses\/[^/]+\/edit$/);
    await walk.check();
    await page.goto('/account');
    await expect(page.getByRole('list', { name: 'Favourite therapists' })).toBeVisible();
    await walk.check();
    for (const path of ['/account/addresses/new', '/account/wallet']) await walk.visit(path);

    // A card that asks the bank: the payment waits at /authorisation/confirm.
    // The basket, day and time chosen on the booking steps are still kept.
    await page.goto(`/${world.city.slug}/confirm-booking`);
    await payWithNewCard(page, CARDS.authenticate);
    await expect(page.getByRole('heading', { name: 'Confirm your payment' })).toBeVisible();
    await walk.check();
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByRole('heading', { name: 'Your booking is confirmed' })).toBeVisible();
    await walk.check();

    // Upcoming and past, with the tip form of the past one open.
    await page.goto('/account/appointments');
    const past = page.getByRole('region', { name: 'Past' });
    await past.getByRole('button', { name: /^Add a tip for / }).click();
    await expect(past.getByRole('group', { name: 'Tip amount' })).toBeVisible();
    await walk.check();
    // The review page of the treatment that has taken place, and of one still ahead, which says
    // when rating opens.
    await walk.visit(`/account/appointments/${finished}/review`);
    const appointments = await page.request.get('/api/me/appointments');
    const listed = (await appointments.json()) as { upcoming: { id: string }[] };
    const [upcoming] = listed.upcoming;
    await walk.visit(`/account/appointments/${upcoming?.id ?? 'none'}/review`);

    expect(walk.unchecked().filter((pattern) => !SAME_SIGNED_IN.includes(pattern))).toEqual([]);
  },
);
