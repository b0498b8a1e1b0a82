import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { AvailableTherapist, BookingView } from '../../../domain/booking-view';
import { api } from '../../lib/api';
import { accountKeys } from '../account/query-keys';
import type { SavedCard } from '../account/types';

// The booking flow's calls. Availability changes by the minute, so it is never cached for long;
// bookings are the customer's own and always read fresh.

export type { AvailableTherapist };

export interface HeldBooking {
  id: string;
  status: 'held';
  holdExpiresAt: string;
  totalPricePence: number;
  totalDurationMinutes: number;
  creditAppliedPence: number;
  amountDuePence: number;
}

/** The server's booking view; one shape for both sides (see src/domain/booking-view.ts). */
export type Booking = BookingView;

export type PaymentRequest =
  | {
      method: 'card';
      card: { number: string; expMonth: number; expYear: number; cvc: string };
      saveCard: boolean;
    }
  /** Stripe provider: the card was entered in Stripe Elements; only its pm_… id comes here. */
  | { method: 'card'; paymentMethodId: string; saveCard: boolean }
  | { method: 'saved-card'; cardId: string }
  | { method: 'invoice' };

export type PaymentResult =
  { status: 'confirmed' } | { status: 'requires_action'; actionUrl: string; clientSecret?: string };

/** Where a payment stands after the provider's own authentication page (Stripe's return). */
export interface PaymentStatus {
  bookingId: string;
  status: string;
  paymentStatus: string | null;
  /** Why it failed, in the customer's words. */
  detail: string | null;
  actionUrl: string | null;
}

export interface CancelResult {
  status: 'cancelled';
  refundPence: number;
  cardRefundPence: number;
  walletRefundPence: number;
}

export const bookingKeys = {
  availability: ['availability'] as const,
  dates: (city: string, treatments: readonly string[]) =>
    ['availability', city, 'dates', treatments.join(',')] as const,
  therapists: (city: string, date: string, treatments: readonly string[]) =>
    ['availability', city, 'therapists', date, treatments.join(',')] as const,
  booking: (id: string) => ['bookings', id] as const,
};

// Short enough that a customer coming back to the tab sees times others have not taken since.
const AVAILABILITY_STALE_MS = 30_000;

const cityPath = (city: string) => `/api/cities/${encodeURIComponent(city)}`;

export function useAvailableDates(city: string, treatments: readonly string[]) {
  return useQuery({
    queryKey: bookingKeys.dates(city, treatments),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ dates: string[] }>(
          `${cityPath(city)}/dates?treatments=${encodeURIComponent(treatments.join(','))}`,
          signal,
        )
      ).dates,
    enabled: treatments.length > 0,
    staleTime: AVAILABILITY_STALE_MS,
  });
}

export function useAvailableTherapists(
  city: string,
  date: string | null,
  treatments: readonly string[],
) {
  return useQuery({
    queryKey: bookingKeys.therapists(city, date ?? '', treatments),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ therapists: AvailableTherapist[] }>(
          `${cityPath(city)}/therapists?date=${encodeURIComponent(date ?? '')}&treatments=${encodeURIComponent(treatments.join(','))}`,
          signal,
        )
      ).therapists,
    enabled: date !== null && treatments.length > 0,
    staleTime: AVAILABILITY_STALE_MS,
  });
}

export function useBooking(id: string | null) {
  return useQuery({
    queryKey: bookingKeys.booking(id ?? ''),
    queryFn: ({ signal }) =>
      api.get<Booking>(`/api/bookings/${encodeURIComponent(id ?? '')}`, signal),
    enabled: id !== null,
  });
}

export function useSavedCards(enabled: boolean) {
  return useQuery({
    queryKey: accountKeys.cards,
    queryFn: async ({ signal }) =>
      (await api.get<{ cards: SavedCard[] }>('/api/me/cards', signal)).cards,
    enabled,
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

export function holdBooking(input: {
  city: string;
  therapistId: string;
  treatmentIds: string[];
  startsAt: string;
  addressId: string;
}): Promise<HeldBooking> {
  return api.post<HeldBooking>('/api/bookings', input);
}

export function payBooking(id: string, payment: PaymentRequest): Promise<PaymentResult> {
  return api.post<PaymentResult>(`/api/bookings/${encodeURIComponent(id)}/payment`, payment);
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
    const booking = await api.get<Booking>(path);
    if (booking.status === 'held') await api.post<CancelResult>(`${path}/cancel`);
  } catch {
    // Gone, expired or already released: nothing to let go of.
  }
}
