import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { saveAddress, signedInCustomer } from './auth-support';
import {
  bookThroughApi,
  cancelBooking,
  createTravelWorld,
  dayLabel,
  ukInstant,
  type TravelWorld,
} from './booking-support';
import { acceptCookiesUpFront, axe } from './support';

// Therapists travel between homes (docs/decisions/0077): the booking steps ask where the treatment
// will be and offer only the times the therapist can get there by. Each test's world has a
// therapist based in Leith (EH6) with another customer's confirmed booking there at 09:45, the
// first of the day; the times just after it depend on how far the next address is. The phone's
// accessibility walk checks the booking steps' layout, the postcode question included; what the
// times are is the same at any size.

const NEAR = 'EH6 5AA'; // Leith, where the other booking is
const FAR = 'EH30 9AA'; // South Queensferry, across town
/** A UK postcode of the right shape whose district is in no table of ours. */
const UNKNOWN = 'EH50 1AA';
/** The other customer's booking: 09:45 for an hour, with the 15 minutes' turnaround to 11:00. */
const BOOKED_AT = '09:45';
const BOOKING_ENDS = '11:00';

test.beforeEach(async ({ context }) => {
  await acceptCookiesUpFront(context);
});

/** Another customer's confirmed booking in Leith; cancelled again by `cancel`. */
async function bookLeith(request: APIRequestContext, world: TravelWorld) {
  const id = await bookThroughApi(request, {
    city: world.city.slug,
    therapistId: world.therapist.id,
    startsAt: ukInstant(world.day, BOOKED_AT),
    postcode: 'EH6 8RA',
  });
  return {
    // As other specs leave their data: the run's own data folder goes with the run; the booking
    // is cancelled so the therapist's day is as it was.
    cancel: () => cancelBooking(request, id),
  };
}

const therapistCard = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });

/** Every start time offered with the therapist, "HH:MM", the ones behind "Show more" included. */
async function timesWith(page: Page, name: string): Promise<string[]> {
  const card = therapistCard(page, name);
  await expect(card).toBeVisible();
  const more = card.getByRole('button', { name: /^Show \d+ more times?/ });
  if (await more.isVisible()) await more.click();
  const buttons = card.getByRole('button', { name: new RegExp(`^\\d\\d:\\d\\d with ${name}$`) });
  return (await buttons.allTextContents()).map((t) => t.trim());
}

async function expectNoAxeViolations(page: Page, what: string) {
  const { violations } = await axe(page).analyze();
  expect(
    violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target).join(' | ')}`),
    `axe on ${what}`,
  ).toEqual([]);
}

/** The question, open: on the first step, or after "Change". */
const placeQuestion = (page: Page) =>
  page.getByRole('region', { name: 'Where will your treatment be?' });

async function changePostcode(page: Page, postcode: string) {
  await page.getByRole('button', { name: 'Change where the treatment will be' }).click();
  const field = placeQuestion(page).getByLabel('Postcode');
  await expect(field).toBeFocused();
  await field.fill(postcode);
  await placeQuestion(page).getByRole('button', { name: 'Use this postcode' }).click();
}

test(
  'the times follow the postcode: near the last booking, across town, and an unknown district',
  { tag: '@deep' },
  async ({ page, request }) => {
    const world = await createTravelWorld(request);
    const leith = await bookLeith(request, world);
    try {
      // The first step asks where, before anything is chosen; the browser checks the shape.
      await page.goto(`/${world.city.slug}/select-treatments`);
      const question = placeQuestion(page);
      await question.getByLabel('Postcode').fill('not a postcode');
      await question.getByRole('button', { name: 'Use this postcode' }).click();
      await expect(question.getByLabel('Postcode')).toHaveAccessibleDescription(
        'Enter a UK postcode, like EH6 5AA',
      );
      await expectNoAxeViolations(page, 'the first step asking where');
      await question.getByLabel('Postcode').fill(NEAR.toLowerCase());
      await question.getByRole('button', { name: 'Use this postcode' }).click();
      await expect(page.getByText(`At ${NEAR}`)).toBeVisible();
      await expect(placeQuestion(page)).toHaveCount(0);

      await page.getByRole('button', { name: 'Add Swedish Massage (60 min)' }).click();
      await page.getByRole('link', { name: 'Choose a date' }).click();
      await expect(page.getByText(`At ${NEAR}`)).toBeVisible();
      await page.getByRole('button', { name: dayLabel(world.day), exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/${world.city.slug}/select-therapist$`));
      await expect(page.getByText(`At ${NEAR}`)).toBeVisible();

      // Near Leith: the first time after the booking is a short hop away.
      const near = await timesWith(page, world.therapist.name);
      const firstNear = near.find((t) => t >= BOOKING_ENDS);
      expect(firstNear, `times near Leith: ${near.join(' ')}`).toBeDefined();
      // The Leith-only therapist comes to Leith.
      await expect(therapistCard(page, world.leithOnly.name)).toBeVisible();

      // Across town: that time cannot be reached any more, and the card says why.
      await changePostcode(page, FAR);
      await expect(page.getByText(`At ${FAR}`)).toBeVisible();
      const card = therapistCard(page, world.therapist.name);
      await expect(card.getByText(/is with another customer .*until/)).toBeVisible();
      const far = await timesWith(page, world.therapist.name);
      expect(far, `times across town: ${far.join(' ')}`).not.toContain(firstNear);
      const firstFar = far.find((t) => t >= BOOKING_ENDS) ?? '';
      expect(firstFar > (firstNear ?? '')).toBe(true);
      await expect(card.getByText(new RegExp(`can be with you is ${firstFar}`))).toBeVisible();
      // The one who only works in Leith is counted, not named.
      await expect(therapistCard(page, world.leithOnly.name)).toHaveCount(0);
      await expect(
        page.getByText("1 more therapist is free that day but can't reach EH30."),
      ).toBeVisible();
      await expectNoAxeViolations(page, 'select-therapist with a travel note');

      // Remembered with the rest of the selection.
      await page.reload();
      await expect(page.getByText(`At ${FAR}`)).toBeVisible();

      // A district we do not know: the server's words at the field, the list left as it was.
      await changePostcode(page, UNKNOWN);
      const field = placeQuestion(page).getByLabel('Postcode');
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(/EH50/);
      await expect(field).toBeFocused();
      await expect(therapistCard(page, world.therapist.name)).toBeVisible();
      await expectNoAxeViolations(page, 'the postcode refused at its field');
      await placeQuestion(page).getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByText(`At ${FAR}`)).toBeVisible();
    } finally {
      await leith.cancel();
    }
  },
);

