import type { QueryKey } from '@tanstack/react-query';
import { LIVE_CHANGE_KINDS } from '../../../contract/live';
import { accountKeys, bookingKey } from '../../lib/query-keys';

// What each event of GET /api/me/events means for this tab's cache. An event names what changed,
// never the data (docs/decisions/0085): the tab asks the API again for exactly the queries that
// show it, with its own session, so the channel can show nothing the API would not.

/** The kinds the server sends: what changed, plus `reset` (refetch everything) and `ready`. */
export const LIVE_EVENT_KINDS = [...LIVE_CHANGE_KINDS, 'reset'] as const;

export type LiveEventKind = (typeof LIVE_EVENT_KINDS)[number];

/** One query (or, not exact, every query under the key) to ask the server for again. */
export interface Refresh {
  queryKey: QueryKey;
  exact: boolean;
}

const only = (queryKey: QueryKey): Refresh => ({ queryKey, exact: true });
const under = (queryKey: QueryKey): Refresh => ({ queryKey, exact: false });

// The appointment lists: the account page's and the one the booking screens remember.
const APPOINTMENT_LISTS = [under(accountKeys.appointments), under(accountKeys.lastAppointment)];

/**
 * The queries an event makes stale. `me` is exact wherever it appears: it is the root of every
 * /api/me key, and a profile change is not a change of addresses or cards.
 */
export function refreshesFor(kind: LiveEventKind, bookingId: string | null): Refresh[] {
  switch (kind) {
    case 'me':
      // The profile (name, phone, gender, the business payment arrangement and the balance it
      // carries); gender also decides which therapists availability offers.
      return [only(accountKeys.me), under(['availability'])];
    case 'wallet':
      // The wallet page, the profile's balance (which the checkout's credit switch reads) and
      // the referral card's credit earned.
      return [only(accountKeys.wallet), only(accountKeys.me), only(accountKeys.referral)];
    case 'bookings':
      return APPOINTMENT_LISTS;
    case 'booking':
      // Without an id (an older server) every booking read is refreshed rather than none.
      return [under(bookingId ? bookingKey(bookingId) : ['bookings']), ...APPOINTMENT_LISTS];
    case 'addresses':
      return [only(accountKeys.addresses)];
    case 'cards':
      return [only(accountKeys.cards)];
    case 'session':
      // Nothing to read again: whether the session still exists is asked separately.
      return [];
    case 'reset':
      // The resume point was too old: anything of the customer's may have changed meanwhile.
      return [
        under(accountKeys.me),
        ...APPOINTMENT_LISTS,
        under(accountKeys.giftCards),
        under(['bookings']),
        under(['availability']),
      ];
  }
}

export function isLiveEventKind(value: string): value is LiveEventKind {
  return (LIVE_EVENT_KINDS as readonly string[]).includes(value);
}

/** The booking id an event's data names, or null: data is `{}` for every other kind. */
export function bookingIdOf(data: string): string | null {
  try {
    const parsed: unknown = JSON.parse(data);
    if (typeof parsed !== 'object' || parsed === null || !('bookingId' in parsed)) return null;
    const id = parsed.bookingId;
    return typeof id === 'string' && id.length > 0 ? id : null;
  } catch {
    return null;
  }
}
