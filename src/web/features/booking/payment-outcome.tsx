import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { buttonClass } from '../../components/button-styles';
import { AlertIcon } from '../../components/icons';
import { bookingKeys, invalidateAfterBookingChange } from './api';
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
 * A refused payment: says why, and that the slot went back for anyone to take, then offers the
 * customer their day's times again (their treatments and date are kept).
 */
export function PaymentFailed({
  message,
  city,
  bookingId,
}: {
  message: string;
  city: string | null;
  bookingId: string | null;
}) {
  const forgetSlot = useBookingStore((s) => s.forgetSlot);
  const client = useQueryClient();

  useEffect(() => {
    forgetSlot();
    void client.invalidateQueries({ queryKey: bookingKeys.availability });
    if (bookingId) void client.invalidateQueries({ queryKey: bookingKeys.booking(bookingId) });
  }, [forgetSlot, client, bookingId]);

  return (
    <>
      <div role="alert" className="rounded-3xl bg-white p-6 shadow-sm sm:p-8">
        <AlertIcon className="h-10 w-10 text-red-700" />
        <h1 className="mt-3 font-display text-3xl font-semibold text-ink">Payment not taken</h1>
        <p className="mt-3 text-ink">{message}</p>
        <p className="mt-2 text-muted">
          You have not been charged, and the time you chose has been released.
        </p>
      </div>
      <Link
        to={city ? `/${city}/select-therapist` : '/?city=reset'}
        className={`${buttonClass('primary', 'lg')} mt-6 w-full sm:w-auto`}
      >
        Choose a time again
      </Link>
    </>
  );
}