test(
  'checkout starts with the address the times were checked for; one elsewhere is checked by the hold, which offers the nearest times',
  { tag: '@deep' },
  async ({ page, request }) => {
    const world = await createTravelWorld(request);
    const leith = await bookLeith(request, world);
    try {
      await signedInCustomer(page); // 12 Test Street, EH1 1AA
      // A second address, across town and the default: checkout must not start with it.
      await saveAddress(page.request, {
        line1: '1 Harbour Lane',
        town: 'South Queensferry',
        postcode: FAR,
        isDefault: true,
      });

      // Signed in: the first step offers the saved addresses.
      await page.goto(`/${world.city.slug}/select-treatments`);
      // The default address is offered first; the customer picks the other.
      await expect(
        placeQuestion(page).getByRole('radio', { name: `1 Harbour Lane, ${FAR}` }),
      ).toBeChecked();
      await expectNoAxeViolations(page, 'the saved addresses on the first step');
      await placeQuestion(page).getByRole('radio', { name: '12 Test Street, EH1 1AA' }).check();
      await placeQuestion(page).getByRole('button', { name: 'Choose this address' }).click();
      await expect(page.getByText('At EH1 1AA')).toBeVisible();

      await page.getByRole('button', { name: 'Add Swedish Massage (60 min)' }).click();
      await page.getByRole('link', { name: 'Choose a date' }).click();
      await page.getByRole('button', { name: dayLabel(world.day), exact: true }).click();
      const times = await timesWith(page, world.therapist.name);
      const time = times.find((t) => t >= BOOKING_ENDS) ?? '';
      await therapistCard(page, world.therapist.name)
        .getByRole('button', { name: `${time} with ${world.therapist.name}`, exact: true })
        .click();
      await expect(page).toHaveURL(new RegExp(`/${world.city.slug}/confirm-booking$`));

      const ours = page.getByRole('radio', { name: /12 Test Street, Edinburgh, EH1 1AA/ });
      await expect(ours).toBeChecked();
      await expect(page.getByText(/checked for/)).toHaveCount(0);
      await page
        .getByRole('radio', { name: /1 Harbour Lane, South Queensferry, EH30 9AA/ })
        .check();
      await expect(
        page.getByText(
          `Your times were checked for EH1 1AA. We'll check this time for ${FAR} when we hold it.`,
        ),
      ).toBeVisible();

      // Too soon after Leith to get to South Queensferry: the server's words and its nearest times.
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      const refusal = page.getByRole('alert').filter({ hasText: 'can no longer reach you' });
      await expect(refusal).toBeVisible();
      const nearest = refusal.getByRole('button', { name: /^\d\d:\d\d instead/ });
      await expect(nearest.first()).toBeVisible();
      await expectNoAxeViolations(page, 'the nearest times offered at checkout');
      const chosen = ((await nearest.first().textContent()) ?? '').slice(0, 5);
      await nearest.first().click();

      // Chosen and held: on to payment as usual.
      const payment = page.getByRole('region', { name: 'Payment' });
      await expect(payment.getByRole('timer')).toBeVisible();
      await expect(
        page.getByRole('complementary').getByText(new RegExp(`, ${chosen} to \\d\\d:\\d\\d`)),
      ).toBeVisible();
      await expect(page.getByRole('complementary').getByText(new RegExp(FAR))).toBeVisible();
    } finally {
      await leith.cancel();
    }
  },
);
