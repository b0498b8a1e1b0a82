import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { bookingKeys, releaseUnpaidHold } from './api';
import { useBookingStore } from './booking-store';

/**
 * Lets go of the customer's unpaid hold, then asks for availability afresh: their own hold would
 * otherwise hide the very time they came back to pick again.
 */
export function useAbandonHold(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(async () => {
    const { heldBookingId, setHeldBooking } = useBookingStore.getState();
    if (!heldBookingId) return;
    setHeldBooking(null);
    await releaseUnpaidHold(heldBookingId);
    await client.invalidateQueries({ queryKey: bookingKeys.availability });
  }, [client]);
}

/**
 * On the steps before confirm-booking: arriving here (Back, a Change link, the browser's back
 * button) means the held time is being reconsidered, so the hold goes.
 */
export function useAbandonHoldOnArrival(): void {
  const abandon = useAbandonHold();
  useEffect(() => {
    void abandon();
  }, [abandon]);
}
