import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button-styles';
import { ErrorPanel } from '../../components/error-panel';
import { CheckCircleIcon } from '../../components/icons';
import { cardLabel } from '../../../domain/card';
import { AppointmentProgress } from '../account';
import { AddToCalendarLink } from './add-to-calendar-link';
import { bookingKeys, invalidateAfterBookingChange, useBooking } from './api';
import { AppointmentDetails } from './appointment-details';
import { useBookingStore } from './booking-store';
import { CancellationTerms } from './cancellation-terms';
import { OrderSummary } from './order-summary';
import { LoadingBlock, StepHeading } from '../../components/page-heading';
import { PushOptIn } from '../push';

/**
 * After payment: the booking as the server has it. The selection is cleared here
 * (docs/product.md#the-booking-flow), once the booking is known to be confirmed, so a reload of
 * this page still shows the confirmation.
 */
export function BookingConfirmation({
  bookingId,
  afterConfirmed,
}: {
  bookingId: string;
  /** Shown under a confirmed booking only: the route puts the install offer here. */
  afterConfirmed?: ReactNode;
}) {
  const booking = useBooking(bookingId);
  const clearSelected = useBookingStore((s) => s.clearSelected);
  const client = useQueryClient();
  const confirmed = booking.data?.status === 'confirmed';
  const cleared = useRef(false);

  useEffect(() => {
    if (!confirmed || cleared.current) return;
    cleared.current = true;
    clearSelected();
    invalidateAfterBookingChange(client);
  }, [confirmed, clearSelected, client]);

  if (booking.isPending) return <LoadingBlock label="Loading your booking…" />;
  if (booking.isError) {
    return (
      <ErrorPanel
        title="We couldn't load your booking"
        error={booking.error}
        onRetry={() => void booking.refetch()}
        retrying={booking.isFetching}
      />
    );
  }

  const data = booking.data;
  if (data.status !== 'confirmed') {
    return (
      <>
        <StepHeading title="This booking is not confirmed" />
        <p className="text-muted">
          {data.status === 'held'
            ? 'Payment for this booking has not finished yet.'
            : 'This booking did not go ahead, and you have not been charged for it.'}
        </p>
        <Link to="/account/appointments" className={`${buttonClass('secondary')} mt-6`}>
          Your appointments
        </Link>
      </>
    );
  }

  return (
    <>
      <div className="mb-6 flex flex-col items-start gap-3 sm:mb-8">
        <span className="grid h-14 w-14 place-items-center rounded-full bg-emerald-50 text-emerald-700">
          <CheckCircleIcon className="h-8 w-8" />
        </span>
        <StepHeading title="Your booking is confirmed">
          It has been added to your appointments, and a confirmation email with a calendar invite is
          on its way.
        </StepHeading>
        <p className="-mt-2 flex flex-wrap items-baseline gap-x-2 text-ink sm:-mt-4">
          <span className="text-muted">Booking reference</span>
          <span className="font-mono text-xl font-semibold tracking-widest text-brand-900">
            {data.reference}
          </span>
        </p>
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <section
          aria-labelledby="confirmed-appointment"
          className="rounded-2xl border border-brand-100 bg-white p-5 shadow-sm"
        >
          <h2
            id="confirmed-appointment"
            className="mb-3 font-display text-xl font-semibold text-ink"
          >
            Your appointment
          </h2>
          <AppointmentDetails booking={data} />
          {/* On the day, the therapist's way here: this page follows it as it happens. */}
          <AppointmentProgress booking={data} headingLevel={3} className="mt-4" />
          <div className="mt-4">
            <AddToCalendarLink bookingId={data.id} />
          </div>
        </section>
        <section
          aria-labelledby="confirmed-payment"
          className="rounded-2xl border border-brand-100 bg-white p-5 shadow-sm"
        >
          <h2 id="confirmed-payment" className="mb-1 font-display text-xl font-semibold text-ink">
            Payment
          </h2>
          <OrderSummary
            booking={data}
            dueLabel={data.payment?.method === 'invoice' ? 'To be invoiced' : 'Paid'}
          />
          {data.payment?.cardLast4 && (
            <p className="mt-3 text-sm text-muted">
              Paid with {cardLabel(data.payment.cardBrand, data.payment.cardLast4)}
            </p>
          )}
        </section>
      </div>
      <div className="mt-6">
        <PushOptIn framed />
      </div>
      <div className="mt-6">
        <CancellationTerms terms={data.terms} queryKey={bookingKeys.booking(data.id)} />
      </div>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Link to="/account/appointments" className={buttonClass('primary', 'lg')}>
          See your appointments
        </Link>
        <Link to={`/${data.city}/select-treatments`} className={buttonClass('secondary', 'lg')}>
          Book another treatment
        </Link>
      </div>
      {afterConfirmed}
    </>
  );
}
