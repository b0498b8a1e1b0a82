import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  newCustomer,
  saveAddress,
  signedInCustomer,
  signInByApi,
  signUpByApi,
} from './auth-support';
import { E2E_INTERNAL_API_TOKEN } from './env';
import { sameOrigin } from './app-url';
import { UK_TIME_ZONE } from '../src/domain/constants';
import { localToInstant } from '../src/domain/uk-time';

// Helpers for the booking specs. Each test gets a city of its own with its own therapists and
// availability, so the slots one test books are never the ones another test expects to be free.

const DAY_MS = 24 * 60 * 60 * 1000;

export const CARDS = {
  ok: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  authenticate: '4000 0027 6000 3184',
} as const;

export interface BookingWorld {
  city: { slug: string; name: string };
  therapist: { id: string; name: string; username: string };
  /** A therapist whose minimum spend is above one Swedish massage (£65.00): £100.00. */
  pricey: { id: string; name: string };
  /** The UK day the tests book on, YYYY-MM-DD: two days ahead, so cancelling is free. */
  day: string;
}

/** Today's UK date plus `days`, as YYYY-MM-DD. */
export function ukDate(days: number): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(Date.now() + days * DAY_MS);
  return parts;
}

/** Whole days of availability, 08:00 to 20:00 UTC (UK wall-clock in winter, 09:00–21:00 in summer). */
function availability(days: number) {
  const windows = [];
  for (let d = 0; d <= days; d++) {
    const date = ukDate(d);
    windows.push({ start: `${date}T08:00:00Z`, end: `${date}T20:00:00Z` });
  }
  return windows;
}

export async function createBookingWorld(request: APIRequestContext): Promise<BookingWorld> {
  const id = randomBytes(4).toString('hex');
  const city = { slug: `e2e-book-${id}`, name: `Bookham ${id}` };
  const therapist = { id: `e2e-th-${id}`, name: `Morag Test${id}`, username: `morag-${id}` };
  const pricey = { id: `e2e-pricey-${id}`, name: `Anna Dear${id}` };
  const services = ['swedish-massage-60', 'deep-tissue-massage-60', 'hot-stones', 'scalp-massage'];
  const response = await request.post('/api/internal/catalogue', {
    headers: { Authorization: `Bearer ${E2E_INTERNAL_API_TOKEN}` },
    data: {
      cities: [city],
      therapists: [
        {
          ...therapist,
          active: true,
          // Business accounts see only business-enabled therapists.
          business: true,
          paymentsConnected: true,
          area: city.slug,
          serviceIds: services,
          availability: availability(6),
        },
        {
          ...pricey,
          username: `anna-${id}`,
          active: true,
          paymentsConnected: true,
          area: city.slug,
          minimumSpendPence: 10000,
          serviceIds: services,
          availability: availability(6),
        },
      ],
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return { city, therapist, pricey, day: ukDate(2) };
}

/** The calendar button's name for a day: "Tuesday 24 November 2026", as the app writes it. */
export function dayLabel(date: string): string {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  const parts = format.formatToParts(Date.parse(`${date}T00:00:00Z`));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
}

/** Chooses a Swedish massage, the world's day and the therapist's first time; ends on confirm. */
export async function chooseFirstSlot(page: Page, world: BookingWorld): Promise<string> {
  await page.goto(`/${world.city.slug}/select-treatments`);
  await page.getByRole('button', { name: 'Add Swedish Massage (60 min)' }).click();
  await page.getByRole('link', { name: 'Choose a date' }).click();
  await page.getByRole('button', { name: dayLabel(world.day), exact: true }).click();
  const card = page.getByRole('listitem').filter({
    has: page.getByRole('heading', { name: world.therapist.name }),
  });
  const first = card
    .getByRole('button', { name: new RegExp(`^\\d\\d:\\d\\d with ${world.therapist.name}$`) })
    .first();
  const time = ((await first.textContent()) ?? '').trim();
  await first.click();
  await expect(page).toHaveURL(new RegExp(`/${world.city.slug}/confirm-booking$`));
  return time;
}

/**
 * A world of its own and a newly signed-up customer on its confirm page, with a Swedish massage at
 * the therapist's first time chosen: where most booking tests start.
 */
export async function startAtConfirm(
  page: Page,
  request: APIRequestContext,
  accountType: 'personal' | 'business' = 'personal',
) {
  const world = await createBookingWorld(request);
  const customer = await signedInCustomer(page, { accountType });
  const time = await chooseFirstSlot(page, world);
  return { world, customer, time };
}

/** After a payment fell through: the link back lands on select-therapist with the time free again. */
export async function expectTimeFreeAgain(
  page: Page,
  world: BookingWorld,
  time: string,
  linkName: string,
) {
  await page.getByRole('link', { name: linkName }).click();
  await expect(page).toHaveURL(new RegExp(`/${world.city.slug}/select-therapist$`));
  await expect(
    page.getByRole('button', { name: `${time} with ${world.therapist.name}`, exact: true }),
  ).toBeVisible();
}

/** From the confirm page of a signed-in customer with a saved address: hold, then pay by card. */
export async function payWithNewCard(page: Page, number: string) {
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('timer')).toBeVisible();
  await page.getByRole('radio', { name: 'A new card' }).check();
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill('12/30');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: /^Pay £/ }).click();
}

