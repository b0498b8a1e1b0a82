import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AvailableDatesAnswer,
  AvailableTherapist,
  AvailableTherapistsAnswer,
  NoDatesAnswer,
} from '../../../contract/availability';
import type {
  BookingTerms,
  BookingView,
  CancelAnswer,
  HeldBooking,
  PaymentAnswer,
  PaymentRequest,
  PaymentStatus,
  holdBody,
  rescheduleBody,
} from '../../../contract/booking';
import { api } from '../../lib/api';
import { accountKeys, bookingKey } from '../../lib/query-keys';

// The booking flow's calls. Availability changes by the minute, so it is never cached for long;
// bookings are the customer's own and always read fresh. Every answer is checked against the
// server's own schema (src/contract/*): a hold, a payment or a booking read wrong costs money.

export type { AvailableDatesAnswer, AvailableTherapist, HeldBooking, NoDatesAnswer, PaymentStatus };

// The schemas, and zod with them, load with the first call rather than with the page, so a page
// the server drew with its answers in it needs neither (decisions 0040, 0054). A call that changes
// something waits for its schema before it is sent: a chunk that failed to load must never turn a
// payment the server took into an error on screen.
const availabilityContract = () => import('../../../contract/availability');
const bookingContract = () => import('../../../contract/booking');

/** The server's booking view: GET /api/bookings/:id and each appointment. */
export type Booking = BookingView;
export type { BookingTerms };

export type CancelResult = CancelAnswer;

export const bookingKeys = {
  availability: ['availability'] as const,
  // The postcode is part of every availability key: another place is another answer.
  dates: (
    city: string,
    treatments: readonly string[],
    therapistId: string | null = null,
    postcode: string | null = null,
  ) =>
    [
      'availability',
      city,
      'dates',
      treatments.join(','),
      therapistId ?? '*',
      postcode ?? 'no-postcode',
    ] as const,
  therapists: (
    city: string,
    date: string,
    treatments: readonly string[],
    postcode: string | null = null,
  ) =>
    [
      'availability',
      city,
      'therapists',
      date,
      treatments.join(','),
      postcode ?? 'no-postcode',
    ] as const,
  booking: bookingKey,
};

// Short enough that a customer coming back to the tab sees times others have not taken since.
const AVAILABILITY_STALE_MS = 30_000;

const cityPath = (city: string) => `/api/cities/${encodeURIComponent(city)}`;

/** The query string's end: "&postcode=EH6%205AA", or nothing to browse without a place. */
const postcodeParam = (postcode: string | null | undefined) =>
  postcode ? `&postcode=${encodeURIComponent(postcode)}` : '';

interface DatesOptions {
  therapistId?: string | undefined;
  /** Where the treatment will be: only days a therapist can get there are offered. */
  postcode?: string | null | undefined;
}

/**
 * The free days query, for the hook below and for checking a postcode before the next step
 * (the same key, so the check's answer is the next step's first paint).
 */
export function availableDatesQuery(
  city: string,
  treatments: readonly string[],
  { therapistId, postcode }: DatesOptions = {},
) {
  const therapist = therapistId ? `&therapist=${encodeURIComponent(therapistId)}` : '';
  return queryOptions({
    queryKey: bookingKeys.dates(city, treatments, therapistId ?? null, postcode ?? null),
    queryFn: ({ signal }): Promise<AvailableDatesAnswer> =>
      api.get(
        `${cityPath(city)}/dates?treatments=${encodeURIComponent(treatments.join(','))}${therapist}${postcodeParam(postcode)}`,
        { schema: availabilityContract().then((m) => m.availableDatesAnswer), signal },
      ),
    staleTime: AVAILABILITY_STALE_MS,
  });
}

const justDates = (answer: AvailableDatesAnswer) => answer.dates;

/** Days with free time for the treatments: with anyone, or with one therapist when given. */
export function useAvailableDates(
  city: string,
  treatments: readonly string[],
  options: DatesOptions & { enabled?: boolean } = {},
) {
  const { enabled = true, ...query } = options;
  return useQuery({
    ...availableDatesQuery(city, treatments, query),
    enabled: enabled && treatments.length > 0,
    select: justDates,
  });
}

/** The free days with, when there are none, why (the date step says it). */
export function useDateSearch(
  city: string,
  treatments: readonly string[],
  options: DatesOptions & { enabled?: boolean } = {},
) {
  const { enabled = true, ...query } = options;
  return useQuery({
    ...availableDatesQuery(city, treatments, query),
    enabled: enabled && treatments.length > 0,
  });
}

/** Who is free on a day, and how the place shaped the answer. */
export interface TherapistsOfDay {
  therapists: AvailableTherapist[];
  /** Where the times were checked for travel; null: to be confirmed for the address. */
  place: AvailableTherapistsAnswer['place'];
  /** Free that day for the treatments but unable to reach the place. */
  outOfReachCount: number;
}

