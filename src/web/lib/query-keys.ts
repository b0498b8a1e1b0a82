import type { QueryClient } from '@tanstack/react-query';

// Every cache key that holds a customer's own data, in one place: sign-out must find them all, and
// the booking screens reuse them so a booking made there shows up on the account pages at once.

export const accountKeys = {
  /** Root of everything under /api/me; removing it removes all the keys built on it. */
  me: ['me'] as const,
  addresses: ['me', 'addresses'] as const,
  wallet: ['me', 'wallet'] as const,
  referral: ['me', 'referral'] as const,
  cards: ['me', 'cards'] as const,
  linkedAccounts: ['me', 'linked-accounts'] as const,
  appointments: ['appointments'] as const,
  lastAppointment: ['last-appointment'] as const,
  giftCards: ['gift-cards'] as const,
} as const;

/**
 * One booking as GET /api/bookings/:id answers it: the booking screens read it and the live
 * channel refreshes it when the server says that booking changed.
 */
export const bookingKey = (id: string) => ['bookings', id] as const;

/** Public, not personal: which sign-in buttons to show. Kept across sign-out. */
export const authProvidersKey = ['auth-providers'] as const;

/**
 * localStorage keys for personal data kept between visits (the booking screens may remember the
 * last appointment there). Sign-out removes them so the next person on the device sees nothing.
 */
export const ACCOUNT_STORAGE_KEYS = [
  'glow.last-appointment',
  'glow.past-appointments',
  'glow.gift-cards',
] as const;

const PERSONAL_ROOTS = [
  accountKeys.me,
  accountKeys.appointments,
  accountKeys.lastAppointment,
  accountKeys.giftCards,
  // The booking screens' caches (src/web/features/booking/api.ts): single bookings are personal,
  // and availability is worked out for the signed-in customer (account type, gender).
  ['bookings'],
  ['availability'],
  // The bank page's view of a payment (src/web/features/payment): what it is for (a gift card's
  // recipient, a therapist).
  ['payments'],
] as const;

/** Forgets every cached piece of the signed-out customer's data, in memory and in storage. */
export function clearAccountData(queryClient: QueryClient): void {
  for (const queryKey of PERSONAL_ROOTS) {
    // Cancel first: a request in flight would otherwise write the old customer's data back.
    void queryClient.cancelQueries({ queryKey });
    queryClient.removeQueries({ queryKey, type: 'inactive' });
    // Queries on screen are emptied and asked again, so what shows is the new answer; removing
    // them would leave their components holding the old one.
    void queryClient.resetQueries({ queryKey, type: 'active' });
  }
  try {
    for (const key of ACCOUNT_STORAGE_KEYS) window.localStorage.removeItem(key);
  } catch {
    // Storage disabled: then nothing was stored either.
  }
}
