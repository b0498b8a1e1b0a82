import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { accountKeys, bookingKey } from '../../lib/query-keys';
import { bookingIdOf, LIVE_EVENT_KINDS, refreshesFor, type LiveEventKind } from './live-events';

// Every query a signed-in customer may have cached, as the features key them.
const CACHED = [
  accountKeys.me,
  accountKeys.addresses,
  accountKeys.wallet,
  accountKeys.referral,
  accountKeys.cards,
  accountKeys.linkedAccounts,
  accountKeys.appointments,
  accountKeys.lastAppointment,
  [...accountKeys.giftCards, 'purchases'],
  bookingKey('b1'),
  [...bookingKey('b1'), 'payment-status'],
  bookingKey('b2'),
  ['availability', 'edinburgh', 'dates', 'swedish-massage-60', '*', 'no-postcode'],
  ['cities'],
];

/** Which of the cached queries an event makes stale, by the client's own matching. */
function staleAfter(kind: LiveEventKind, bookingId: string | null = null): string[] {
  const client = new QueryClient();
  for (const key of CACHED) client.setQueryData(key, { cached: true });
  for (const filter of refreshesFor(kind, bookingId)) void client.invalidateQueries(filter);
  return client
    .getQueryCache()
    .getAll()
    .filter((query) => query.isStale())
    .map((query) => query.queryKey.join('/'))
    .sort();
}

describe('what each live event refreshes', () => {
  it('me: the profile alone among /api/me, and availability, which depends on it', () => {
    expect(staleAfter('me')).toEqual([
      'availability/edinburgh/dates/swedish-massage-60/*/no-postcode',
      'me',
    ]);
  });

  it('wallet: the wallet, the profile that carries the balance and the referral credit', () => {
    expect(staleAfter('wallet')).toEqual(['me', 'me/referral', 'me/wallet']);
  });

  it('bookings: the appointment lists', () => {
    expect(staleAfter('bookings')).toEqual(['appointments', 'last-appointment']);
  });

  it('booking: that booking (with what hangs off it) and the lists, not another booking', () => {
    expect(staleAfter('booking', 'b1')).toEqual([
      'appointments',
      'bookings/b1',
      'bookings/b1/payment-status',
      'last-appointment',
    ]);
  });

  it('addresses and cards: only their own lists', () => {
    expect(staleAfter('addresses')).toEqual(['me/addresses']);
    expect(staleAfter('cards')).toEqual(['me/cards']);
  });

  it('session: nothing to read again (the session itself is asked)', () => {
    expect(staleAfter('session')).toEqual([]);
  });

  it("reset: everything of the customer's, nothing public", () => {
    const stale = staleAfter('reset');
    expect(stale).not.toContain('cities');
    expect(stale).toHaveLength(CACHED.length - 1);
  });

  it('knows every kind the server sends', () => {
    expect([...LIVE_EVENT_KINDS].sort()).toEqual(
      ['addresses', 'booking', 'bookings', 'cards', 'me', 'reset', 'session', 'wallet'].sort(),
    );
  });
});

describe('bookingIdOf', () => {
  it("reads a booking event's id and nothing from anything else", () => {
    expect(bookingIdOf('{"bookingId":"5f1c"}')).toBe('5f1c');
    expect(bookingIdOf('{}')).toBeNull();
    expect(bookingIdOf('{"bookingId":7}')).toBeNull();
    expect(bookingIdOf('not json')).toBeNull();
    expect(bookingIdOf('null')).toBeNull();
  });
});
