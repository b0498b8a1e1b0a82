import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BANK_REFUSED, type BankCheckOutcome, type PaymentReturnCheck } from '../payment';
import { fetchPaymentStatus, useBooking } from './api';
import { PaymentFailed, useGoToConfirmation } from './payment-outcome';

// What /authorisation/confirm?booking=… means for a booking: the pages are features/payment's
// (DemoBankCheck, PaymentReturn), composed with these by the route. A payment that goes through
// ends on the booking's confirmation; one refused keeps the time held for another card.

/** A booking's bank check: approving confirms the booking; failing keeps the hold for another card. */
export function useBookingBankCheck(
  bookingId: string,
  fallbackCity: string | null,
): BankCheckOutcome {
  const goToConfirmation = useGoToConfirmation();
  const booking = useBooking(bookingId);
  const city = booking.data?.city ?? fallbackCity;

  // Opened again after answering (reload, back button): go where the first answer led.
  const settledConfirmed = booking.data?.status === 'confirmed';
  useEffect(() => {
    if (settledConfirmed && city) goToConfirmation(city, bookingId);
  }, [settledConfirmed, city, bookingId, goToConfirmation]);

  return {
    onConfirmed: () => {
      if (city) goToConfirmation(city, bookingId);
    },
    renderRefused: (message) => (
      <PaymentFailed message={message} city={city} bookingId={bookingId} booking={booking.data} />
    ),
    renderAnswered: () =>
      booking.data && booking.data.status !== 'confirmed' ? (
        <PaymentFailed
          message={BANK_REFUSED}
          city={city}
          bookingId={bookingId}
          booking={booking.data}
        />
      ) : null,
  };
}

/**
 * Back from a real provider's own authentication page (Stripe returns with ?booking=…): ask the
 * server to check the payment with the provider, then show the outcome.
 */
export function useBookingPaymentReturn(
  bookingId: string,
  fallbackCity: string | null,
): PaymentReturnCheck {
  const goToConfirmation = useGoToConfirmation();
  const booking = useBooking(bookingId);
  const city = booking.data?.city ?? fallbackCity;
  const status = useQuery({
    queryKey: ['bookings', bookingId, 'payment-status'],
    queryFn: ({ signal }) => fetchPaymentStatus(bookingId, signal),
  });
  const confirmed = status.data?.status === 'confirmed';

  useEffect(() => {
    if (confirmed && city) goToConfirmation(city, bookingId);
  }, [confirmed, city, bookingId, goToConfirmation]);

  return {
    status,
    paid: confirmed,
    refusal: status.data?.detail || null,
    renderRefused: (message) => (
      <PaymentFailed message={message} city={city} bookingId={bookingId} booking={booking.data} />
    ),
  };
}