/** Pays with a card that goes straight through and waits for the confirmation. */
export async function payAndConfirm(page: Page) {
  await payWithNewCard(page, CARDS.ok);
  await expect(page.getByRole('heading', { name: 'Your booking is confirmed' })).toBeVisible();
}

export async function setInvoiceArrangement(request: APIRequestContext, email: string) {
  const response = await request.put(
    `/api/internal/users/${encodeURIComponent(email)}/business-payment`,
    {
      headers: { Authorization: `Bearer ${E2E_INTERNAL_API_TOKEN}` },
      data: { arrangement: 'invoice' },
    },
  );
  expect(response.status(), await response.text()).toBe(200);
}

/** The instant a UK wall-clock time ("09:45") happens on a UK day, whatever the clocks say. */
export function ukInstant(date: string, time: string): string {
  return new Date(localToInstant(Date.parse(`${date}T${time}:00Z`), UK_TIME_ZONE)).toISOString();
}

export interface TravelWorld {
  city: { slug: string; name: string };
  /** Based in Leith (EH6), by car, anywhere within 90 minutes. */
  therapist: { id: string; name: string; username: string };
  /** Works only in EH6 and EH7. */
  leithOnly: { id: string; name: string };
  /** The UK day the tests book on, YYYY-MM-DD: two days ahead. */
  day: string;
}

/**
 * A city whose two therapists travel (docs/decisions/0077): availability 09:15–18:00 UK time on
 * each of the next days, so a booking at 09:45 in Leith is the first of the day, reachable from
 * home, with nothing free before it.
 */
