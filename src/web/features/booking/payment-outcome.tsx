import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { buttonClass } from '../../components/button-styles';
import { AlertIcon } from '../../components/icons';
import { bookingKeys, invalidateAfterBookingChange, type Booking } from './api';
import { formatTime } from './booking-format';
import { useBookingStore } from './booking-store';

/** The confirmation's address: one place, so every way of paying ends on the same page. */
export function confirmationPath(city: string, bookingId: string): string {
  return `/${city}/confirm-booking?booking=${encodeURIComponent(bookingId)}`;
}

/** Goes to the confirmation once the payment is known to have succeeded. */
export function useGoToConfirmation() {
  const navigate = useNavigate();
  const client = useQueryClient();
  return useCallback(
    (city: string, bookingId: string) => {
      invalidateAfterBookingChange(client, bookingId);
      void navigate(confirmationPath(city, bookingId), { replace: true });
    },
    [client, navigate],
  );
}

/**
 * A refused payment: says why. Refused by the card or by the bank's check alike, nothing was
 * charged and the time stays held until the hold runs out (docs/decisions/0081): the customer
 * goes back to try another card. Once the hold is over, the slot is gone and their day's times are
 * offered again (their treatments and date are kept).
 */
export function PaymentFailed({
  message,
  city,
  bookingId,
  booking,
}: {
  message: string;
  city: string | null;
  bookingId: string | null;
  /** The booking as last read; it is read again here, since the refusal has just changed it. */
  booking: Pick<Booking, 'status' | 'holdExpiresAt'> | undefined;
}) {
  const forgetSlot = useBookingStore((s) => s.forgetSlot);
  const setHeldBooking = useBookingStore((s) => s.setHeldBooking);
  const client = useQueryClient();
  // Still waiting for the bank is the read from before the answer: wait for the fresh one.
  const known = booking !== undefined && booking.status !== 'requires_action';
  // A hold past its end may read 'held' until the sweep marks it: compare with when this opened.
  const [openedAt] = useState(() => Date.now());
  const heldUntil =
    booking?.status === 'held' && booking.holdExpiresAt
      ? Date.parse(booking.holdExpiresAt) > openedAt
        ? booking.holdExpiresAt
        : null
      : null;
  const released = known && heldUntil === null;

  useEffect(() => {
    if (bookingId) void client.invalidateQueries({ queryKey: bookingKeys.booking(bookingId) });
  }, [client, bookingId]);
  useEffect(() => {
    if (heldUntil && bookingId) setHeldBooking(bookingId);
  }, [heldUntil, bookingId, setHeldBooking]);
  useEffect(() => {
    if (!released) return;
    forgetSlot();
    void client.invalidateQueries({ queryKey: bookingKeys.availability });
  }, [released, forgetSlot, client]);

  return (
    <>
      <div role="alert" className="rounded-3xl bg-white p-6 shadow-sm sm:p-8">
        <AlertIcon className="h-10 w-10 text-red-700" />
        <h1 className="mt-3 font-display text-3xl font-semibold text-ink">Payment not taken</h1>
        <p className="mt-3 text-ink">{message}</p>
        {heldUntil && (
          <p className="mt-2 text-muted">
            The time stays yours until {formatTime(heldUntil)}, so you can try another card.
          </p>
        )}
        {released && (
          <p className="mt-2 text-muted">
            You have not been charged, and the time you chose has been released.
          </p>
        )}
      </div>
      {heldUntil && city ? (
        <Link
          to={`/${city}/confirm-booking`}
          className={`${buttonClass('primary', 'lg')} mt-6 w-full sm:w-auto`}
        >
          Try another card
        </Link>
      ) : (
        <Link
          to={city ? `/${city}/select-therapist` : '/?city=reset'}
          className={`${buttonClass('primary', 'lg')} mt-6 w-full sm:w-auto`}
        >
          Choose a time again
        </Link>
      )}
    </>
  );
}
