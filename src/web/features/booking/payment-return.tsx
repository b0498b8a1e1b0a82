import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { buttonClass } from '../../components/button-styles';
import { ErrorPanel } from '../../components/error-panel';
import { fetchPaymentStatus, useBooking } from './api';
import { LoadingBlock } from '../../components/page-heading';
import { PaymentFailed, useGoToConfirmation } from './payment-outcome';

/**
 * Back from a real provider's own authentication page (Stripe returns with ?booking=…): ask the
 * server to check the payment with the provider, then show the outcome.
 */
export function PaymentReturn({
  bookingId,
  fallbackCity,
}: {
  bookingId: string;
  fallbackCity: string | null;
}) {
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

  if (status.isPending || confirmed)
    return <LoadingBlock label="Checking your payment…" rows={1} />;
  if (status.isError) {
    return (
      <ErrorPanel
        title="We couldn't check your payment"
        error={status.error}
        onRetry={() => void status.refetch()}
        retrying={status.isFetching}
      />
    );
  }
  const data = status.data;
  if (data.detail) return <PaymentFailed message={data.detail} city={city} bookingId={bookingId} />;
  return (
    <PaymentNotFinished actionUrl={data.actionUrl} onCheckAgain={() => void status.refetch()} />
  );
}

/** Back from the bank with no answer yet: continue there, or ask again. */
export function PaymentNotFinished({
  actionUrl,
  onCheckAgain,
}: {
  actionUrl: string | null;
  onCheckAgain: () => void;
}) {
  return (
    <div className="rounded-3xl bg-white p-6 shadow-sm sm:p-8">
      <h1 className="font-display text-3xl font-semibold text-ink">Your payment is not finished</h1>
      <p className="mt-3 text-muted">
        Your bank has not confirmed the payment yet. Continue with your bank, or check again in a
        moment.
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        {actionUrl && (
          <a href={actionUrl} className={buttonClass('primary', 'lg')}>
            Continue with your bank
          </a>
        )}
        <button type="button" className={buttonClass('secondary', 'lg')} onClick={onCheckAgain}>
          Check again
        </button>
      </div>
    </div>
  );
}