export async function createTravelWorld(request: APIRequestContext): Promise<TravelWorld> {
  const id = randomBytes(4).toString('hex');
  const city = { slug: `e2e-travel-${id}`, name: `Leithton ${id}` };
  const therapist = { id: `e2e-leith-${id}`, name: `Ailsa Travel${id}`, username: `ailsa-${id}` };
  const leithOnly = { id: `e2e-local-${id}`, name: `Isla Local${id}` };
  const windows = [];
  for (let d = 0; d <= 6; d++) {
    const date = ukDate(d);
    windows.push({ start: ukInstant(date, '09:15'), end: ukInstant(date, '18:00') });
  }
  const common = {
    active: true,
    paymentsConnected: true,
    area: city.slug,
    serviceIds: ['swedish-massage-60', 'deep-tissue-massage-60', 'hot-stones'],
    availability: windows,
    travelMode: 'car',
  };
  const response = await request.post('/api/internal/catalogue', {
    headers: { Authorization: `Bearer ${E2E_INTERNAL_API_TOKEN}` },
    data: {
      cities: [city],
      therapists: [
        { ...therapist, ...common, homePostcode: 'EH6 6JJ', maxTravelMinutes: 90 },
        {
          ...leithOnly,
          ...common,
          username: `isla-${id}`,
          homePostcode: 'EH7 4AA',
          coveredDistricts: ['EH6', 'EH7'],
        },
      ],
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return { city, therapist, leithOnly, day: ukDate(2) };
}

/** The booking a customer makes through the API as the web app makes one: held, then paid by card. */
export interface ApiBooking {
  city: string;
  therapistId: string;
  startsAt: string;
  /** Default: one Swedish massage (£65.00). */
  treatmentIds?: readonly string[];
  /** Default: the customer's first saved address. */
  addressId?: string;
}

/**
 * Holds and pays a booking as the signed-in customer whose session `request` carries, and answers
 * its id once it is confirmed.
 */
export async function holdAndPay(request: APIRequestContext, booking: ApiBooking): Promise<string> {
  const headers = sameOrigin();
  let addressId = booking.addressId;
  if (!addressId) {
    const addresses = await request.get('/api/me/addresses');
    addressId = ((await addresses.json()) as { addresses: { id: string }[] }).addresses[0]?.id;
  }
  const hold = await request.post('/api/bookings', {
    headers,
    data: {
      city: booking.city,
      therapistId: booking.therapistId,
      treatmentIds: booking.treatmentIds ?? ['swedish-massage-60'],
      startsAt: booking.startsAt,
      addressId,
    },
  });
  expect(hold.status(), await hold.text()).toBe(201);
  const { id } = (await hold.json()) as { id: string };
  const paid = await request.post(`/api/bookings/${id}/payment`, {
    headers,
    data: {
      method: 'card',
      card: { number: CARDS.ok.replace(/ /g, ''), expMonth: 12, expYear: 2030, cvc: '123' },
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  expect(((await paid.json()) as { status: string }).status).toBe('confirmed');
  return id;
}

/** A step of the therapist app's progress for a booking, through the internal API. */
export async function recordProgress(
  request: APIRequestContext,
  bookingId: string,
  data: object,
): Promise<void> {
  const response = await request.post(`/api/internal/bookings/${bookingId}/progress`, {
    headers: { Authorization: `Bearer ${E2E_INTERNAL_API_TOKEN}` },
    data,
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A booking held, paid and then completed by the therapist app's `finished` step. */
export async function bookAndFinish(
  request: APIRequestContext,
  booking: ApiBooking,
): Promise<string> {
  const id = await holdAndPay(request, booking);
  await recordProgress(request, id, { status: 'finished' });
  return id;
}

/**
 * Another customer's confirmed booking, made through the API as the web app makes one: sign up,
 * sign in, save the address, hold, pay by card. `request` is that customer's own context (its
 * cookies are their session). Answers the booking's id, for cancelling it afterwards.
 */
export async function bookThroughApi(
  request: APIRequestContext,
  booking: { city: string; therapistId: string; startsAt: string; postcode: string },
): Promise<string> {
  const customer = newCustomer('other');
  await signUpByApi(request, customer);
  await signInByApi(request, customer);
  const addressId = await saveAddress(request, {
    line1: '3 Shore Road',
    town: 'Edinburgh',
    postcode: booking.postcode,
  });
  return holdAndPay(request, { ...booking, addressId });
}

/** Cancels a booking as the customer whose session `request` carries (free two days ahead). */
export async function cancelBooking(request: APIRequestContext, bookingId: string): Promise<void> {
  const response = await request.post(`/api/bookings/${bookingId}/cancel`, {
    headers: sameOrigin(),
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * After "Use this address": the payment step's heading has the focus, and it and "Continue to
 * payment" are in view below the sticky header and step bar (their tops below the bars' bottom).
 * Answers the "Continue to payment" button.
 */
export async function expectPaymentStepInView(page: Page): Promise<Locator> {
  const heading = page.getByRole('heading', { name: 'Payment' });
  await expect(heading).toBeFocused();
  const next = page.getByRole('button', { name: 'Continue to payment' });
  await expect(next).toBeInViewport();
  const bars = await page.evaluate(() =>
    Math.max(
      ...[...document.querySelectorAll('header, .sticky')]
        .map((el) => el.getBoundingClientRect())
        .filter((r) => r.top < window.innerHeight / 2 && r.height < 200)
        .map((r) => r.bottom),
    ),
  );
  expect((await next.boundingBox())?.y ?? 0).toBeGreaterThanOrEqual(bars);
  expect((await heading.boundingBox())?.y ?? 0).toBeGreaterThanOrEqual(bars);
  return next;
}
