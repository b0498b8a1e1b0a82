import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUiStore } from '../../lib/ui-store';
import { accountKeys, authProvidersKey, clearAccountData } from '../../lib/query-keys';
import { notifyInTurn } from './session-actions';

afterEach(() => useUiStore.getState().clearNotification());

describe('notifyInTurn', () => {
  it('shows the next message once the one before has gone', () => {
    notifyInTurn([
      { type: 'error', title: 'First' },
      { type: 'error', title: 'Second' },
    ]);
    const store = useUiStore.getState;
    expect(store().notification?.title).toBe('First');
    store().clearNotification(store().notification?.id);
    expect(store().notification?.title).toBe('Second');
    store().clearNotification(store().notification?.id);
    expect(store().notification).toBeNull();
  });

  it('gives way to a newer message instead of covering it', () => {
    notifyInTurn([
      { type: 'error', title: 'First' },
      { type: 'error', title: 'Second' },
    ]);
    const store = useUiStore.getState;
    store().notify({ type: 'info', title: 'Logged Out' });
    store().clearNotification(store().notification?.id);
    expect(store().notification).toBeNull();
  });
});

describe('clearAccountData', () => {
  it("forgets the customer's data and keeps what is not personal", () => {
    const client = new QueryClient();
    for (const key of [
      accountKeys.me,
      accountKeys.addresses,
      accountKeys.cards,
      accountKeys.appointments,
      [...accountKeys.appointments, 'booking-1'],
      accountKeys.lastAppointment,
      accountKeys.giftCards,
      // The gift card feature's own keys, and the bank page naming a gift card's recipient.
      [...accountKeys.giftCards, 'purchases'],
      [...accountKeys.giftCards, 'card-1', 'payment-status'],
      ['payments', 'payment-1', 'authentication'],
      ['bookings', 'booking-1'],
      ['availability', 'edinburgh', 'dates', 'massage'],
      authProvidersKey,
      ['cities'],
    ]) {
      client.setQueryData(key, { some: 'data' });
    }
    clearAccountData(client);
    const left = client
      .getQueryCache()
      .getAll()
      .map((q) => q.queryKey);
    expect(left).toEqual([authProvidersKey, ['cities']]);
  });

  it('empties data on screen and asks again, so the old answer never lingers', async () => {
    const client = new QueryClient();
    let calls = 0;
    const observer = new QueryObserver(client, {
      queryKey: accountKeys.addresses,
      queryFn: async () => `answer ${++calls}`,
    });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe('answer 1'));
    clearAccountData(client);
    expect(observer.getCurrentResult().data).toBeUndefined();
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe('answer 2'));
    unsubscribe();
  });
});