export function useAvailableTherapists(
  city: string,
  date: string | null,
  treatments: readonly string[],
  postcode: string | null = null,
) {
  return useQuery({
    queryKey: bookingKeys.therapists(city, date ?? '', treatments, postcode),
    // The answer lists slots compactly (minutes into the day); the screens work with instants.
    queryFn: async ({ signal }): Promise<TherapistsOfDay> => {
      const contract = availabilityContract();
      const answer = await api.get(
        `${cityPath(city)}/therapists?date=${encodeURIComponent(date ?? '')}&treatments=${encodeURIComponent(treatments.join(','))}${postcodeParam(postcode)}`,
        { schema: contract.then((m) => m.availableTherapistsAnswer), signal },
      );
      return {
        therapists: (await contract).therapistsWithSlotInstants(answer),
        place: answer.place,
        outOfReachCount: answer.outOfReachCount,
      };
    },
    enabled: date !== null && treatments.length > 0,
    staleTime: AVAILABILITY_STALE_MS,
  });
}

export function useBooking(id: string | null) {
  return useQuery({
    queryKey: bookingKeys.booking(id ?? ''),
    queryFn: ({ signal }) =>
      api.get(`/api/bookings/${encodeURIComponent(id ?? '')}`, {
        schema: bookingContract().then((m) => m.bookingViewSchema),
        signal,
      }),
    enabled: id !== null,
  });
}

/**
 * After a booking changes (confirmed, cancelled, moved), the account pages and every availability
 * answer are out of date.
 */
export function invalidateAfterBookingChange(client: QueryClient, bookingId?: string): void {
  void client.invalidateQueries({ queryKey: accountKeys.appointments });
  void client.invalidateQueries({ queryKey: accountKeys.lastAppointment });
  void client.invalidateQueries({ queryKey: accountKeys.cards });
  void client.invalidateQueries({ queryKey: accountKeys.wallet });
  void client.invalidateQueries({ queryKey: bookingKeys.availability });
  if (bookingId) void client.invalidateQueries({ queryKey: bookingKeys.booking(bookingId) });
}

export async function holdBooking(input: z.input<typeof holdBody>): Promise<HeldBooking> {
  const { heldBookingSchema } = await bookingContract();
  return api.post('/api/bookings', input, { schema: heldBookingSchema });
}

/** The checkout's "use my wallet credit" switch, while the booking is held. */
export async function setBookingCredit(id: string, useCredit: boolean): Promise<HeldBooking> {
  const { heldBookingSchema } = await bookingContract();
  return api.post(
    `/api/bookings/${encodeURIComponent(id)}/credit`,
    { useCredit },
    { schema: heldBookingSchema },
  );
}

/** What the checkout's payment form sends for a held booking (features/payment). */
export async function payBooking(id: string, payment: PaymentRequest): Promise<PaymentAnswer> {
  const { paymentAnswerSchema } = await bookingContract();
  return api.post(`/api/bookings/${encodeURIComponent(id)}/payment`, payment, {
    schema: paymentAnswerSchema,
  });
}

/** Where a payment stands after the provider's own authentication page (Stripe's return). */
export function fetchPaymentStatus(
  bookingId: string,
  signal?: AbortSignal,
): Promise<PaymentStatus> {
  return api.get(`/api/bookings/${encodeURIComponent(bookingId)}/payment-status`, {
    schema: bookingContract().then((m) => m.paymentStatusSchema),
    signal,
  });
}

export async function cancelBooking(bookingId: string): Promise<CancelResult> {
  const { cancelAnswerSchema } = await bookingContract();
  return api.post(`/api/bookings/${encodeURIComponent(bookingId)}/cancel`, undefined, {
    schema: cancelAnswerSchema,
  });
}

export async function rescheduleBooking(bookingId: string, startsAt: string): Promise<Booking> {
  const { bookingViewSchema } = await bookingContract();
  const body: z.input<typeof rescheduleBody> = { startsAt };
  return api.post(`/api/bookings/${encodeURIComponent(bookingId)}/reschedule`, body, {
    schema: bookingViewSchema,
  });
}

/**
 * Lets go of a hold the customer has moved on from (another time, another address), so their own
 * hold cannot block the time they pick next. Only a booking still unpaid is released: the status
 * is read fresh, because cancelling a paid booking would refund it by the cancellation policy.
 * Best effort: a hold nobody pays for expires on its own after a few minutes.
 */
export async function releaseUnpaidHold(id: string): Promise<void> {
  const path = `/api/bookings/${encodeURIComponent(id)}`;
  try {
    const booking = await api.get(path, {
      schema: bookingContract().then((m) => m.bookingViewSchema),
    });
    if (booking.status === 'held') await cancelBooking(id);
  } catch {
    // Gone, expired or already released: nothing to let go of.
  }
}
